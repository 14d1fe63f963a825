using System.Buffers.Binary;
using System.Collections.Concurrent;
using System.IO.Pipes;
using System.Security.AccessControl;
using System.Security.Principal;
using Grpc.AspNetCore.Server;
using Grpc.Core;
using Grpc.Core.Interceptors;
using LegacyWcf.Contracts;
using LegacyWcf.Contracts.Grpc;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using MigrateWcf.Runtime;
using MigrateWcf.Runtime.Protocol;
using MigrateWcf.Tests.Shared;
using OrderFault = LegacyWcf.Contracts.OrderFault;
using StockLevel = LegacyWcf.Contracts.StockLevel;

namespace MigrateWcf.Windows.Tests.Client;

/// <summary>
/// The local call lane on Windows: beside a host's gRPC pipe, the owner-only pipe <c>&lt;pipe&gt;.calls</c> that the
/// generated client's calls travel on (the equivalence suite and the tour run over it too, as they do by default).
/// </summary>
public sealed class CallLaneTests
{
    [Fact]
    public async Task Host_ServesTheLaneOnAPipeOnlyItsUserMayOpen_AndGreetsWithItsCallBound()
    {
        var pipe = PipeNames.New("lane");
        using var host = await WindowsProcess.StartHostAsync(null, "--socket", pipe);

        using var lane = new NamedPipeClientStream(".", pipe + ".calls", PipeDirection.InOut, PipeOptions.CurrentUserOnly);
        lane.Connect((int)WindowsProcess.Patience.TotalMilliseconds);

        var security = lane.GetAccessControl();
        var user = WindowsIdentity.GetCurrent().Owner!;
        Assert.Equal(user, security.GetOwner(typeof(SecurityIdentifier)));
        var rule = Assert.Single(security.GetAccessRules(includeExplicit: true, includeInherited: true, typeof(SecurityIdentifier)).Cast<PipeAccessRule>());
        Assert.Equal((user, AccessControlType.Allow), (rule.IdentityReference, rule.AccessControlType));

        var length = new byte[4];
        lane.ReadExactly(length);
        var greeting = new byte[BinaryPrimitives.ReadInt32LittleEndian(length)];
        lane.ReadExactly(greeting);
        var hello = LaneReplyFrame.Parser.ParseFrom(greeting);
        Assert.Equal(LaneReplyFrame.Types.Kind.Hello, hello.Kind);
        Assert.True(hello.Credit > 0, hello.ToString());
    }

    [Fact]
    public async Task GeneratedClient_CallsTravelOnTheLane_UnaryDuplexAndFaults_AndOverHttp2WhenItIsOff()
    {
        var pipe = PipeNames.New("lane-calls");
        var peers = new PeerRecorder();
        await using var host = await GrpcHost.StartAsync(GrpcEndpoint.NamedPipe(pipe), h =>
        {
            h.Builder.Logging.ClearProviders();
            h.Services.AddMigratedServices();
            h.Services.AddSingleton(peers).Configure<GrpcServiceOptions>(grpc => grpc.Interceptors.Add<PeerRecorder>());
            h.Configure(app => app.MapMigratedServices());
        });

        using (var factory = new MigratedClientFactory(GrpcEndpoint.NamedPipe(pipe)))
        {
            var orders = factory.CreateOrderService();
            var order = orders.PlaceOrder(MigrateWcf.Equivalence.Tests.SampleValues.SmallOrder());
            Assert.Equal(order.Id, orders.GetOrder(order.Id).Id);
            var unknown = Guid.NewGuid();
            var fault = Assert.Throws<System.ServiceModel.FaultException<OrderFault>>(() => orders.CancelOrder(unknown, "changed my mind"));
            Assert.Equal(("OrderNotFound", unknown), (fault.Detail.Code, fault.Detail.OrderId));

            var callback = new RecordingCallback();
            var watch = factory.CreateStockWatch(callback);
            Assert.Equal(1, watch.Subscribe(["SKU-1002"]));
            var waited = System.Diagnostics.Stopwatch.StartNew();
            while (callback.Levels.IsEmpty && waited.Elapsed < WindowsProcess.Patience)
            {
                await Task.Delay(20);
            }

            Assert.Equal(7, Assert.Single(callback.Levels).OnHand);
            MigrateWcf.Equivalence.Tests.ClientLifetime.Close(watch);
            MigrateWcf.Equivalence.Tests.ClientLifetime.Close(orders);
        }

        var laneCalls = peers.Calls.ToArray();
        // PlaceOrder, GetOrder, CancelOrder, the duplex session's callback stream and Subscribe.
        Assert.True(laneCalls.Length >= 5, string.Join("\n", laneCalls));
        Assert.Contains(laneCalls, call => call.Method.EndsWith("/Subscribe", StringComparison.Ordinal));
        Assert.All(laneCalls, call => Assert.Equal("pipe:" + pipe + ".calls", call.Peer));

        peers.Calls.Clear();
        using (var http2 = new MigratedClientFactory(GrpcEndpoint.NamedPipe(pipe), new ClientProxyOptions { CallLane = false }))
        {
            var orders = http2.CreateOrderService();
            var order = orders.PlaceOrder(MigrateWcf.Equivalence.Tests.SampleValues.SmallOrder());
            Assert.Equal(order.Id, orders.GetOrder(order.Id).Id);
            MigrateWcf.Equivalence.Tests.ClientLifetime.Close(orders);
        }

        // The first factory's session ends may still arrive: only this factory's two calls are looked at.
        var http2Calls = peers.Calls.Where(call => call.Method.EndsWith("/PlaceOrder", StringComparison.Ordinal) || call.Method.EndsWith("/GetOrder", StringComparison.Ordinal)).ToArray();
        Assert.Equal(2, http2Calls.Length);
        Assert.All(http2Calls, call => Assert.NotEqual("pipe:" + pipe + ".calls", call.Peer));
    }

    private sealed class RecordingCallback : IStockWatchCallback
    {
        public ConcurrentQueue<StockLevel> Levels { get; } = new();

        public void StockChanged(StockLevel level) => Levels.Enqueue(level);
    }

    /// <summary>The method and peer of every call the host serves, whichever way it travels.</summary>
    private sealed class PeerRecorder : Interceptor
    {
        public ConcurrentQueue<(string Method, string Peer)> Calls { get; } = new();

        public override Task<TResponse> UnaryServerHandler<TRequest, TResponse>(TRequest request, ServerCallContext context, UnaryServerMethod<TRequest, TResponse> continuation)
        {
            Calls.Enqueue((context.Method, context.Peer));
            return continuation(request, context);
        }

        public override Task DuplexStreamingServerHandler<TRequest, TResponse>(IAsyncStreamReader<TRequest> requestStream, IServerStreamWriter<TResponse> responseStream, ServerCallContext context, DuplexStreamingServerMethod<TRequest, TResponse> continuation)
        {
            Calls.Enqueue((context.Method, context.Peer));
            return continuation(requestStream, responseStream, context);
        }

        public override Task ServerStreamingServerHandler<TRequest, TResponse>(TRequest request, IServerStreamWriter<TResponse> responseStream, ServerCallContext context, ServerStreamingServerMethod<TRequest, TResponse> continuation)
        {
            Calls.Enqueue((context.Method, context.Peer));
            return continuation(request, responseStream, context);
        }
    }
}
