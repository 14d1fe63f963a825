using Grpc.Net.Client;

namespace MigrateWcf.Runtime;

/// <summary>
/// grpc-dotnet channels to a configured client endpoint (<see cref="ClientEndpointOptions"/>): one address is
/// <see cref="EndpointChannel"/>'s channel; several addresses, a <c>dns:///</c> address or a <c>LoadBalancing</c> policy
/// go through grpc-dotnet's load balancer (a static or DNS resolver, <c>round_robin</c> or <c>pick_first</c>). TLS is
/// SocketsHttpHandler's, with the configured trusted and client certificates; retries are a grpc-dotnet retry policy on
/// the listed rpcs. The channel owns its transport: disposing it closes its connections.
/// </summary>
public static class ClientEndpointChannel
{
    /// <summary>A channel to <paramref name="options"/>' address or addresses.</summary>
    /// <param name="options">The endpoint; checked, and its certificate files loaded, here.</param>
    /// <param name="rpcs">The rpcs the channel will carry, to match <c>Retry:Methods</c> names against and refuse
    /// one-way ones; null accepts only full names (<c>package.Service/Method</c>) there.</param>
    /// <param name="configure">grpc-dotnet's channel options (logging, limits); the transport, credentials and
    /// resolver are the endpoint's.</param>
    /// <exception cref="InvalidOperationException">A setting is invalid; the message names its key.</exception>
    public static GrpcChannel Create(ClientEndpointOptions options, IReadOnlyCollection<ClientRpc>? rpcs = null, Action<GrpcChannelOptions>? configure = null) =>
        ClientChannelPlan.Create(options, rpcs).Open(configureChannel: configure);
}
