using System.Collections.Concurrent;
using System.ServiceModel;
using Grpc.AspNetCore.Server;
using Grpc.Core;
using Grpc.Core.Interceptors;
using Microsoft.Extensions.DependencyInjection;
using MigrateWcf.Runtime.Tests.Semantics.Legacy;
using MigrateWcf.Runtime.Tests.Semantics.Migrated;

namespace MigrateWcf.Runtime.Tests.Semantics;

/// <summary>
/// The local call lane end to end (issue 30): a client over a channel as generated proxies open it, against a host that
/// serves the lane beside its gRPC socket. Which way each call travelled is what the service side saw as its peer (an
/// interceptor records it: interceptors run on the lane as on HTTP/2).
/// </summary>
[System.Runtime.Versioning.SupportedOSPlatform("linux")]
public sealed class LaneCallTests
{
    /// <summary>Records each call's peer by method.</summary>
    internal sealed class PeerRecorder : Interceptor
    {
        public ConcurrentQueue<(string Method, string Peer)> Calls { get; } = new();

        public override Task<TResponse> UnaryServerHandler<TRequest, TResponse>(TRequest request, ServerCallContext context, UnaryServerMethod<TRequest, TResponse> continuation)
        {
            Calls.Enqueue((context.Method, context.Peer));
            return continuation(request, context);
        }
    }

    /// <summary>Records each call's peer by method, unary and duplex.</summary>
    private sealed class StreamPeerRecorder : Interceptor
    {
        public ConcurrentQueue<(string Method, string Peer)> Calls { get; } = new();

        public override Task<TResponse> UnaryServerHandler<TRequest, TResponse>(TRequest request, ServerCallContext context, UnaryServerMethod<TRequest, TResponse> continuation)
        {
            Calls.Enqueue((context.Method, context.Peer));
            return continuation(request, context);
        }

        public override Task DuplexStreamingServerHandler<TRequest, TResponse>(IAsyncStreamReader<TRequest> requestStream, IServerStreamWriter<TResponse> responseStream,
            ServerCallContext context, DuplexStreamingServerMethod<TRequest, TResponse> continuation)
        {
            Calls.Enqueue((context.Method, context.Peer));
            return continuation(requestStream, responseStream, context);
        }
    }

    private sealed class ProgressRecorder : ICounterCallback
    {
        public ConcurrentQueue<int> Progress { get; } = new();

        void ICounterCallback.Progress(int value) => Progress.Enqueue(value);

        public string Confirm(string question) => "yes: " + question;
    }

    private static async Task<(SemanticsHost Host, PeerRecorder Peers)> StartAsync(InstanceMode instancing, bool hostLane = true, int? maxLaneConnections = null)
    {
        var peers = new PeerRecorder();
        var host = await SemanticsHost.StartAsync(
            services =>
            {
                services.AddWcfService<CounterService>(instancing, ConcurrencyMode.Single);
                services.AddSingleton(peers).Configure<GrpcServiceOptions>(grpc => grpc.Interceptors.Add<PeerRecorder>());
            },
            hostOptions: options => (options.CallLane, options.MaxLaneConnections) = (hostLane, maxLaneConnections));
        return (host, peers);
    }

    internal static bool OnLane((string Method, string Peer) call) => call.Peer.EndsWith(".calls", StringComparison.Ordinal);

    [Fact]
    public async Task A_proxys_unary_calls_travel_on_the_lane_with_their_session_and_its_faults()
    {
        var (host, peers) = await StartAsync(InstanceMode.PerSession);
        await using var _ = host;
        await using var client = await host.NewProxyCounterClientAsync(SemanticsHost.ClientOptions());
        await using var other = await host.NewProxyCounterClientAsync(SemanticsHost.ClientOptions());

        // PerSession: each proxy its own instance, as over HTTP/2 (the session header travels on the lane).
        Assert.Equal([1, 3, 10], new[] { client.Increment(1), client.Increment(2), other.Increment(10) });
        var fault = Assert.Throws<FaultException<DivisionFault>>(() => client.Divide(7, 0));

        Assert.Equal("use a divisor other than 0", fault.Detail.Hint);
        Assert.Equal(4, peers.Calls.Count);
        Assert.All(peers.Calls, call => Assert.True(OnLane(call), call.ToString()));
        Assert.True(File.Exists(LaneCallServer.SocketPath(host.Endpoint.UnixSocketPath!)));
    }

