using Google.Protobuf;
using Google.Protobuf.WellKnownTypes;

namespace MigrateWcf.Runtime.Tests;

public class StatusAndMetadataTests
{
    [Fact]
    public async Task Text_and_binary_metadata_travel_as_request_headers_response_headers_and_trailers()
    {
        var binary = new byte[] { 0, 1, 2, 250, 255, 7 };
        await using var server = await TestServer.StartAsync(ServerServiceDefinition.CreateBuilder()
            .AddMethod(TestMethods.Echo, async (request, context) =>
            {
                var text = context.RequestHeaders.GetValue("x-text");
                var bytes = context.RequestHeaders.GetValueBytes("x-data-bin");
                await context.WriteResponseHeadersAsync(new Metadata { { "x-header", "h:" + text }, { "x-header-bin", bytes! } });
                context.ResponseTrailers.Add("x-trailer", "t:" + text);
                context.ResponseTrailers.Add("x-trailer-bin", bytes!);
                return new StringValue { Value = request.Value };
            })
            .Build());

        using var call = server.Invoker.AsyncUnaryCall(TestMethods.Echo, null,
            new CallOptions(headers: new Metadata { { "X-Text", "hello" }, { "x-data-bin", binary } }), new StringValue { Value = "x" });
        var headers = await call.ResponseHeadersAsync;
        await call.ResponseAsync;

        Assert.Equal("h:hello", headers.GetValue("x-header"));
        Assert.Equal(binary, headers.GetValueBytes("x-header-bin"));
        var trailers = call.GetTrailers();
        Assert.Equal("t:hello", trailers.GetValue("x-trailer"));
        Assert.Equal(binary, trailers.GetValueBytes("x-trailer-bin"));
        Assert.DoesNotContain(trailers, e => e.Key.StartsWith("grpc-status", StringComparison.Ordinal) && !e.IsBinary);
    }

    [Theory]
    [InlineData("plain message")]
    [InlineData("100% sure")]
    [InlineData("héllo wörld ✓ 日本")]
    [InlineData("line1\nline2\ttab")]
    [InlineData("%2 %zz %")]
    public async Task Status_detail_survives_percent_encoding(string detail)
    {
        await using var server = await TestServer.StartAsync(ServerServiceDefinition.CreateBuilder()
            .AddMethod(TestMethods.Echo, (StringValue request, ServerCallContext context) => throw new RpcException(new Status(StatusCode.InvalidArgument, detail)))
            .Build());
        using var call = server.Invoker.AsyncUnaryCall(TestMethods.Echo, null, new CallOptions(), new StringValue());
        var ex = await Assert.ThrowsAsync<RpcException>(() => call.ResponseAsync);
        Assert.Equal(StatusCode.InvalidArgument, ex.StatusCode);
        Assert.Equal(detail, ex.Status.Detail);
        Assert.Equal(detail, call.GetStatus().Detail);
    }

    [Fact]
    public async Task Error_before_any_message_is_a_trailers_only_response_with_its_trailers()
    {
        await using var server = await TestServer.StartAsync(ServerServiceDefinition.CreateBuilder()
            .AddMethod(TestMethods.Echo, (StringValue request, ServerCallContext context) =>
                throw new RpcException(new Status(StatusCode.NotFound, "no such thing"), new Metadata { { "x-why", "missing" } }))
            .Build());

        using var invoker = RawHttp.CreateInvoker(server.Server.Endpoint);
        var raw = await RawHttp.SendAsync(invoker, RawHttp.Request(TestMethods.Echo.FullName, new ChunkedContent([RawHttp.Frame([])])));
        Assert.Equal(200, raw.StatusCode);
        Assert.Equal("5", raw.Headers["grpc-status"]);
        Assert.Equal("no such thing", raw.Headers["grpc-message"]);
        Assert.Equal("missing", raw.Headers["x-why"]);
        Assert.Empty(raw.Body);
        Assert.Equal("application/grpc", raw.ContentType);

        using var call = server.Invoker.AsyncUnaryCall(TestMethods.Echo, null, new CallOptions(), new StringValue());
        var ex = await Assert.ThrowsAsync<RpcException>(() => call.ResponseAsync);
        Assert.Equal(StatusCode.NotFound, ex.StatusCode);
        Assert.Equal("missing", ex.Trailers.GetValue("x-why"));
    }

