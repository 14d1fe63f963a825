using Grpc.Core;
using Grpc.Net.Client;

namespace MigrateWcf.Runtime;

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
