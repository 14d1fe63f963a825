using System.Buffers.Binary;
using System.IO.Compression;
using System.Net;
using Google.Protobuf;
using Google.Protobuf.WellKnownTypes;

namespace MigrateWcf.Runtime.Tests;

/// <summary>Compression, size limits, framing edge cases and protocol checks, partly with hand-made requests.</summary>
public class WireTests
{
    private static ServerServiceDefinition EchoService(Action<ServerCallContext>? onCall = null, TaskCompletionSource<bool>? handlerEnded = null) => ServerServiceDefinition.CreateBuilder()
        .AddUnaryMethod(TestMethods.Echo, (request, context) =>
        {
            onCall?.Invoke(context);
            return Task.FromResult(new StringValue { Value = "echo:" + request.Value });
        })
        .AddUnaryMethod(TestMethods.Blob, (request, context) => Task.FromResult(request))
        .AddClientStreamingMethod(TestMethods.Sum, async (requests, context) =>
        {
            var sum = 0;
            try
            {
                await foreach (var item in requests.ReadAllAsync()) sum += item.Value;
            }
            catch
            {
                handlerEnded?.TrySetResult(true);
                throw;
            }
            handlerEnded?.TrySetResult(false);
            return new Int32Value { Value = sum };
        })
        .Build();

    private static byte[] Gzip(byte[] data)
    {
        using var output = new MemoryStream();
        using (var gzip = new GZipStream(output, CompressionLevel.Fastest)) gzip.Write(data);
        return output.ToArray();
    }

    private static byte[] Gunzip(ReadOnlySpan<byte> data)
    {
        using var input = new MemoryStream(data.ToArray());
        using var gzip = new GZipStream(input, CompressionMode.Decompress);
        using var output = new MemoryStream();
        gzip.CopyTo(output);
        return output.ToArray();
    }

    // ---- compression ----

    [Fact]
    public async Task Gzip_compressed_requests_are_sent_and_understood()
    {
        string? seenEncoding = null;
        await using var server = await TestServer.StartAsync(EchoService(c => seenEncoding = c.GetHttpContext().Request.Headers["grpc-encoding"]));
        var text = new string('a', 10_000);
        var response = await server.Invoker.AsyncUnaryCall(TestMethods.Echo, null, new CallOptions(requestCompression: "gzip"), new StringValue { Value = text }).ResponseAsync;
        Assert.Equal("echo:" + text, response.Value);
        Assert.Equal("gzip", seenEncoding);
    }

    [Fact]
    public async Task Handlers_can_tell_whether_each_request_message_was_compressed()
    {
        var flags = new List<bool>();
        string? encoding = null;
        await using var server = await TestServer.StartAsync(ServerServiceDefinition.CreateBuilder()
            .AddClientStreamingMethod(TestMethods.Sum, async (requests, context) =>
            {
                encoding = context.GetRequestEncoding();
                while (await requests.MoveNext(CancellationToken.None)) flags.Add(context.IsLastRequestMessageCompressed());
                return new Int32Value();
            })
            .Build());
        using var call = server.Invoker.AsyncClientStreamingCall(TestMethods.Sum, null, new CallOptions(requestCompression: "gzip"));
        await call.RequestStream.WriteAsync(new Int32Value { Value = 1 });
        call.RequestStream.WriteOptions = new WriteOptions(WriteFlags.NoCompress);
        await call.RequestStream.WriteAsync(new Int32Value { Value = 2 });
        await call.RequestStream.CompleteAsync();
        await call.ResponseAsync;
        Assert.Equal("gzip", encoding);
        Assert.Equal(new[] { true, false }, flags);
    }