    [Fact]
    public async Task Error_after_streamed_messages_arrives_in_trailers_after_the_messages()
    {
        await using var server = await TestServer.StartAsync(ServerServiceDefinition.CreateBuilder()
            .AddMethod(TestMethods.Count, async (Int32Value request, IServerStreamWriter<Int32Value> stream, ServerCallContext context) =>
            {
                await stream.WriteAsync(new Int32Value { Value = 1 });
                await stream.WriteAsync(new Int32Value { Value = 2 });
                context.ResponseTrailers.Add("x-done", "2");
                throw new RpcException(new Status(StatusCode.Aborted, "stopped"));
            })
            .Build());
        using var call = server.Invoker.AsyncServerStreamingCall(TestMethods.Count, null, new CallOptions(), new Int32Value());
        Assert.True(await call.ResponseStream.MoveNext(CancellationToken.None));
        Assert.True(await call.ResponseStream.MoveNext(CancellationToken.None));
        Assert.Equal(2, call.ResponseStream.Current.Value);
        var ex = await Assert.ThrowsAsync<RpcException>(() => call.ResponseStream.MoveNext(CancellationToken.None));
        Assert.Equal(StatusCode.Aborted, ex.StatusCode);
        Assert.Equal("2", ex.Trailers.GetValue("x-done"));
    }

    [Fact]
    public async Task Status_set_on_the_context_is_sent_when_the_handler_returns()
    {
        await using var server = await TestServer.StartAsync(ServerServiceDefinition.CreateBuilder()
            .AddMethod(TestMethods.Count, (Int32Value request, IServerStreamWriter<Int32Value> stream, ServerCallContext context) =>
            {
                context.Status = new Status(StatusCode.FailedPrecondition, "not now");
                return Task.CompletedTask;
            })
            .Build());
        using var call = server.Invoker.AsyncServerStreamingCall(TestMethods.Count, null, new CallOptions(), new Int32Value());
        var ex = await Assert.ThrowsAsync<RpcException>(() => call.ResponseStream.MoveNext(CancellationToken.None));
        Assert.Equal(StatusCode.FailedPrecondition, ex.StatusCode);
        Assert.Equal("not now", ex.Status.Detail);
    }

    [Fact]
    public async Task Unknown_method_and_unknown_service_are_unimplemented()
    {
        await using var server = await TestServer.StartAsync(ServerServiceDefinition.CreateBuilder()
            .AddMethod(TestMethods.Echo, (request, context) => Task.FromResult(request))
            .Build());
        var missingMethod = new Method<StringValue, StringValue>(MethodType.Unary, TestMethods.Service, "Missing", ProtobufMarshaller.For<StringValue>(), ProtobufMarshaller.For<StringValue>());
        var missingService = new Method<StringValue, StringValue>(MethodType.Unary, "other.Service", "Echo", ProtobufMarshaller.For<StringValue>(), ProtobufMarshaller.For<StringValue>());

        var ex1 = await Assert.ThrowsAsync<RpcException>(() => server.Invoker.AsyncUnaryCall(missingMethod, null, new CallOptions(), new StringValue()).ResponseAsync);
        Assert.Equal(StatusCode.Unimplemented, ex1.StatusCode);
        Assert.Equal("Method is unimplemented.", ex1.Status.Detail);

        var ex2 = await Assert.ThrowsAsync<RpcException>(() => server.Invoker.AsyncUnaryCall(missingService, null, new CallOptions(), new StringValue()).ResponseAsync);
        Assert.Equal(StatusCode.Unimplemented, ex2.StatusCode);
        Assert.Equal("Service is unimplemented.", ex2.Status.Detail);
    }

