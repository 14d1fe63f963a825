using System.ServiceModel;
using Grpc.Core;

namespace MigrateWcf.Runtime;

/// <summary>
/// A WCF session over gRPC: the calls carrying one client proxy's id in the <see cref="HeaderName"/> header, with its
/// PerSession instances and callback stream. It is the session's channel too: service code watches Closed/Faulted.
/// </summary>
public sealed class ServiceSession : ICommunicationObject
{
    /// <summary>The request header naming the session; a client shim sends one id per proxy instance.</summary>
    public const string HeaderName = "migrate-wcf-session";

    private readonly WcfServiceRuntime _runtime;
    private readonly CancellationTokenSource _ended = new();
    private readonly Dictionary<object, ServiceInstance> _instances = [];
    private int _calls;
    private bool _released;
    private long _lastActivity = Environment.TickCount64;
    private object? _callbackProxy;
    private Action? _abortCallbacks;

    internal ServiceSession(string id, bool transient, WcfServiceRuntime runtime) => (SessionId, IsTransient, _runtime) = (id, transient, runtime);

    public string SessionId { get; }

    /// <summary>Opened until the session ends, then Closed (Faulted while its Faulted handlers run).</summary>
    public CommunicationState State { get; private set; } = CommunicationState.Opened;

    /// <summary>A call without the session header is its own session (as in WCF over a sessionless binding).</summary>
    internal bool IsTransient { get; }

    internal CancellationToken Ended => _ended.Token;

    /// <summary>The operation context of this session's calls (the same for each of them).</summary>

    public event EventHandler? Closing;
    public event EventHandler? Closed;
    public event EventHandler? Faulted;
    event EventHandler ICommunicationObject.Opening { add { } remove { } }
    event EventHandler ICommunicationObject.Opened { add { } remove { } }

    internal bool TryEnter()
    {
        lock (_instances)
        {
            _lastActivity = Environment.TickCount64;
            return State == CommunicationState.Opened && ++_calls > 0;
        }
    }

    internal void Exit()
    {
        bool release;
        lock (_instances)
        {
            _calls--;
            _lastActivity = Environment.TickCount64;
            release = TakeRelease();
        }

        if (release)
        {
            ReleaseInstances();
        }
        else if (IsTransient)
        {
            End(faulted: false);
        }
    }

    internal bool IsIdleFor(long milliseconds)
    {
        lock (_instances)
        {
            return _calls == 0 && Environment.TickCount64 - _lastActivity >= milliseconds;
        }
    }

    internal ServiceInstance GetInstance(object owner, Func<ServiceInstance> create)
    {
        lock (_instances)
        {
            return _instances.TryGetValue(owner, out var instance) ? instance : _instances[owner] = create();
        }
    }

    internal void BindCallbacks(object proxy, Action abort)
    {
        lock (_instances)
        {
            if (_callbackProxy is not null)
            {
                throw new RpcException(new Status(StatusCode.AlreadyExists, "This session already has a Callbacks stream."));
            }

            (_callbackProxy, _abortCallbacks) = (proxy, abort);
        }
    }

    // Cast as WCF does (InvalidCastException for a wrong type).
    internal T GetCallbackChannel<T>() => (T)(Volatile.Read(ref _callbackProxy)
        ?? throw new InvalidOperationException("The client has not opened the Callbacks stream of this session."));

    /// <summary>Ends the session once: Faulted first when it did not end cleanly, then Closing and Closed; its instances
    /// are disposed as soon as none of its calls runs.</summary>
    internal void End(bool faulted)
    {
        bool release;
        lock (_instances)
        {
            if (State != CommunicationState.Opened)
            {
                return;
            }

            State = faulted ? CommunicationState.Faulted : CommunicationState.Closing;
            release = TakeRelease();
        }

        _runtime.Forget(this);
        _ended.Cancel();
        _abortCallbacks?.Invoke();
        _runtime.Raise(faulted ? Faulted : null, this);
        _runtime.Raise(Closing, this);
        State = CommunicationState.Closed;
        _runtime.Raise(Closed, this);
        if (release)
        {
            ReleaseInstances();
        }
    }

    private bool TakeRelease() => _calls == 0 && State != CommunicationState.Opened && !_released && (_released = true);

    private void ReleaseInstances()
    {
        foreach (var instance in _instances.Values)
        {
            _runtime.Dispose(instance.Service);
        }
    }

    // Closing or aborting the session from service code ends it as the client's Close does.
    public void Abort() => End(faulted: false);
    public void Close() => End(faulted: false);
    public void Close(TimeSpan timeout) => Close();
    public void Open() { }
    public void Open(TimeSpan timeout) { }
    public IAsyncResult BeginClose(AsyncCallback? callback, object? state) => TaskToAsyncResult.Begin(Task.Run(Close), callback, state);
    public IAsyncResult BeginClose(TimeSpan timeout, AsyncCallback? callback, object? state) => BeginClose(callback, state);
    public void EndClose(IAsyncResult result) => TaskToAsyncResult.End(result);
    public IAsyncResult BeginOpen(AsyncCallback? callback, object? state) => TaskToAsyncResult.Begin(Task.CompletedTask, callback, state);
    public IAsyncResult BeginOpen(TimeSpan timeout, AsyncCallback? callback, object? state) => BeginOpen(callback, state);
    public void EndOpen(IAsyncResult result) => TaskToAsyncResult.End(result);
}
