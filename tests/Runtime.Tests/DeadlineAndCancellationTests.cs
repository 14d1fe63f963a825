using Google.Protobuf;
using Google.Protobuf.WellKnownTypes;

namespace MigrateWcf.Runtime.Tests;

public class DeadlineAndCancellationTests
{
    /// <summary>A handler that waits for its call's cancellation and reports that it saw it and finished.</summary>
    private sealed class Probe
    {
        public TaskCompletionSource Started { get; } = new(TaskCreationOptions.RunContinuationsAsynchronously);
        public TaskCompletionSource<bool> Finished { get; } = new(TaskCreationOptions.RunContinuationsAsynchronously);
        public DateTime Deadline { get; set; }

        public async Task WaitForCancellation(ServerCallContext context)
        {
            Deadline = context.Deadline;
            Started.TrySetResult();
            try
            {
                await Task.Delay(Timeout.Infinite, context.CancellationToken);
                Finished.TrySetResult(false);
            }
            catch (OperationCanceledException)
            {
                Finished.TrySetResult(true);
                throw;
            }
        }
    }

    private static ServerServiceDefinition Waiting(Probe probe) => ServerServiceDefinition.CreateBuilder()
        .AddMethod(TestMethods.Echo, async (request, context) =>
        {
            await probe.WaitForCancellation(context);
            return request;
        })
        .AddServerStreamingMethod(TestMethods.Count, async (request, stream, context) =>
        {
            await stream.WriteAsync(new Int32Value { Value = 1 });
            await probe.WaitForCancellation(context);
        })
        .AddMethod(TestMethods.Sum, async (requests, context) =>
        {
            Assert.True(await requests.MoveNext(context.CancellationToken));
            probe.Started.TrySetResult();
            try
            {
                await requests.MoveNext(context.CancellationToken);
                probe.Finished.TrySetResult(false);
            }
            catch (Exception ex) when (ex is OperationCanceledException or IOException)
            {
                probe.Finished.TrySetResult(true);
                throw;
            }
            return new Int32Value();
        })
        .Build();

    [Fact]
    public async Task Client_deadline_ends_the_call_with_deadline_exceeded_and_the_handler_sees_cancellation()
    {
        var probe = new Probe();
        await using var server = await TestServer.StartAsync(Waiting(probe));
        // Long enough for the request to reach the server even on a loaded machine; the handler then waits for the deadline.
        using var call = server.Invoker.AsyncUnaryCall(TestMethods.Echo, null, new CallOptions(deadline: DateTime.UtcNow.AddSeconds(2)), new StringValue());
        await probe.Started.Task.WaitAsync(TimeSpan.FromSeconds(20));
        var ex = await Assert.ThrowsAsync<RpcException>(() => call.ResponseAsync);
        Assert.Equal(StatusCode.DeadlineExceeded, ex.StatusCode);
        Assert.Equal(StatusCode.DeadlineExceeded, call.GetStatus().StatusCode);
        Assert.True(await probe.Finished.Task.WaitAsync(TimeSpan.FromSeconds(10)));
        Assert.NotEqual(DateTime.MaxValue, probe.Deadline);
    }

    [Fact]
    public async Task Server_enforces_grpc_timeout_on_its_own()
    {
        var probe = new Probe();
        await using var server = await TestServer.StartAsync(Waiting(probe));
        using var invoker = RawHttp.CreateInvoker(server.Server.Endpoint);
        // A raw request: no client-side timer, so only the server's can end the call.
        var request = RawHttp.Request(TestMethods.Echo.FullName, new ChunkedContent([RawHttp.Frame(new StringValue { Value = "x" }.ToByteArray())]));
        request.Headers.TryAddWithoutValidation("grpc-timeout", "1S");
        var raw = await RawHttp.SendAsync(invoker, request).WaitAsync(TimeSpan.FromSeconds(20));
        Assert.Equal("4", raw.GrpcStatus());
        Assert.True(await probe.Finished.Task);
    }