    [Fact]
    public async Task Grpc_dotnet_style_internal_encoding_header_asks_for_compression_and_is_not_sent()
    {
        string? seenEncoding = null;
        Metadata? seenHeaders = null;
        await using var server = await TestServer.StartAsync(EchoService(c =>
        {
            seenEncoding = c.GetHttpContext().Request.Headers["grpc-encoding"];
            seenHeaders = c.RequestHeaders;
        }));
        await server.Invoker.AsyncUnaryCall(TestMethods.Echo, null, new CallOptions(headers: new Metadata { { "grpc-internal-encoding-request", "gzip" } }), new StringValue { Value = "z" }).ResponseAsync;
        Assert.Equal("gzip", seenEncoding);
        Assert.Null(seenHeaders!.Get("grpc-internal-encoding-request"));
    }

    [Fact]
    public async Task Server_compresses_responses_when_asked_and_the_client_accepts_gzip()
    {
        await using var server = await TestServer.StartAsync(EchoService(), o => o.Server.ResponseCompressionAlgorithm = "gzip");
        using var invoker = RawHttp.CreateInvoker(server.Server.Endpoint);
        var request = RawHttp.Request(TestMethods.Echo.FullName, new ChunkedContent([RawHttp.Frame(new StringValue { Value = new string('b', 5000) }.ToByteArray())]));
        request.Headers.TryAddWithoutValidation("grpc-accept-encoding", "identity,gzip");
        var raw = await RawHttp.SendAsync(invoker, request);
        Assert.Equal("0", raw.GrpcStatus());
        Assert.Equal("gzip", raw.Headers["grpc-encoding"]);
        Assert.Equal(1, raw.Body[0]);
        var length = BinaryPrimitives.ReadUInt32BigEndian(raw.Body.AsSpan(1));
        Assert.Equal(raw.Body.Length - 5, (int)length);
        Assert.True(length < 1000);
        Assert.Equal("echo:" + new string('b', 5000), StringValue.Parser.ParseFrom(Gunzip(raw.Body.AsSpan(5))).Value);

        // And our client reads compressed responses.
        var response = await server.Invoker.AsyncUnaryCall(TestMethods.Echo, null, new CallOptions(), new StringValue { Value = "c" }).ResponseAsync;
        Assert.Equal("echo:c", response.Value);
    }

    [Fact]
    public async Task Server_does_not_compress_for_a_client_that_does_not_accept_gzip()
    {
        await using var server = await TestServer.StartAsync(EchoService(), o => o.Server.ResponseCompressionAlgorithm = "gzip");
        using var invoker = RawHttp.CreateInvoker(server.Server.Endpoint);
        var raw = await RawHttp.SendAsync(invoker, RawHttp.Request(TestMethods.Echo.FullName, new ChunkedContent([RawHttp.Frame(new StringValue { Value = "q" }.ToByteArray())])));
        Assert.Equal("0", raw.GrpcStatus());
        Assert.False(raw.Headers.ContainsKey("grpc-encoding"));
        Assert.Equal(0, raw.Body[0]);
    }

    [Fact]
    public async Task No_compress_write_flag_sends_that_message_uncompressed()
    {
        var method = TestMethods.Count;
        await using var server = await TestServer.StartAsync(ServerServiceDefinition.CreateBuilder()
            .AddServerStreamingMethod(method, async (request, stream, context) =>
            {
                context.ResponseCompressionAlgorithm = "gzip";
                await stream.WriteAsync(new Int32Value { Value = 1 });
                stream.WriteOptions = new WriteOptions(WriteFlags.NoCompress);
                await stream.WriteAsync(new Int32Value { Value = 2 });
            })
            .Build());
        using var invoker = RawHttp.CreateInvoker(server.Server.Endpoint);
        var request = RawHttp.Request(method.FullName, new ChunkedContent([RawHttp.Frame(new Int32Value().ToByteArray())]));
        request.Headers.TryAddWithoutValidation("grpc-accept-encoding", "gzip");
        var raw = await RawHttp.SendAsync(invoker, request);
        Assert.Equal("0", raw.GrpcStatus());
        Assert.Equal(1, raw.Body[0]);
        var first = (int)BinaryPrimitives.ReadUInt32BigEndian(raw.Body.AsSpan(1));
        Assert.Equal(0, raw.Body[5 + first]);
        Assert.Equal(2, Int32Value.Parser.ParseFrom(raw.Body.AsSpan(10 + first)).Value);
    }

