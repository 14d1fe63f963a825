using System.ServiceModel;
using Google.Protobuf;
using Google.Protobuf.WellKnownTypes;
using Grpc.Core;
using MigrateWcf.Runtime.Tests.Semantics.Grpc;
using MigrateWcf.Runtime.Tests.Semantics.Migrated;

namespace MigrateWcf.Runtime.Tests.Semantics;

/// <summary>
/// The local call lane's server side (issue 30, first step): <see cref="LaneCallDispatcher"/> runs the Counter adapter's
/// unary methods outside HTTP/2, through the host's own services, and answers what the same call answers over gRPC on
/// the host's Unix socket: values, sessions, typed faults with their details, hidden exception text, deadlines, bad bytes.
/// </summary>
public sealed class LaneDispatchTests
{
    private const string Increment = "/semantics_test.Counter/Increment";

    private static Metadata Session(string id) => [new(ServiceSession.HeaderName, id)];

    private static LaneCallDispatcher Lane(SemanticsHost host) => LaneCallDispatcher.Create(host.Services, [typeof(CounterAdapter), typeof(TickerAdapter)]);

    private static Task<LaneCallResult> Call(LaneCallDispatcher lane, string method, IMessage request, Metadata? headers = null, DateTime? deadline = null, CancellationToken cancellationToken = default)
        => lane.DispatchAsync(method, new OneRequest(request.ToByteString()), headers ?? [], deadline ?? DateTime.MaxValue, "unix:lane-test", cancellationToken);

    /// <summary>A call that takes one message: nothing streamed either way.</summary>
    private sealed record OneRequest(ByteString Request) : ILaneCallStreams
    {
        public LaneInbound? Requests => null;

        public Task WriteResponseAsync(byte[] message, CancellationToken cancellationToken) => throw new InvalidOperationException("Nothing is streamed.");
    }

    [Fact]
    public async Task A_PerSession_call_reaches_the_session_its_header_names_as_over_gRPC()
    {
        await using var host = await SemanticsHost.StartAsync(InstanceMode.PerSession, ConcurrencyMode.Single);
        var lane = Lane(host);
        var grpc = new Counter.CounterClient(host.NewChannel());

        var first = await Call(lane, Increment, new IncrementRequest { By = 2 }, Session("lane-a"));
        var second = await Call(lane, Increment, new IncrementRequest { By = 3 }, Session("lane-a"));
        var other = await Call(lane, Increment, new IncrementRequest { By = 5 }, Session("lane-b"));
        // The same session id over gRPC reaches the same instance: the lane and HTTP/2 share the host's sessions.
        var overGrpc = await grpc.IncrementAsync(new IncrementRequest { By = 10 }, new CallOptions(Session("lane-a")));

        Assert.Equal(StatusCode.OK, first.Status.StatusCode);
        Assert.Equal([2, 5, 5], new[] { first, second, other }.Select(r => IncrementResponse.Parser.ParseFrom(r.Response).Result));
        Assert.Equal(15, overGrpc.Result);
        Assert.False(lane.Find(Increment)!.StreamsRequests);
        Assert.True(lane.Find("/semantics_test.Counter/Callbacks") is { StreamsRequests: true, StreamsResponses: true });
        Assert.Null(lane.Find("/semantics_test.Counter/Nothing"));
    }

    [Fact]
    public async Task A_typed_fault_is_the_status_and_details_trailer_gRPC_sends()
    {
        await using var host = await SemanticsHost.StartAsync(InstanceMode.PerCall, ConcurrencyMode.Multiple);
        var lane = Lane(host);
        var grpc = new Counter.CounterClient(host.NewChannel());

        var result = await Call(lane, "/semantics_test.Counter/Divide", new DivideRequest { Dividend = 7, Divisor = 0 });
        var overGrpc = Assert.Throws<RpcException>(() => grpc.Divide(new DivideRequest { Dividend = 7, Divisor = 0 }));

        Assert.Null(result.Response);
        Assert.Equal(overGrpc.Status, result.Status);
        Assert.Equal(overGrpc.Trailers.GetValueBytes("grpc-status-details-bin"), result.Trailers.GetValueBytes("grpc-status-details-bin"));
        // And a client's fault registry reads it back as WCF's FaultException<T>.
        var fault = Assert.IsType<FaultException<Legacy.DivisionFault>>(SemanticsHost.Faults.ToException(new RpcException(result.Status, result.Trailers)));
        Assert.Equal("use a divisor other than 0", fault.Detail.Hint);
    }

