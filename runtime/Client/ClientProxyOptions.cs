using Grpc.Core;
using Grpc.Core.Interceptors;
using Grpc.Net.Client;

namespace MigrateWcf.Runtime;

/// <summary>How generated client proxies call: the deadline of each call and whether the proxies of one factory share a connection.</summary>
public sealed class ClientProxyOptions
{
    private static readonly TimeSpan WcfInfinite = TimeSpan.FromMilliseconds(int.MaxValue);

    /// <summary>The deadline of a unary or client-streaming call that sets none (WCF's sendTimeout; 1 minute). Infinite
    /// (<see cref="TimeSpan.MaxValue"/>, <see cref="Timeout.InfiniteTimeSpan"/>, or 24.8 days and more, as WCF reads it):
    /// no deadline.</summary>
    public TimeSpan SendTimeout { get; set; } = TimeSpan.FromMinutes(1);

    internal bool HasSendTimeout => SendTimeout != Timeout.InfiniteTimeSpan && SendTimeout < WcfInfinite;

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

    /// <summary>
    /// True (the default): on Linux to a Unix-socket endpoint, on Windows to a named-pipe endpoint, whose host serves the
    /// local call lane, calls travel as frames on its owner-only socket <c>&lt;socket&gt;.calls</c> (pipe
    /// <c>&lt;pipe&gt;.calls</c>) instead of HTTP/2 requests, with the same
    /// deadlines, headers, statuses and fault details (docs/call-lane.md). Every call to a host without the lane uses
    /// HTTP/2. False: every call uses HTTP/2.
    /// </summary>
    public bool CallLane { get; set; } = true;
}

/// <summary>A channel a factory or a proxy opened, with its bulk lane when it has one; disposing closes both.</summary>
internal sealed class OpenedChannel : IDisposable
{
    private readonly GrpcChannel _channel;
    private readonly IDisposable[] _lanes;

    private OpenedChannel(GrpcChannel channel, CallInvoker invoker, IDisposable[] lanes) => (_channel, Invoker, _lanes) = (channel, invoker, lanes);

    public CallInvoker Invoker { get; }

    public static OpenedChannel Open(GrpcEndpoint endpoint, ClientProxyOptions options) => WithLane(CreateChannel(endpoint, options), endpoint, options);

    /// <summary>A channel of a configured endpoint: balanced or not, with its TLS and retries; a lane when it is one
    /// Unix socket.</summary>
    public static OpenedChannel Open(ClientChannelPlan plan, ClientProxyOptions options) =>
        WithLane(plan.Open(options.ConfigureHandler, options.ConfigureChannel), plan.Endpoint.Single, options);

    private static OpenedChannel WithLane(GrpcChannel channel, GrpcEndpoint? endpoint, ClientProxyOptions options)
    {
        var invoker = channel.CreateCallInvoker();
        var channelOptions = new GrpcChannelOptions();
        // The lanes beside a Unix socket on Linux, beside a named pipe on Windows.
        var path = OperatingSystem.IsLinux() ? endpoint?.UnixSocketPath
            : OperatingSystem.IsWindows() && endpoint is { Kind: GrpcEndpointKind.NamedPipe } ? endpoint.PipeName
            : null;
        if (path is not null && (OperatingSystem.IsLinux() || OperatingSystem.IsWindows()))
        {
            options.ConfigureChannel?.Invoke(channelOptions);
            return OpenLanes(channel, invoker, path, options, channelOptions);
        }

        return new OpenedChannel(channel, invoker, []);
    }

    /// <summary>The lanes of <paramref name="channel"/> as <paramref name="options"/> ask, beside <paramref name="path"/>
    /// (the gRPC Unix socket's path on Linux, the gRPC pipe's name on Windows), above <paramref name="invoker"/>, their
    /// frames bounded by <paramref name="channelOptions"/>.</summary>
    [System.Runtime.Versioning.SupportedOSPlatform("linux")]
    [System.Runtime.Versioning.SupportedOSPlatform("windows")]
    private static OpenedChannel OpenLanes(GrpcChannel channel, CallInvoker invoker, string path, ClientProxyOptions options, GrpcChannelOptions channelOptions)
    {
        var lanes = new List<IDisposable>();
        if (options.CallLane)
        {
            var maxFrameBytes = LaneCallServer.MaxFrameBytes(channelOptions.MaxReceiveMessageSize);
            // The third arm only satisfies the platform analyzer: this method runs on Linux and Windows.
            var calls = OperatingSystem.IsLinux() ? new LaneCallClient(LaneCallServer.SocketPath(path), maxFrameBytes)
                : OperatingSystem.IsWindows() ? LaneCallClient.NamedPipe(LaneCallServer.SocketPath(path), maxFrameBytes)
                : throw new PlatformNotSupportedException();
            invoker = new LaneCallInvoker(invoker, calls);
            lanes.Add(calls);
        }

        // Above the call lane: a large bytes value goes into shared memory whichever way its call travels.
        if (options.BulkLane && MigrateWcf.Runtime.BulkLane.IsSupported)
        {
            var bulk = new BulkLaneClient(MigrateWcf.Runtime.BulkLane.SocketPath(path), options.BulkLaneThresholdBytes, channelOptions.MaxReceiveMessageSize);
            invoker = invoker.Intercept(bulk);
            lanes.Add(bulk);
        }

        return new OpenedChannel(channel, invoker, [.. lanes]);
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
        foreach (var lane in _lanes)
        {
            lane.Dispose();
        }
    }
}