    [Fact]
    public async Task Unsupported_request_encoding_is_unimplemented_and_lists_what_is_supported()
    {
        await using var server = await TestServer.StartAsync(EchoService());
        using var invoker = RawHttp.CreateInvoker(server.Server.Endpoint);
        var request = RawHttp.Request(TestMethods.Echo.FullName, new ChunkedContent([RawHttp.Frame([1, 2, 3], compressedFlag: true)]));
        request.Headers.TryAddWithoutValidation("grpc-encoding", "snappy");
        var raw = await RawHttp.SendAsync(invoker, request);
        Assert.Equal("12", raw.GrpcStatus());
        Assert.Contains("gzip", raw.Headers["grpc-accept-encoding"], StringComparison.Ordinal);
    }

    [Fact]
    public async Task Compressed_flag_without_an_encoding_is_internal()
    {
        await using var server = await TestServer.StartAsync(EchoService());
        using var invoker = RawHttp.CreateInvoker(server.Server.Endpoint);
        var payload = Gzip(new StringValue { Value = "x" }.ToByteArray());
        var raw = await RawHttp.SendAsync(invoker, RawHttp.Request(TestMethods.Echo.FullName, new ChunkedContent([RawHttp.Frame(payload, compressedFlag: true)])));
        Assert.Equal("13", raw.GrpcStatus());
    }

    // ---- size limits ----

    [Fact]
    public async Task Request_over_the_servers_limit_is_resource_exhausted()
    {
        await using var server = await TestServer.StartAsync(EchoService(), o => o.Server.MaxReceiveMessageSize = 1024);
        var ok = await server.Invoker.AsyncUnaryCall(TestMethods.Blob, null, new CallOptions(), new BytesValue { Value = ByteString.CopyFrom(new byte[1000]) }).ResponseAsync;
        Assert.Equal(1000, ok.Value.Length);
        var ex = await Assert.ThrowsAsync<RpcException>(() => server.Invoker.AsyncUnaryCall(TestMethods.Blob, null, new CallOptions(), new BytesValue { Value = ByteString.CopyFrom(new byte[2000]) }).ResponseAsync);
        Assert.Equal(StatusCode.ResourceExhausted, ex.StatusCode);
    }

    [Fact]
    public async Task Length_prefix_over_the_limit_is_refused_before_the_payload_arrives()
    {
        await using var server = await TestServer.StartAsync(EchoService(), o => o.Server.MaxReceiveMessageSize = 1024);
        using var invoker = RawHttp.CreateInvoker(server.Server.Endpoint);
        var neverReleased = new TaskCompletionSource();
        // Only the header of a 1 GB message; the server must answer without waiting for (or allocating) the payload.
        var header = RawHttp.Frame([], declaredLength: 1 << 30);
        var raw = await RawHttp.SendAsync(invoker, RawHttp.Request(TestMethods.Echo.FullName, new ChunkedContent([header], neverReleased.Task))).WaitAsync(TimeSpan.FromSeconds(20));
        Assert.Equal("8", raw.GrpcStatus());
        neverReleased.TrySetResult();
    }

