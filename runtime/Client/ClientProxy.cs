using System.ServiceModel;
using Grpc.Core;
using Grpc.Core.Interceptors;
using Grpc.Net.Client;

namespace MigrateWcf.Runtime;

/// <summary>How generated client proxies call: the deadline of each call and whether the proxies of one factory share a connection.</summary>
public sealed class ClientProxyOptions
{
    /// <summary>The deadline of a unary or client-streaming call that sets none (WCF's sendTimeout; 1 minute).</summary>
    public TimeSpan SendTimeout { get; set; } = TimeSpan.FromMinutes(1);

    /// <summary>
    /// True (the default): the proxies a <see cref="ClientProxyFactory"/> creates share one channel (one HTTP/2
    /// connection carries their calls side by side), closed with the factory. False: each proxy opens its own channel
    /// and closes it with the proxy, as each WCF proxy had its own connection.
    /// </summary>
    public bool ShareChannel { get; set; } = true;

    /// <summary>grpc-dotnet's channel options for channels the factory or a proxy opens (message sizes, service config).</summary>
    public Action<GrpcChannelOptions>? ConfigureChannel { get; set; }

    /// <summary>The HTTP/2 transport's settings for channels the factory or a proxy opens (keep-alive pings, stream
    /// windows, connection limits), applied after <see cref="EndpointChannel.CreateHandler"/>'s; the connect callback is
    /// the endpoint's.</summary>
    public Action<SocketsHttpHandler>? ConfigureHandler { get; set; }

    /// <summary>
    /// True (the default): on 64-bit Linux, to a Unix-socket endpoint whose host serves the bulk lane, bytes values of
    /// at least <see cref="BulkLaneThresholdBytes"/> in unary requests and responses travel through shared memory instead
    /// of the HTTP/2 stream (docs/bulk-lane.md). Nothing changes for a host without it. False: every byte goes over
    /// HTTP/2.
    /// </summary>
    public bool BulkLane { get; set; } = true;

    /// <summary>The smallest bytes value that travels through the bulk lane (<see cref="MigrateWcf.Runtime.BulkLane.DefaultThresholdBytes"/>).</summary>
    public int BulkLaneThresholdBytes { get; set; } = MigrateWcf.Runtime.BulkLane.DefaultThresholdBytes;
}

/// <summary>A channel a factory or a proxy opened, with its bulk lane when it has one; disposing closes both.</summary>
internal sealed class OpenedChannel : IDisposable
{
    private readonly GrpcChannel _channel;
    private readonly IDisposable? _lane;

    private OpenedChannel(GrpcChannel channel, CallInvoker invoker, IDisposable? lane) => (_channel, Invoker, _lane) = (channel, invoker, lane);

    public CallInvoker Invoker { get; }

    public static OpenedChannel Open(GrpcEndpoint endpoint, ClientProxyOptions options) => WithLane(CreateChannel(endpoint, options), endpoint, options);

    /// <summary>A channel of a configured endpoint: balanced or not, with its TLS and retries; a lane when it is one
    /// Unix socket.</summary>
    public static OpenedChannel Open(ClientChannelPlan plan, ClientProxyOptions options) =>
        WithLane(plan.Open(options.ConfigureHandler, options.ConfigureChannel), plan.Endpoint.Single, options);

    private static OpenedChannel WithLane(GrpcChannel channel, GrpcEndpoint? endpoint, ClientProxyOptions options)
    {
        if (options.BulkLane && endpoint?.UnixSocketPath is { } path && OperatingSystem.IsLinux() && MigrateWcf.Runtime.BulkLane.IsSupported)
        {
            var channelOptions = new GrpcChannelOptions();
            options.ConfigureChannel?.Invoke(channelOptions);
            var lane = new BulkLaneClient(MigrateWcf.Runtime.BulkLane.SocketPath(path), options.BulkLaneThresholdBytes, channelOptions.MaxReceiveMessageSize);
            return new OpenedChannel(channel, channel.Intercept(lane), lane);
        }

        return new OpenedChannel(channel, channel.CreateCallInvoker(), null);
    }

    private static GrpcChannel CreateChannel(GrpcEndpoint endpoint, ClientProxyOptions options)
    {
        if (options.ConfigureHandler is not { } configureHandler)
        {
            return EndpointChannel.Create(endpoint, options.ConfigureChannel);
        }

        var handler = EndpointChannel.CreateHandler(endpoint);
        var connect = handler.ConnectCallback;
        try
        {
            configureHandler(handler);
        }
        catch
        {
            handler.Dispose();
            throw;
        }

        handler.ConnectCallback = connect;
        return EndpointChannel.Create(endpoint, handler, options.ConfigureChannel);
    }

    public void Dispose()
    {
        _channel.Dispose();
        _lane?.Dispose();
    }
}

/// <summary>The channel a client proxy calls over, and whether the proxy closes it.</summary>
public sealed class ProxyChannel
{
    private ProxyChannel(CallInvoker invoker, IDisposable? owned) => (Invoker, Owned) = (invoker, owned);

    public CallInvoker Invoker { get; }

    /// <summary>The channel (and its bulk lane) the proxy opened and closes when it closes; null for a shared one.</summary>
    internal IDisposable? Owned { get; }

    /// <summary>A new channel to <paramref name="endpoint"/>, owned by the proxy it is given to.</summary>
    public static ProxyChannel Open(GrpcEndpoint endpoint, Action<GrpcChannelOptions>? configure = null) =>
        Open(endpoint, new ClientProxyOptions { ConfigureChannel = configure });