    [Fact]
    public async Task Deadlines_that_fire_as_calls_finish_leave_the_server_running()
    {
        // The server's deadline timer can fire while a finished call is being disposed; that race once threw on a timer
        // thread, which ends the process. Many calls whose deadline lands around their end give it every chance.
        await using var server = await TestServer.StartAsync(ServerServiceDefinition.CreateBuilder()
            .AddMethod(TestMethods.Echo, async (request, context) =>
            {
                await Task.Delay(1);
                return request;
            })
            .Build());
        var outcomes = new List<StatusCode>();
        for (var batch = 0; batch < 20; batch++)
        {
            var calls = Enumerable.Range(0, 20).Select(async i =>
            {
                using var call = server.Invoker.AsyncUnaryCall(TestMethods.Echo, null, new CallOptions(deadline: DateTime.UtcNow.AddMilliseconds(1 + (i % 5))), new StringValue());
                try
                {
                    await call.ResponseAsync;
                    return StatusCode.OK;
                }
                catch (RpcException ex)
                {
                    return ex.StatusCode;
                }
            });
            outcomes.AddRange(await Task.WhenAll(calls));
        }

        Assert.All(outcomes, code => Assert.Contains(code, new[] { StatusCode.OK, StatusCode.DeadlineExceeded }));
        var after = await server.Invoker.AsyncUnaryCall(TestMethods.Echo, null, new CallOptions(), new StringValue { Value = "still serving" }).ResponseAsync;
        Assert.Equal("still serving", after.Value);
    }

    [Fact]
    public async Task A_deadline_already_past_fails_without_calling_the_server()
    {
        var calls = 0;
        await using var server = await TestServer.StartAsync(ServerServiceDefinition.CreateBuilder()
            .AddMethod(TestMethods.Echo, (request, context) =>
            {
                Interlocked.Increment(ref calls);
                return Task.FromResult(request);
            })
            .Build());
        using var call = server.Invoker.AsyncUnaryCall(TestMethods.Echo, null, new CallOptions(deadline: DateTime.UtcNow.AddSeconds(-1)), new StringValue());
        var ex = await Assert.ThrowsAsync<RpcException>(() => call.ResponseAsync);
        Assert.Equal(StatusCode.DeadlineExceeded, ex.StatusCode);
        // A follow-up call proves the server is up; the first never reached it.
        await server.Invoker.AsyncUnaryCall(TestMethods.Echo, null, new CallOptions(), new StringValue()).ResponseAsync;
        Assert.Equal(1, calls);
    }

    [Fact]
    public async Task Deadline_during_a_server_stream_ends_it_with_deadline_exceeded()
    {
        var probe = new Probe();
        await using var server = await TestServer.StartAsync(Waiting(probe));
        using var call = server.Invoker.AsyncServerStreamingCall(TestMethods.Count, null, new CallOptions(deadline: DateTime.UtcNow.AddSeconds(2)), new Int32Value());
        Assert.True(await call.ResponseStream.MoveNext(CancellationToken.None));
        await probe.Started.Task.WaitAsync(TimeSpan.FromSeconds(20));
        var ex = await Assert.ThrowsAsync<RpcException>(() => call.ResponseStream.MoveNext(CancellationToken.None));
        Assert.Equal(StatusCode.DeadlineExceeded, ex.StatusCode);
        Assert.True(await probe.Finished.Task.WaitAsync(TimeSpan.FromSeconds(10)));
    }

    [Fact]
    public async Task Cancelling_the_token_resets_the_stream_and_the_handler_sees_it()
    {
        var probe = new Probe();
        await using var server = await TestServer.StartAsync(Waiting(probe));
        using var cts = new CancellationTokenSource();
        using var call = server.Invoker.AsyncServerStreamingCall(TestMethods.Count, null, new CallOptions(cancellationToken: cts.Token), new Int32Value());
        Assert.True(await call.ResponseStream.MoveNext(CancellationToken.None));
        await probe.Started.Task;
        cts.Cancel();
        var ex = await Assert.ThrowsAsync<RpcException>(() => call.ResponseStream.MoveNext(CancellationToken.None));
        Assert.Equal(StatusCode.Cancelled, ex.StatusCode);
        Assert.True(await probe.Finished.Task.WaitAsync(TimeSpan.FromSeconds(10)));
    }