    /// <summary>The host stops as Kestrel stops: its lane stops listening at once, and lane calls running when the host
    /// begins to stop are answered, not cut, the last answers included (before, the lane closed its connections and the
    /// calls failed UNAVAILABLE "The local call lane closed."). Closing once the last call was counted out could drop
    /// its answer before it was sent: that race shows under Wine (tests/Windows.Tests GracefulStopTests), rarely here.</summary>
    [Fact]
    public async Task Lane_calls_running_when_the_host_stops_are_answered()
    {
        var (host, peers) = await StartAsync(InstanceMode.PerCall);
        await using var _ = host;
        await using var client = await host.NewProxyCounterClientAsync(SemanticsHost.ClientOptions());
        string[] probes = ["stop-1", "stop-2", "stop-3", "stop-4"];
        var held = probes.Select(client.HoldAsync).ToArray();
        await Eventually.Within(Task.WhenAll(probes.Select(p => host.Log.Entered(p).Task)));

        var stopping = host.StopAsync();
        await Eventually.TrueAsync(() => !File.Exists(LaneCallServer.SocketPath(host.Endpoint.UnixSocketPath!)), "the lane stops listening");
        Assert.DoesNotContain(held, call => call.IsCompleted);
        foreach (var probe in probes)
        {
            host.Log.Release(probe).SetResult();
        }

        await Eventually.Within(Task.WhenAll(held));
        await Eventually.Within(stopping);
        Assert.Equal(probes.Length, peers.Calls.Count);
        Assert.All(peers.Calls, call => Assert.True(OnLane(call), call.ToString()));
    }

    [Fact]
    public async Task A_proxys_duplex_callback_stream_travels_on_the_lane_with_its_session()
    {
        var peers = new StreamPeerRecorder();
        await using var host = await SemanticsHost.StartAsync(services =>
        {
            services.AddWcfService<CounterService>(InstanceMode.PerSession, ConcurrencyMode.Multiple);
            services.AddSingleton(peers).Configure<GrpcServiceOptions>(grpc => grpc.Interceptors.Add<StreamPeerRecorder>());
        });
        var callback = new ProgressRecorder();
        await using var subscriber = await host.NewProxyCounterClientAsync(SemanticsHost.ClientOptions(), callback);
        await using var publisher = await host.NewProxyCounterClientAsync(SemanticsHost.ClientOptions());

        Assert.Equal(2, subscriber.Subscribe(2));
        Assert.Equal("yes: value 7?", publisher.Publish(7));
        await Eventually.TrueAsync(() => callback.Progress.Count == 3, "the callbacks arrive");

        Assert.Equal([1, 2, 7], callback.Progress);
        Assert.Contains(peers.Calls, call => call.Method == "/semantics_test.Counter/Callbacks");
        Assert.All(peers.Calls, call => Assert.True(OnLane(call), call.ToString()));
    }

    [Fact]
    public async Task A_services_own_interceptors_run_on_the_lane_after_the_global_ones()
    {
        var peers = new PeerRecorder();
        var order = new ConcurrentQueue<string>();
        await using var host = await SemanticsHost.StartAsync(services =>
        {
            services.AddWcfService<CounterService>(InstanceMode.PerCall, ConcurrencyMode.Single);
            services.AddSingleton(peers).AddSingleton(order)
                .Configure<GrpcServiceOptions>(grpc => grpc.Interceptors.Add<OrderRecorder>("global"))
                .Configure<GrpcServiceOptions<CounterAdapter>>(grpc =>
                {
                    grpc.Interceptors.Add<OrderRecorder>("service");
                    grpc.Interceptors.Add<PeerRecorder>();
                });
        });
        await using var client = await host.NewProxyCounterClientAsync(SemanticsHost.ClientOptions());

        Assert.Equal(1, client.Increment(1));

        Assert.Equal(["global", "service"], order);
        Assert.True(OnLane(Assert.Single(peers.Calls)));
    }