    /// <summary>A new channel to <paramref name="endpoint"/> with the channel and transport settings of
    /// <paramref name="options"/>, owned by the proxy it is given to.</summary>
    public static ProxyChannel Open(GrpcEndpoint endpoint, ClientProxyOptions? options)
    {
        var channel = OpenedChannel.Open(endpoint, options ?? new ClientProxyOptions());
        return new ProxyChannel(channel.Invoker, channel);
    }

    /// <summary>A channel the proxy it is given to owns.</summary>
    internal static ProxyChannel Owning(OpenedChannel channel) => new(channel.Invoker, channel);

    /// <summary>A proxy's view of a factory's shared channel: it calls over it and leaves it open.</summary>
    internal static ProxyChannel Shared(OpenedChannel channel) => new(channel.Invoker, null);

    /// <summary>A channel someone else owns (and closes): the proxy only calls over it.</summary>
    public static ProxyChannel Shared(GrpcChannel channel)
    {
        ArgumentNullException.ThrowIfNull(channel);
        return new ProxyChannel(channel.CreateCallInvoker(), null);
    }

    /// <summary>Any invoker (an in-process server, an intercepted channel): the proxy only calls over it.</summary>
    public static ProxyChannel Shared(CallInvoker invoker)
    {
        ArgumentNullException.ThrowIfNull(invoker);
        return new ProxyChannel(invoker, null);
    }
}

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
        Session = new ClientSession(channel.Invoker, new WcfClientOptions { SendTimeout = (options ?? new ClientProxyOptions()).SendTimeout, Faults = faults });
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

/// <summary>
/// Base of a generated client factory: creates the client proxies of a set of contracts for one endpoint, as WCF's
/// <c>ChannelFactory&lt;T&gt;</c> did, or for a configured client endpoint (<see cref="ClientEndpointOptions"/>: one
/// machine or several, TLS, retries). With <see cref="ClientProxyOptions.ShareChannel"/> its proxies share one channel,
/// which disposing the factory closes; otherwise each proxy opens and closes its own.
/// </summary>
public abstract class ClientProxyFactory : IDisposable
{
    private readonly object _gate = new();
    private readonly ClientChannelPlan? _plan;
    private OpenedChannel? _shared;
    private bool _disposed;

    protected ClientProxyFactory(GrpcEndpoint endpoint, ClientProxyOptions? options)
    {
        ArgumentNullException.ThrowIfNull(endpoint);
        Endpoint = endpoint;
        Options = options ?? new ClientProxyOptions();
    }

    /// <summary>A factory for a configured client endpoint. <paramref name="rpcs"/> are the rpcs its proxies call (a
    /// generated factory lists them): <c>Retry:Methods</c> names are matched against them, and one-way ones refused.</summary>
    /// <exception cref="InvalidOperationException">A setting is invalid (an unknown or one-way rpc to retry, an
    /// unreadable certificate, ...); the message names its configuration key.</exception>
    protected ClientProxyFactory(ClientEndpointOptions endpoint, IReadOnlyCollection<ClientRpc> rpcs)
    {
        ArgumentNullException.ThrowIfNull(endpoint);
        ArgumentNullException.ThrowIfNull(rpcs);
        _plan = ClientChannelPlan.Create(endpoint, rpcs);
        EndpointOptions = endpoint;
        Endpoint = _plan.Endpoint.Single;
        var sizes = (endpoint.MaxReceiveMessageSize, endpoint.MaxSendMessageSize);
        Options = new ClientProxyOptions
        {
            SendTimeout = endpoint.SendTimeout,
            // The plan sets the sizes on the channel too; here they reach the bulk lane, which reads the receive limit.
            ConfigureChannel = channel => (channel.MaxReceiveMessageSize, channel.MaxSendMessageSize) =
                (sizes.MaxReceiveMessageSize ?? channel.MaxReceiveMessageSize, sizes.MaxSendMessageSize ?? channel.MaxSendMessageSize),
        };
    }

    /// <summary>The one endpoint the factory's channels go to; null when they are balanced over several addresses.</summary>
    public GrpcEndpoint? Endpoint { get; }

    /// <summary>The configured client endpoint the factory was made from; null when made from a <see cref="GrpcEndpoint"/>.</summary>
    public ClientEndpointOptions? EndpointOptions { get; }

    public ClientProxyOptions Options { get; }

    /// <summary>The rpcs retried on <c>UNAVAILABLE</c> (full names, <c>package.Service/Method</c>): those of
    /// <c>Retry:Methods</c>; none for a factory made from a <see cref="GrpcEndpoint"/>.</summary>
    public IReadOnlyList<string> RetriedMethods => _plan?.RetriedMethods ?? [];

    /// <summary>The channel for the next proxy: the shared one, or a new one the proxy owns.</summary>
    protected ProxyChannel NextChannel()
    {
        lock (_gate)
        {
            ObjectDisposedException.ThrowIf(_disposed, this);
            if (!Options.ShareChannel)
            {
                return _plan is null ? ProxyChannel.Open(Endpoint!, Options) : ProxyChannel.Owning(OpenedChannel.Open(_plan, Options));
            }

            _shared ??= _plan is null ? OpenedChannel.Open(Endpoint!, Options) : OpenedChannel.Open(_plan, Options);
            return ProxyChannel.Shared(_shared);
        }
    }

    /// <summary>Closes the shared channel: proxies that use it fail from then on, as after WCF's ChannelFactory.Close.</summary>
    public void Dispose()
    {
        OpenedChannel? shared;
        lock (_gate)
        {
            _disposed = true;
            (shared, _shared) = (_shared, null);
        }

        shared?.Dispose();
        GC.SuppressFinalize(this);
    }
}