    [Fact]
    public async Task Decompressed_size_over_the_limit_is_resource_exhausted()
    {
        await using var server = await TestServer.StartAsync(EchoService(), o => o.Server.MaxReceiveMessageSize = 64 * 1024);
        using var invoker = RawHttp.CreateInvoker(server.Server.Endpoint);
        var bomb = Gzip(new BytesValue { Value = ByteString.CopyFrom(new byte[1024 * 1024]) }.ToByteArray());
        Assert.True(bomb.Length < 64 * 1024);
        var request = RawHttp.Request(TestMethods.Blob.FullName, new ChunkedContent([RawHttp.Frame(bomb, compressedFlag: true)]));
        request.Headers.TryAddWithoutValidation("grpc-encoding", "gzip");
        var raw = await RawHttp.SendAsync(invoker, request);
        Assert.Equal("8", raw.GrpcStatus());
    }

    [Fact]
    public async Task Response_over_the_clients_limit_is_resource_exhausted()
    {
        await using var server = await TestServer.StartAsync(EchoService(), channelOptions: new GrpcChannelOptions { MaxReceiveMessageSize = 1024 });
        var ex = await Assert.ThrowsAsync<RpcException>(() => server.Invoker.AsyncUnaryCall(TestMethods.Blob, null, new CallOptions(), new BytesValue { Value = ByteString.CopyFrom(new byte[5000]) }).ResponseAsync);
        Assert.Equal(StatusCode.ResourceExhausted, ex.StatusCode);
    }

    [Fact]
    public async Task Request_over_the_clients_send_limit_fails_locally()
    {
        var calls = 0;
        await using var server = await TestServer.StartAsync(EchoService(_ => Interlocked.Increment(ref calls)), channelOptions: new GrpcChannelOptions { MaxSendMessageSize = 100 });
        var ex = await Assert.ThrowsAsync<RpcException>(() => server.Invoker.AsyncUnaryCall(TestMethods.Echo, null, new CallOptions(), new StringValue { Value = new string('x', 200) }).ResponseAsync);
        Assert.Equal(StatusCode.ResourceExhausted, ex.StatusCode);
        Assert.Equal(0, calls);
    }

    [Fact]
    public async Task Response_over_the_servers_send_limit_is_resource_exhausted()
    {
        await using var server = await TestServer.StartAsync(EchoService(), o => o.Server.MaxSendMessageSize = 100);
        var ex = await Assert.ThrowsAsync<RpcException>(() => server.Invoker.AsyncUnaryCall(TestMethods.Blob, null, new CallOptions(), new BytesValue { Value = ByteString.CopyFrom(new byte[500]) }).ResponseAsync);
        Assert.Equal(StatusCode.ResourceExhausted, ex.StatusCode);
    }

    [Fact]
    public async Task Request_stream_larger_than_kestrels_default_body_limit_is_accepted()
    {
        // Kestrel refuses bodies over 30 MB by default; gRPC routes lift that per request.
        await using var server = await TestServer.StartAsync(ServerServiceDefinition.CreateBuilder()
            .AddClientStreamingMethod(new Method<BytesValue, Int32Value>(MethodType.ClientStreaming, TestMethods.Service, "Upload", ProtobufMarshaller.For<BytesValue>(), ProtobufMarshaller.For<Int32Value>()),
                async (requests, context) =>
                {
                    var total = 0;
                    await foreach (var chunk in requests.ReadAllAsync()) total += chunk.Value.Length;
                    return new Int32Value { Value = total };
                })
            .Build());
        var upload = new Method<BytesValue, Int32Value>(MethodType.ClientStreaming, TestMethods.Service, "Upload", ProtobufMarshaller.For<BytesValue>(), ProtobufMarshaller.For<Int32Value>());
        using var call = server.Invoker.AsyncClientStreamingCall(upload, null, new CallOptions());
        var chunk = new BytesValue { Value = ByteString.CopyFrom(new byte[1024 * 1024]) };
        for (var i = 0; i < 34; i++) await call.RequestStream.WriteAsync(chunk);
        await call.RequestStream.CompleteAsync();
        Assert.Equal(34 * 1024 * 1024, (await call.ResponseAsync).Value);
    }

    // ---- framing ----