    [Fact]
    public async Task An_exception_that_is_no_fault_is_UNKNOWN_without_its_text_and_logged()
    {
        await using var host = await SemanticsHost.StartAsync(InstanceMode.PerCall, ConcurrencyMode.Multiple);
        var lane = Lane(host);

        var grpc = new Counter.CounterClient(host.NewChannel());

        var result = await Call(lane, "/semantics_test.Counter/Fail", new FailRequest { Secret = "s3cr3t", AsFault = false });
        var overGrpc = Assert.Throws<RpcException>(() => grpc.Fail(new FailRequest { Secret = "s3cr3t", AsFault = false }));

        Assert.Equal(StatusCode.Unknown, result.Status.StatusCode);
        Assert.Equal(overGrpc.Status, result.Status);
        Assert.DoesNotContain("s3cr3t", result.Status.Detail, StringComparison.Ordinal);
        Assert.DoesNotContain(result.Trailers, e => !e.IsBinary && e.Value.Contains("s3cr3t", StringComparison.Ordinal));
        Assert.Contains(host.Logs.Errors, e => e.Category == typeof(LaneCallDispatcher).FullName && e.Exception?.Message.Contains("s3cr3t", StringComparison.Ordinal) == true);
    }

    [Fact]
    public async Task The_deadline_cancels_the_implementations_token_and_the_call_is_DEADLINE_EXCEEDED()
    {
        await using var host = await SemanticsHost.StartAsync(InstanceMode.PerCall, ConcurrencyMode.Multiple);
        var lane = Lane(host);

        var result = await Call(lane, "/semantics_test.Counter/Wait", new Empty(), deadline: DateTime.UtcNow.AddMilliseconds(200));

        Assert.Equal(StatusCode.DeadlineExceeded, result.Status.StatusCode);
        await host.Log.WaitCancelled.Task.WaitAsync(TimeSpan.FromSeconds(30));
    }

    [Fact]
    public async Task A_caller_that_cancels_gets_CANCELLED_and_the_implementation_its_token()
    {
        await using var host = await SemanticsHost.StartAsync(InstanceMode.PerCall, ConcurrencyMode.Multiple);
        var lane = Lane(host);
        using var cancel = new CancellationTokenSource();

        var call = Call(lane, "/semantics_test.Counter/Wait", new Empty(), cancellationToken: cancel.Token);
        cancel.Cancel();
        var result = await call.WaitAsync(TimeSpan.FromSeconds(30));

        Assert.Equal(StatusCode.Cancelled, result.Status.StatusCode);
        await host.Log.WaitCancelled.Task.WaitAsync(TimeSpan.FromSeconds(30));
    }

    [Theory]
    [InlineData(new byte[] { 0xFF })] // a truncated varint
    [InlineData(new byte[] { 0x08, 0x96 })] // field 1, its value cut short
    [InlineData(new byte[] { 0x0B })] // a group left open
    public async Task Bytes_that_are_not_the_request_are_INVALID_ARGUMENT_and_the_lane_keeps_serving(byte[] garbage)
    {
        await using var host = await SemanticsHost.StartAsync(InstanceMode.PerCall, ConcurrencyMode.Multiple);
        var lane = Lane(host);

        var refused = await lane.DispatchAsync(Increment, new OneRequest(ByteString.CopyFrom(garbage)), [], DateTime.MaxValue, "unix:lane-test", CancellationToken.None);
        var answered = await Call(lane, Increment, new IncrementRequest { By = 1 });

        Assert.Equal(StatusCode.InvalidArgument, refused.Status.StatusCode);
        Assert.Equal($"The request is not a valid protobuf message for {Increment}.", refused.Status.Detail);
        Assert.Equal(StatusCode.OK, answered.Status.StatusCode);
    }

    [Fact]
    public async Task A_method_the_host_does_not_serve_is_UNIMPLEMENTED()
    {
        await using var host = await SemanticsHost.StartAsync(InstanceMode.PerCall, ConcurrencyMode.Multiple);
        var lane = Lane(host);

        var result = await Call(lane, "/semantics_test.Counter/Nothing", new Empty());

        Assert.Equal(StatusCode.Unimplemented, result.Status.StatusCode);
    }
}
