using Google.Protobuf.WellKnownTypes;

namespace MigrateWcf.Runtime.Tests;

public class CallKindsTests
{
    private static ServerServiceDefinition Service() => ServerServiceDefinition.CreateBuilder()
        .AddMethod(TestMethods.Echo, (request, context) => Task.FromResult(new StringValue { Value = "echo:" + request.Value }))
        .AddMethod(TestMethods.Count, async (request, stream, context) =>
        {
            for (var i = 1; i <= request.Value; i++) await stream.WriteAsync(new Int32Value { Value = i });
        })
        .AddMethod(TestMethods.Sum, async (requests, context) =>
        {
            var sum = 0;
            await foreach (var item in requests.ReadAllAsync(context.CancellationToken)) sum += item.Value;
            return new Int32Value { Value = sum };
        })
        .AddMethod(TestMethods.Chat, async (requests, responses, context) =>
        {
            await foreach (var item in requests.ReadAllAsync(context.CancellationToken))
            {
                await responses.WriteAsync(new StringValue { Value = item.Value.ToUpperInvariant() });
            }
        })
        .Build();

    [Fact]
    public async Task Unary_round_trips_and_reports_ok()
    {
        await using var server = await TestServer.StartAsync(Service());
        using var call = server.Invoker.AsyncUnaryCall(TestMethods.Echo, null, new CallOptions(), new StringValue { Value = "hi" });
        var response = await call.ResponseAsync;
        Assert.Equal("echo:hi", response.Value);
        Assert.Equal(StatusCode.OK, call.GetStatus().StatusCode);
    }

    [Fact]
    public async Task Blocking_unary_works()
    {
        await using var server = await TestServer.StartAsync(Service());
        var response = await Task.Run(() => server.Invoker.BlockingUnaryCall(TestMethods.Echo, null, new CallOptions(), new StringValue { Value = "b" }));
        Assert.Equal("echo:b", response.Value);
    }

    [Fact]
    public async Task Server_streaming_delivers_every_message_in_order()
    {
        await using var server = await TestServer.StartAsync(Service());
        using var call = server.Invoker.AsyncServerStreamingCall(TestMethods.Count, null, new CallOptions(), new Int32Value { Value = 50 });
        var received = new List<int>();
        await foreach (var item in call.ResponseStream.ReadAllAsync()) received.Add(item.Value);
        Assert.Equal(Enumerable.Range(1, 50), received);
        Assert.Equal(StatusCode.OK, call.GetStatus().StatusCode);
    }

    [Fact]
    public async Task Server_streaming_with_zero_messages_ends_ok()
    {
        await using var server = await TestServer.StartAsync(Service());
        using var call = server.Invoker.AsyncServerStreamingCall(TestMethods.Count, null, new CallOptions(), new Int32Value { Value = 0 });
        Assert.False(await call.ResponseStream.MoveNext(CancellationToken.None));
        Assert.Equal(StatusCode.OK, call.GetStatus().StatusCode);
    }

    [Fact]
    public async Task Client_streaming_sums_all_requests()
    {
        await using var server = await TestServer.StartAsync(Service());
        using var call = server.Invoker.AsyncClientStreamingCall(TestMethods.Sum, null, new CallOptions());
        for (var i = 1; i <= 100; i++) await call.RequestStream.WriteAsync(new Int32Value { Value = i });
        await call.RequestStream.CompleteAsync();
        var response = await call.ResponseAsync;
        Assert.Equal(5050, response.Value);
    }

    [Fact]
    public async Task Duplex_streaming_answers_each_message_before_the_next_is_sent()
    {
        await using var server = await TestServer.StartAsync(Service());
        using var call = server.Invoker.AsyncDuplexStreamingCall(TestMethods.Chat, null, new CallOptions());
        foreach (var word in new[] { "one", "two", "three" })
        {
            await call.RequestStream.WriteAsync(new StringValue { Value = word });
            Assert.True(await call.ResponseStream.MoveNext(CancellationToken.None));
            Assert.Equal(word.ToUpperInvariant(), call.ResponseStream.Current.Value);
        }
        await call.RequestStream.CompleteAsync();
        Assert.False(await call.ResponseStream.MoveNext(CancellationToken.None));
        Assert.Equal(StatusCode.OK, call.GetStatus().StatusCode);
    }

    [Fact]
    public async Task Many_concurrent_calls_beyond_one_connections_stream_limit_succeed()
    {
        await using var server = await TestServer.StartAsync(ServerServiceDefinition.CreateBuilder()
            .AddMethod(TestMethods.Echo, async (request, context) =>
            {
                await Task.Yield();
                return new StringValue { Value = request.Value };
            })
            .Build());
        var calls = Enumerable.Range(0, 300).Select(async i =>
        {
            using var call = server.Invoker.AsyncUnaryCall(TestMethods.Echo, null, new CallOptions(), new StringValue { Value = i.ToString() });
            return (await call.ResponseAsync).Value;
        });
        var results = await Task.WhenAll(calls);
        Assert.Equal(Enumerable.Range(0, 300).Select(i => i.ToString()), results);
    }
}