    [Fact]
    public async Task A_message_split_into_single_bytes_is_reassembled()
    {
        await using var server = await TestServer.StartAsync(EchoService());
        using var invoker = RawHttp.CreateInvoker(server.Server.Endpoint);
        var frame = RawHttp.Frame(new StringValue { Value = "split across many reads" }.ToByteArray());
        var chunks = frame.Select(b => new[] { b }).ToArray();
        var raw = await RawHttp.SendAsync(invoker, RawHttp.Request(TestMethods.Echo.FullName, new ChunkedContent(chunks)));
        Assert.Equal("0", raw.GrpcStatus());
        Assert.Equal("echo:split across many reads", StringValue.Parser.ParseFrom(raw.Body.AsSpan(5)).Value);
    }

    [Fact]
    public async Task Several_messages_in_one_write_are_all_read()
    {
        await using var server = await TestServer.StartAsync(EchoService());
        using var invoker = RawHttp.CreateInvoker(server.Server.Endpoint);
        var body = Enumerable.Range(1, 10).SelectMany(i => RawHttp.Frame(new Int32Value { Value = i }.ToByteArray())).ToArray();
        var raw = await RawHttp.SendAsync(invoker, RawHttp.Request(TestMethods.Sum.FullName, new ChunkedContent([body])));
        Assert.Equal("0", raw.GrpcStatus());
        Assert.Equal(55, Int32Value.Parser.ParseFrom(raw.Body.AsSpan(5)).Value);
    }

    [Fact]
    public async Task Zero_length_messages_round_trip()
    {
        await using var server = await TestServer.StartAsync(EchoService());
        var response = await server.Invoker.AsyncUnaryCall(TestMethods.Blob, null, new CallOptions(), new BytesValue()).ResponseAsync;
        Assert.True(response.Value.IsEmpty);

        using var call = server.Invoker.AsyncClientStreamingCall(TestMethods.Sum, null, new CallOptions());
        for (var i = 0; i < 3; i++) await call.RequestStream.WriteAsync(new Int32Value());
        await call.RequestStream.CompleteAsync();
        Assert.Equal(0, (await call.ResponseAsync).Value);
    }

    [Fact]
    public async Task A_body_that_ends_inside_a_message_is_internal()
    {
        var handlerEnded = new TaskCompletionSource<bool>(TaskCreationOptions.RunContinuationsAsynchronously);
        await using var server = await TestServer.StartAsync(EchoService(handlerEnded: handlerEnded));
        using var invoker = RawHttp.CreateInvoker(server.Server.Endpoint);
        var whole = RawHttp.Frame(new Int32Value { Value = 5 }.ToByteArray());
        var truncated = RawHttp.Frame([1, 2, 3], declaredLength: 10);
        var raw = await RawHttp.SendAsync(invoker, RawHttp.Request(TestMethods.Sum.FullName, new ChunkedContent([whole, truncated])));
        Assert.Equal("13", raw.GrpcStatus());
        Assert.True(await handlerEnded.Task.WaitAsync(TimeSpan.FromSeconds(10)));
    }

    [Fact]
    public async Task A_unary_request_without_a_message_is_internal()
    {
        await using var server = await TestServer.StartAsync(EchoService());
        using var invoker = RawHttp.CreateInvoker(server.Server.Endpoint);
        var raw = await RawHttp.SendAsync(invoker, RawHttp.Request(TestMethods.Echo.FullName, new ChunkedContent([])));
        Assert.Equal("13", raw.GrpcStatus());
    }

    [Fact]
    public async Task A_unary_request_with_two_messages_is_internal()
    {
        await using var server = await TestServer.StartAsync(EchoService());
        using var invoker = RawHttp.CreateInvoker(server.Server.Endpoint);
        var frame = RawHttp.Frame(new StringValue { Value = "a" }.ToByteArray());
        var raw = await RawHttp.SendAsync(invoker, RawHttp.Request(TestMethods.Echo.FullName, new ChunkedContent([frame, frame])));
        Assert.Equal("13", raw.GrpcStatus());
    }