    /// <summary>Notes its name on each call, to show the order interceptors run in.</summary>
    private sealed class OrderRecorder(string name, ConcurrentQueue<string> order) : Interceptor
    {
        public override Task<TResponse> UnaryServerHandler<TRequest, TResponse>(TRequest request, ServerCallContext context, UnaryServerMethod<TRequest, TResponse> continuation)
        {
            order.Enqueue(name);
            return continuation(request, context);
        }
    }

    [Fact]
    public async Task A_deadline_on_the_lane_cancels_the_implementations_token_and_the_caller_gets_TimeoutException()
    {
        var (host, _) = await StartAsync(InstanceMode.PerCall);
        await using var _host = host;
        await using var client = await host.NewProxyCounterClientAsync(SemanticsHost.ClientOptions(TimeSpan.FromMilliseconds(200)));

        await Assert.ThrowsAsync<TimeoutException>(client.WaitAsync);
        await Eventually.Within(host.Log.WaitCancelled.Task);
    }

    [Fact]
    public async Task With_the_lane_off_on_either_side_calls_take_HTTP2()
    {
        var (laneHost, laneHostPeers) = await StartAsync(InstanceMode.PerCall);
        await using var _ = laneHost;
        var (plainHost, plainHostPeers) = await StartAsync(InstanceMode.PerCall, hostLane: false);
        await using var __ = plainHost;
        var laneOff = SemanticsHost.ClientOptions();
        laneOff.CallLane = false;

        await using (var client = await laneHost.NewProxyCounterClientAsync(laneOff))
        {
            Assert.Equal(1, client.Increment(1));
        }

        await using (var client = await plainHost.NewProxyCounterClientAsync(SemanticsHost.ClientOptions()))
        {
            Assert.Equal(2, client.Increment(2));
        }

        Assert.DoesNotContain(laneHostPeers.Calls, OnLane);
        Assert.DoesNotContain(plainHostPeers.Calls, OnLane);
        Assert.False(File.Exists(LaneCallServer.SocketPath(plainHost.Endpoint.UnixSocketPath!)));
    }

    [Fact]
    public async Task A_client_whose_lane_connection_is_past_the_hosts_bound_is_closed_ungreeted_and_calls_over_HTTP2()
    {
        var (host, peers) = await StartAsync(InstanceMode.PerCall, maxLaneConnections: 1);
        await using var _ = host;
        await using var first = await host.NewProxyCounterClientAsync(SemanticsHost.ClientOptions());
        await using var second = await host.NewProxyCounterClientAsync(SemanticsHost.ClientOptions());

        Assert.Equal(1, first.Increment(1));
        Assert.Equal(1, second.Increment(1));
        Assert.Equal(1, first.Increment(1));

        Assert.Equal([true, false, true], peers.Calls.Select(OnLane));
        Assert.Contains(host.Logs.Errors, entry => entry.Message.StartsWith("The local call lane closes new connections", StringComparison.Ordinal));
    }

    [Fact]
    public async Task A_host_whose_services_use_WebOperationContext_serves_no_lane_and_its_calls_take_HTTP2()
    {
        var peers = new PeerRecorder();
        await using var host = await SemanticsHost.StartAsync(services =>
        {
            services.AddWcfService<CounterService>(InstanceMode.PerCall, ConcurrencyMode.Single).AddWcfWebOperations();
            services.AddSingleton(peers).Configure<GrpcServiceOptions>(grpc => grpc.Interceptors.Add<PeerRecorder>());
        });
        await using var client = await host.NewProxyCounterClientAsync(SemanticsHost.ClientOptions());

        Assert.Equal(1, client.Increment(1));

        Assert.False(File.Exists(LaneCallServer.SocketPath(host.Endpoint.UnixSocketPath!)));
        Assert.DoesNotContain(peers.Calls, OnLane);
    }
}
