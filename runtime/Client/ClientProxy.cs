using System.ServiceModel;
using Grpc.Core;

namespace MigrateWcf.Runtime;

/// <summary>
/// Base of a generated client proxy: the original contract interface over the generated gRPC client, which is also,
/// like a WCF proxy, an <see cref="ICommunicationObject"/>. It opens itself on its first call (a duplex proxy opens its
/// callback stream then); <c>Close</c> ends its session on the server; after <c>Close</c> or <c>Abort</c> calls throw
/// <see cref="ObjectDisposedException"/>; a callback stream that breaks faults it. <c>Dispose</c> closes a working proxy
/// and aborts a faulted one (WCF's Dispose would throw there).
/// </summary>
public abstract class ClientProxy : ICommunicationObject, IDisposable, IAsyncDisposable
{
    private readonly IDisposable? _ownedChannel;
    private readonly FaultDetailRegistry _faults;
    private readonly object _gate = new();
    private Task? _opening;
    private Task? _closing;
    private CommunicationState _state = CommunicationState.Created;

    protected ClientProxy(ProxyChannel channel, FaultDetailRegistry faults, ClientProxyOptions? options)
    {
        ArgumentNullException.ThrowIfNull(channel);
        ArgumentNullException.ThrowIfNull(faults);
        Session = new ClientSession(channel.Invoker, faults, options);
        (_ownedChannel, _faults) = (channel.Owned, faults);
    }

    /// <summary>The proxy's session: its id travels with every call; it carries the callback stream of a duplex contract.</summary>
    public ClientSession Session { get; }

    public CommunicationState State
    {
        get
        {
            lock (_gate)
            {
                return _state;
            }
        }
    }

    /// <summary>The invoker the generated gRPC client is built on (session header, default deadline, WCF exceptions).</summary>
    protected CallInvoker CallInvoker => Session.CallInvoker;

    public event EventHandler? Opening;
    public event EventHandler? Opened;
    public event EventHandler? Closing;
    public event EventHandler? Closed;
    public event EventHandler? Faulted;

    /// <summary>The exception a WCF caller expects for a failed call (faults with their detail, timeouts, communication errors).</summary>
    protected Exception Translate(RpcException exception) => _faults.ToException(exception);

    /// <summary>Opens what the proxy needs before its first call: a duplex proxy's callback stream. Nothing by default.</summary>
    protected virtual Task OnOpenAsync() => Task.CompletedTask;

    /// <summary>Before each synchronous call: opens the proxy on first use; throws once it is closed.</summary>
    protected void EnsureOpened()
    {
        var opening = OpenOnce();
        if (!opening.IsCompletedSuccessfully)
        {
            opening.GetAwaiter().GetResult();
        }
    }

    /// <summary>Before each asynchronous call: opens the proxy on first use; throws once it is closed.</summary>
    protected Task EnsureOpenedAsync() => OpenOnce();

    public void Open() => EnsureOpened();

    public void Open(TimeSpan timeout) => OpenOnce().WaitAsync(timeout).GetAwaiter().GetResult();

    public IAsyncResult BeginOpen(AsyncCallback? callback, object? state) => TaskToAsyncResult.Begin(OpenOnce(), callback, state);

    public IAsyncResult BeginOpen(TimeSpan timeout, AsyncCallback? callback, object? state) => TaskToAsyncResult.Begin(OpenOnce().WaitAsync(timeout), callback, state);

    public void EndOpen(IAsyncResult result) => TaskToAsyncResult.End(result);

    /// <summary>Ends the session on the server (its PerSession instances are released, its callback stream ends) and closes an owned channel.</summary>
    public Task CloseAsync()
    {
        lock (_gate)
        {
            if (_closing is not null)
            {
                return _closing;
            }

            if (_state == CommunicationState.Faulted)
            {
                // WCF refuses to Close a faulted proxy; closing what is left is Abort.
                Abort();
                return _closing ?? Task.CompletedTask;
            }

            _state = CommunicationState.Closing;
            _closing = CloseCoreAsync();
            return _closing;
        }
    }

    // Off the caller's SynchronizationContext: a WCF client is often a UI thread, which blocking here would deadlock.
    public void Close() => Task.Run(CloseAsync).GetAwaiter().GetResult();

    public void Close(TimeSpan timeout) => Task.Run(CloseAsync).WaitAsync(timeout).GetAwaiter().GetResult();

    public IAsyncResult BeginClose(AsyncCallback? callback, object? state) => TaskToAsyncResult.Begin(CloseAsync(), callback, state);

    public IAsyncResult BeginClose(TimeSpan timeout, AsyncCallback? callback, object? state) => TaskToAsyncResult.Begin(CloseAsync().WaitAsync(timeout), callback, state);

    public void EndClose(IAsyncResult result) => TaskToAsyncResult.End(result);

    /// <summary>Closes at once, without telling the server (its session ends when it times out).</summary>
    public void Abort()
    {
        lock (_gate)
        {
            if (_state == CommunicationState.Closed)
            {
                return;
            }

            _state = CommunicationState.Closed;
            _closing ??= Task.CompletedTask;
        }

        Session.Abort();
        _ownedChannel?.Dispose();
        Raise(Closed);
    }

    public void Dispose()
    {
        if (State == CommunicationState.Faulted)
        {
            Abort();
        }
        else
        {
            Close();
        }

        GC.SuppressFinalize(this);
    }

    public async ValueTask DisposeAsync()
    {
        await CloseAsync().ConfigureAwait(false);
        GC.SuppressFinalize(this);
    }

    private Task OpenOnce()
    {
        lock (_gate)
        {
            if (_state is CommunicationState.Closing or CommunicationState.Closed)
            {
                return Task.FromException(new ObjectDisposedException(GetType().FullName, "The proxy is closed; create a new one."));
            }

            if (_state == CommunicationState.Faulted)
            {
                return Task.FromException(new CommunicationObjectFaultedException("The proxy is faulted (its callback stream broke); abort it and create a new one."));
            }

            if (_opening is null)
            {
                _state = CommunicationState.Opening;
                _opening = OpenCoreAsync();
            }

            return _opening;
        }
    }

    private async Task OpenCoreAsync()
    {
        Raise(Opening);
        try
        {
            await OnOpenAsync().ConfigureAwait(false);
        }
        catch
        {
            Fault();
            throw;
        }

        lock (_gate)
        {
            if (_state == CommunicationState.Opening)
            {
                _state = CommunicationState.Opened;
            }
        }

        Raise(Opened);
        _ = Session.Callbacks.ContinueWith(
            callbacks =>
            {
                if (callbacks.IsFaulted)
                {
                    Fault();
                }
            },
            CancellationToken.None,
            TaskContinuationOptions.ExecuteSynchronously,
            TaskScheduler.Default);
    }

    private async Task CloseCoreAsync()
    {
        Raise(Closing);
        try
        {
            await Session.CloseAsync().ConfigureAwait(false);
        }
        finally
        {
            _ownedChannel?.Dispose();
            lock (_gate)
            {
                _state = CommunicationState.Closed;
            }

            Raise(Closed);
        }
    }

    private void Fault()
    {
        lock (_gate)
        {
            if (_state is CommunicationState.Closing or CommunicationState.Closed or CommunicationState.Faulted)
            {
                return;
            }

            _state = CommunicationState.Faulted;
        }

        Raise(Faulted);
    }

    private void Raise(EventHandler? handler) => handler?.Invoke(this, EventArgs.Empty);
}