    [Fact]
    public async Task An_unparseable_message_is_internal()
    {
        await using var server = await TestServer.StartAsync(EchoService());
        using var invoker = RawHttp.CreateInvoker(server.Server.Endpoint);
        var raw = await RawHttp.SendAsync(invoker, RawHttp.Request(TestMethods.Echo.FullName, new ChunkedContent([RawHttp.Frame([0xFF, 0xFF, 0xFF])])));
        Assert.Equal("13", raw.GrpcStatus());
    }

    // ---- protocol checks ----

    [Fact]
    public async Task Wrong_content_type_gets_415()
    {
        await using var server = await TestServer.StartAsync(EchoService());
        using var invoker = RawHttp.CreateInvoker(server.Server.Endpoint);
        var raw = await RawHttp.SendAsync(invoker, RawHttp.Request(TestMethods.Echo.FullName, new ChunkedContent([RawHttp.Frame([])], contentType: "application/json")));
        Assert.Equal(415, raw.StatusCode);
        Assert.Equal("13", raw.Headers["grpc-status"]);
    }

    [Fact]
    public async Task Content_type_with_a_subtype_is_accepted()
    {
        await using var server = await TestServer.StartAsync(EchoService());
        using var invoker = RawHttp.CreateInvoker(server.Server.Endpoint);
        var raw = await RawHttp.SendAsync(invoker, RawHttp.Request(TestMethods.Echo.FullName, new ChunkedContent([RawHttp.Frame(new StringValue { Value = "p" }.ToByteArray())], contentType: "application/grpc+proto")));
        Assert.Equal(200, raw.StatusCode);
        Assert.Equal("0", raw.GrpcStatus());
    }

    [Fact]
    public async Task Http11_requests_are_refused_with_426()
    {
        await using var server = await TestServer.StartAsync(EchoService(), o => o.Protocols = Microsoft.AspNetCore.Server.Kestrel.Core.HttpProtocols.Http1AndHttp2);
        using var invoker = RawHttp.CreateInvoker(server.Server.Endpoint);
        var request = RawHttp.Request(TestMethods.Echo.FullName, new ByteArrayContent(RawHttp.Frame([])), HttpVersion.Version11);
        request.Content!.Headers.TryAddWithoutValidation("Content-Type", "application/grpc");
        var raw = await RawHttp.SendAsync(invoker, request);
        Assert.Equal(426, raw.StatusCode);
        Assert.Equal("13", raw.Headers["grpc-status"]);
    }

    [Fact]
    public async Task Http2_only_listener_refuses_http11_connections()
    {
        await using var server = await TestServer.StartAsync(EchoService());
        using var invoker = RawHttp.CreateInvoker(server.Server.Endpoint);
        var request = RawHttp.Request(TestMethods.Echo.FullName, new ByteArrayContent(RawHttp.Frame([])), HttpVersion.Version11);
        var raw = await RawHttp.SendAsync(invoker, request);
        // Kestrel answers an HTTP/1.x request on an HTTP/2-only listener with 400 and closes the connection; the handler never runs.
        Assert.Equal(400, raw.StatusCode);
        Assert.Contains("HTTP/2 only", System.Text.Encoding.ASCII.GetString(raw.Body), StringComparison.Ordinal);
    }

    [Fact]
    public async Task Unknown_route_without_grpc_content_type_is_plain_404()
    {
        await using var server = await TestServer.StartAsync(EchoService());
        using var invoker = RawHttp.CreateInvoker(server.Server.Endpoint);
        var raw = await RawHttp.SendAsync(invoker, RawHttp.Request("/some/page", new ChunkedContent([], contentType: "text/plain")));
        Assert.Equal(404, raw.StatusCode);
        Assert.False(raw.Headers.ContainsKey("grpc-status"));
    }
}