    private static ServerServiceDefinition Throwing() => ServerServiceDefinition.CreateBuilder()
        .AddMethod(TestMethods.Echo, (StringValue request, ServerCallContext context) => throw new InvalidOperationException("secret connection string"))
        .Build();

    [Fact]
    public async Task Unhandled_exception_is_unknown_without_its_message()
    {
        await using var server = await TestServer.StartAsync(Throwing());
        var ex = await Assert.ThrowsAsync<RpcException>(() => server.Invoker.AsyncUnaryCall(TestMethods.Echo, null, new CallOptions(), new StringValue()).ResponseAsync);
        Assert.Equal(StatusCode.Unknown, ex.StatusCode);
        Assert.Equal("Exception was thrown by handler.", ex.Status.Detail);
        Assert.DoesNotContain("secret", ex.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Unhandled_exception_message_is_sent_in_detailed_error_mode()
    {
        await using var server = await TestServer.StartAsync(Throwing(), o => o.Server.EnableDetailedErrors = true);
        var ex = await Assert.ThrowsAsync<RpcException>(() => server.Invoker.AsyncUnaryCall(TestMethods.Echo, null, new CallOptions(), new StringValue()).ResponseAsync);
        Assert.Equal(StatusCode.Unknown, ex.StatusCode);
        Assert.Contains("InvalidOperationException: secret connection string", ex.Status.Detail, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Rich_status_details_round_trip_in_grpc_status_details_bin()
    {
        await using var server = await TestServer.StartAsync(ServerServiceDefinition.CreateBuilder()
            .AddMethod(TestMethods.Echo, (StringValue request, ServerCallContext context) => throw new Google.Rpc.Status
            {
                Code = (int)StatusCode.InvalidArgument,
                Message = "field x is wrong",
                Details = { Any.Pack(new StringValue { Value = "x must be positive" }), Any.Pack(new Int32Value { Value = -3 }) },
            }.ToRpcException())
            .Build());
        var ex = await Assert.ThrowsAsync<RpcException>(() => server.Invoker.AsyncUnaryCall(TestMethods.Echo, null, new CallOptions(), new StringValue()).ResponseAsync);
        Assert.Equal(StatusCode.InvalidArgument, ex.StatusCode);
        Assert.Equal("field x is wrong", ex.Status.Detail);
        var rich = ex.GetRpcStatus();
        Assert.NotNull(rich);
        Assert.Equal(3, rich!.Code);
        Assert.Equal("x must be positive", rich.Details[0].Unpack<StringValue>().Value);
        Assert.Equal(-3, rich.Details[1].Unpack<Int32Value>().Value);
    }

    [Fact]
    public async Task Custom_marshallers_plug_in()
    {
        var method = new Method<string, string>(MethodType.Unary, "test.Strings", "Reverse", Marshallers.StringMarshaller, Marshallers.StringMarshaller);
        await using var server = await TestServer.StartAsync(ServerServiceDefinition.CreateBuilder()
            .AddMethod(method, (request, context) => Task.FromResult(new string(request.Reverse().ToArray())))
            .Build());
        var response = await server.Invoker.AsyncUnaryCall(method, null, new CallOptions(), "stressed").ResponseAsync;
        Assert.Equal("desserts", response);
    }

    [Fact]
    public void Metadata_rejects_invalid_keys_and_values()
    {
        Assert.Throws<ArgumentException>(() => new Metadata { { "bad key", "v" } });
        Assert.Throws<ArgumentException>(() => new Metadata { { "text-bin", "v" } });
        Assert.Throws<ArgumentException>(() => new Metadata { { "bytes", new byte[] { 1 } } });
        Assert.Throws<ArgumentException>(() => new Metadata { { "k", "caf\u00e9" } });
        Assert.Equal("upper", new Metadata.Entry("UPPER", "v").Key.ToLowerInvariant());
        Assert.Throws<InvalidOperationException>(() => Metadata.Empty.Add("k", "v"));
    }
}
