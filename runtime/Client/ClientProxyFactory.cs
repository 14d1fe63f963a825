namespace MigrateWcf.Runtime;

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