    [Fact]
    public async Task Cancelling_a_read_token_cancels_the_call()
    {
        var probe = new Probe();
        await using var server = await TestServer.StartAsync(Waiting(probe));
        using var call = server.Invoker.AsyncServerStreamingCall(TestMethods.Count, null, new CallOptions(), new Int32Value());
        Assert.True(await call.ResponseStream.MoveNext(CancellationToken.None));
        await probe.Started.Task;
        using var readCts = new CancellationTokenSource();
        var read = call.ResponseStream.MoveNext(readCts.Token);
        readCts.Cancel();
        var ex = await Assert.ThrowsAsync<RpcException>(() => read);
        Assert.Equal(StatusCode.Cancelled, ex.StatusCode);
        Assert.True(await probe.Finished.Task.WaitAsync(TimeSpan.FromSeconds(10)));
    }

    [Fact]
    public async Task Disposing_an_unfinished_call_cancels_it()
    {
        var probe = new Probe();
        await using var server = await TestServer.StartAsync(Waiting(probe));
        var call = server.Invoker.AsyncUnaryCall(TestMethods.Echo, null, new CallOptions(), new StringValue());
        await probe.Started.Task;
        call.Dispose();
        var ex = await Assert.ThrowsAsync<RpcException>(() => call.ResponseAsync);
        Assert.Equal(StatusCode.Cancelled, ex.StatusCode);
        Assert.Equal(StatusCode.Cancelled, call.GetStatus().StatusCode);
        Assert.True(await probe.Finished.Task.WaitAsync(TimeSpan.FromSeconds(10)));
    }

    [Fact]
    public async Task A_client_that_resets_mid_request_stream_cancels_the_handlers_read()
    {
        var probe = new Probe();
        await using var server = await TestServer.StartAsync(Waiting(probe));
        var call = server.Invoker.AsyncClientStreamingCall(TestMethods.Sum, null, new CallOptions());
        await call.RequestStream.WriteAsync(new Int32Value { Value = 1 });
        await probe.Started.Task;
        call.Dispose();
        Assert.True(await probe.Finished.Task.WaitAsync(TimeSpan.FromSeconds(10)));
        var ex = await Assert.ThrowsAsync<RpcException>(() => call.RequestStream.WriteAsync(new Int32Value { Value = 2 }));
        Assert.Equal(StatusCode.Cancelled, ex.StatusCode);
    }

    [Fact]
    public async Task Stopping_the_server_cancels_running_handlers()
    {
        var probe = new Probe();
        var server = await TestServer.StartAsync(Waiting(probe));
        try
        {
            var call = server.Invoker.AsyncUnaryCall(TestMethods.Echo, null, new CallOptions(), new StringValue());
            await probe.Started.Task;
            await server.Server.StopAsync();
            Assert.True(await probe.Finished.Task.WaitAsync(TimeSpan.FromSeconds(10)));
            var ex = await Assert.ThrowsAsync<RpcException>(() => call.ResponseAsync);
            Assert.Contains(ex.StatusCode, new[] { StatusCode.Unavailable, StatusCode.Cancelled, StatusCode.Internal });
        }
        finally
        {
            await server.DisposeAsync();
        }
    }

    [Fact]
    public async Task Status_and_trailers_are_unavailable_while_the_call_runs()
    {
        var probe = new Probe();
        await using var server = await TestServer.StartAsync(Waiting(probe));
        using var call = server.Invoker.AsyncUnaryCall(TestMethods.Echo, null, new CallOptions(), new StringValue());
        await probe.Started.Task;
        Assert.Throws<InvalidOperationException>(() => call.GetStatus());
        Assert.Throws<InvalidOperationException>(() => call.GetTrailers());
    }
}
