using Google.Protobuf;
using Grpc.Core;
using MigrateWcf.Interop.Testing;
using MigrateWcf.Runtime;
using TestServiceClient = MigrateWcf.Interop.Testing.TestService.TestServiceClient;
using UnimplementedServiceClient = MigrateWcf.Interop.Testing.UnimplementedService.UnimplementedServiceClient;

namespace MigrateWcf.Interop.Client;

/// <summary>A case's assertion failed; the message says what was expected and what came.</summary>
internal sealed class CaseFailedException(string message) : Exception(message);

/// <summary>The client side of grpc's interop-test-descriptions.md, one method per case, on grpc-dotnet channels made by
/// <see cref="EndpointChannel"/>.</summary>
internal sealed class InteropCases(GrpcEndpoint endpoint)
{
    private const string SpecialStatusMessage = "\t\ntest with whitespace\r\nand Unicode BMP \u263a and non-BMP \U0001F608\t\n";

    // grpc-dotnet's way to compress one call's request messages: a request header it consumes.
    private static readonly Metadata CompressRequest = new() { { "grpc-internal-encoding-request", "gzip" } };

    public static IReadOnlyList<string> Names { get; } =
    [
        "empty_unary", "large_unary", "client_compressed_unary", "server_compressed_unary", "client_streaming",
        "server_streaming", "ping_pong", "empty_stream", "cancel_after_begin", "cancel_after_first_response",
        "timeout_on_sleeping_server", "custom_metadata", "status_code_and_message", "special_status_message",
        "unimplemented_method", "unimplemented_service",
    ];

    public async Task RunAsync(string name)
    {
        if (name == "server_compressed_unary")
        {
            // Needs the per-message compressed flag, so this case's channel has a recorder under grpc-dotnet's client.
            var recorder = new FrameFlagRecorder(EndpointChannel.CreateHandler(endpoint));
            using var tapped = EndpointChannel.Create(endpoint, recorder);
            await ServerCompressedUnaryAsync(new TestServiceClient(tapped), recorder);
            return;
        }

        using var channel = EndpointChannel.Create(endpoint);
        var client = new TestServiceClient(channel);
        Task run = name switch
        {
            "empty_unary" => EmptyUnaryAsync(client),
            "large_unary" => LargeUnaryAsync(client),
            "client_compressed_unary" => ClientCompressedUnaryAsync(client),
            "client_streaming" => ClientStreamingAsync(client),
            "server_streaming" => ServerStreamingAsync(client),
            "ping_pong" => PingPongAsync(client),
            "empty_stream" => EmptyStreamAsync(client),
            "cancel_after_begin" => CancelAfterBeginAsync(client),
            "cancel_after_first_response" => CancelAfterFirstResponseAsync(client),
            "timeout_on_sleeping_server" => TimeoutOnSleepingServerAsync(client),
            "custom_metadata" => CustomMetadataAsync(client),
            "status_code_and_message" => StatusCodeAndMessageAsync(client),
            "special_status_message" => SpecialStatusMessageAsync(client),
            "unimplemented_method" => UnimplementedMethodAsync(client),
            "unimplemented_service" => UnimplementedServiceAsync(new UnimplementedServiceClient(channel)),
            _ => throw new ArgumentException($"Unknown test case '{name}'; known: {string.Join(", ", Names)}."),
        };
        await run;
    }

    private static async Task EmptyUnaryAsync(TestServiceClient client)
    {
        var response = await client.EmptyCallAsync(new Empty());
        Check(response is not null, "the response is null");
    }

    private static async Task LargeUnaryAsync(TestServiceClient client)
    {
        var response = await client.UnaryCallAsync(new SimpleRequest { ResponseSize = 314159, Payload = Zeros(271828) });
        CheckZeros(response.Payload, 314159, "response");
    }

    private static async Task ClientCompressedUnaryAsync(TestServiceClient client)
    {
        static SimpleRequest Request(bool expectCompressed) => new()
        {
            ExpectCompressed = new BoolValue { Value = expectCompressed },
            ResponseSize = 314159,
            Payload = Zeros(271828),
        };

        // The probe: an uncompressed request that claims compression must be refused.
        await ExpectStatusAsync(StatusCode.InvalidArgument, () => client.UnaryCallAsync(Request(true)).ResponseAsync);

        var compressed = await client.UnaryCallAsync(Request(true), new CallOptions(CompressRequest));
        CheckZeros(compressed.Payload, 314159, "compressed call's response");
        var plain = await client.UnaryCallAsync(Request(false));
        CheckZeros(plain.Payload, 314159, "uncompressed call's response");
    }

    private static async Task ServerCompressedUnaryAsync(TestServiceClient client, FrameFlagRecorder recorder)
    {
        foreach (var compress in new[] { true, false })
        {
            recorder.Reset();
            var response = await client.UnaryCallAsync(new SimpleRequest
            {
                ResponseCompressed = new BoolValue { Value = compress },
                ResponseSize = 314159,
                Payload = Zeros(271828),
            });
            CheckZeros(response.Payload, 314159, $"response_compressed={compress} response");
            var flags = recorder.CompressedFlags;
            Check(flags.Count == 1 && flags[0] == compress,
                $"response_compressed={compress}: the response's message flags were [{string.Join(", ", flags)}]");
        }
    }

    private static async Task ClientStreamingAsync(TestServiceClient client)
    {
        using var call = client.StreamingInputCall();
        foreach (var size in new[] { 27182, 8, 1828, 45904 })
        {
            await call.RequestStream.WriteAsync(new StreamingInputCallRequest { Payload = Zeros(size) });
        }

        await call.RequestStream.CompleteAsync();
        var response = await call.ResponseAsync;
        Check(response.AggregatedPayloadSize == 74922, $"aggregated_payload_size is {response.AggregatedPayloadSize}, expected 74922");
    }

    private static async Task ServerStreamingAsync(TestServiceClient client)
    {
        int[] sizes = [31415, 9, 2653, 58979];
        var request = new StreamingOutputCallRequest();
        request.ResponseParameters.AddRange(sizes.Select(size => new ResponseParameters { Size = size }));
        using var call = client.StreamingOutputCall(request);
        var received = new List<int>();
        await foreach (var response in call.ResponseStream.ReadAllAsync())
        {
            CheckZeros(response.Payload, response.Payload.Body.Length, "response");
            received.Add(response.Payload.Body.Length);
        }

        Check(received.SequenceEqual(sizes), $"response sizes [{string.Join(", ", received)}], expected [{string.Join(", ", sizes)}]");
    }

    private static async Task PingPongAsync(TestServiceClient client)
    {
        (int Response, int Request)[] steps = [(31415, 27182), (9, 8), (2653, 1828), (58979, 45904)];
        using var call = client.FullDuplexCall();
        foreach (var (responseSize, requestSize) in steps)
        {
            await call.RequestStream.WriteAsync(Duplex(responseSize, requestSize));
            Check(await call.ResponseStream.MoveNext(CancellationToken.None), $"the stream ended before the {responseSize}-byte response");
            CheckZeros(call.ResponseStream.Current.Payload, responseSize, "response");
        }

        await call.RequestStream.CompleteAsync();
        Check(!await call.ResponseStream.MoveNext(CancellationToken.None), "more than four responses");
    }

    private static async Task EmptyStreamAsync(TestServiceClient client)
    {
        using var call = client.FullDuplexCall();
        await call.RequestStream.CompleteAsync();
        Check(!await call.ResponseStream.MoveNext(CancellationToken.None), "a response arrived on an empty stream");
    }

    private static async Task CancelAfterBeginAsync(TestServiceClient client)
    {
        using var cancellation = new CancellationTokenSource();
        using var call = client.StreamingInputCall(new CallOptions(cancellationToken: cancellation.Token));
        await cancellation.CancelAsync();
        await ExpectStatusAsync(StatusCode.Cancelled, () => call.ResponseAsync);
    }

    private static async Task CancelAfterFirstResponseAsync(TestServiceClient client)
    {
        using var cancellation = new CancellationTokenSource();
        using var call = client.FullDuplexCall(new CallOptions(cancellationToken: cancellation.Token));
        await call.RequestStream.WriteAsync(Duplex(31415, 27182));
        Check(await call.ResponseStream.MoveNext(CancellationToken.None), "no first response");
        CheckZeros(call.ResponseStream.Current.Payload, 31415, "first response");
        await cancellation.CancelAsync();
        await ExpectStatusAsync(StatusCode.Cancelled, () => call.ResponseStream.MoveNext(CancellationToken.None));
    }

    private static async Task TimeoutOnSleepingServerAsync(TestServiceClient client)
    {
        using var call = client.FullDuplexCall(new CallOptions(deadline: DateTime.UtcNow.AddMilliseconds(1)));
        try
        {
            await call.RequestStream.WriteAsync(new StreamingOutputCallRequest { Payload = Zeros(27182) });
        }
        catch (RpcException)
        {
            // The deadline may already have ended the call; the status is asserted below.
        }

        await ExpectStatusAsync(StatusCode.DeadlineExceeded, () => call.ResponseStream.MoveNext(CancellationToken.None));
    }

    private static async Task CustomMetadataAsync(TestServiceClient client)
    {
        const string initialKey = "x-grpc-test-echo-initial";
        const string initialValue = "test_initial_metadata_value";
        const string trailingKey = "x-grpc-test-echo-trailing-bin";
        byte[] trailingValue = [0xab, 0xab, 0xab];
        var options = new CallOptions(new Metadata { { initialKey, initialValue }, { trailingKey, trailingValue } });

        void Verify(Metadata headers, Metadata trailers, string where)
        {
            var initial = headers.GetAll(initialKey).ToList();
            Check(initial.Count == 1 && initial[0].Value == initialValue,
                $"{where}: initial metadata {initialKey} = [{string.Join(", ", initial)}]");
            var trailing = trailers.GetAll(trailingKey).ToList();
            Check(trailing.Count == 1 && trailing[0].ValueBytes.SequenceEqual(trailingValue),
                $"{where}: trailing metadata {trailingKey} = [{string.Join(", ", trailing.Select(e => Convert.ToHexString(e.ValueBytes)))}]");
        }

        using (var call = client.UnaryCallAsync(new SimpleRequest { ResponseSize = 314159, Payload = Zeros(271828) }, options))
        {
            var response = await call.ResponseAsync;
            CheckZeros(response.Payload, 314159, "UnaryCall response");
            Verify(await call.ResponseHeadersAsync, call.GetTrailers(), "UnaryCall");
        }

        using (var call = client.FullDuplexCall(options))
        {
            await call.RequestStream.WriteAsync(Duplex(314159, 271828));
            await call.RequestStream.CompleteAsync();
            var sizes = new List<int>();
            await foreach (var response in call.ResponseStream.ReadAllAsync())
            {
                sizes.Add(response.Payload.Body.Length);
            }

            Check(sizes.SequenceEqual([314159]), $"FullDuplexCall response sizes [{string.Join(", ", sizes)}]");
            Verify(await call.ResponseHeadersAsync, call.GetTrailers(), "FullDuplexCall");
        }
    }

    private static async Task StatusCodeAndMessageAsync(TestServiceClient client)
    {
        const string message = "test status message";
        var status = new EchoStatus { Code = 2, Message = message };
        await ExpectStatusAsync(StatusCode.Unknown, () => client.UnaryCallAsync(new SimpleRequest { ResponseStatus = status }).ResponseAsync, message);

        using var call = client.FullDuplexCall();
        await call.RequestStream.WriteAsync(new StreamingOutputCallRequest { ResponseStatus = status });
        await call.RequestStream.CompleteAsync();
        await ExpectStatusAsync(StatusCode.Unknown, () => call.ResponseStream.MoveNext(CancellationToken.None), message);
    }

    private static Task SpecialStatusMessageAsync(TestServiceClient client) =>
        ExpectStatusAsync(
            StatusCode.Unknown,
            () => client.UnaryCallAsync(new SimpleRequest { ResponseStatus = new EchoStatus { Code = 2, Message = SpecialStatusMessage } }).ResponseAsync,
            SpecialStatusMessage);

    private static Task UnimplementedMethodAsync(TestServiceClient client) =>
        ExpectStatusAsync(StatusCode.Unimplemented, () => client.UnimplementedCallAsync(new Empty()).ResponseAsync);

    private static Task UnimplementedServiceAsync(UnimplementedServiceClient client) =>
        ExpectStatusAsync(StatusCode.Unimplemented, () => client.UnimplementedCallAsync(new Empty()).ResponseAsync);

    private static StreamingOutputCallRequest Duplex(int responseSize, int requestSize)
    {
        var request = new StreamingOutputCallRequest { Payload = Zeros(requestSize) };
        request.ResponseParameters.Add(new ResponseParameters { Size = responseSize });
        return request;
    }

    private static Payload Zeros(int size) => new() { Body = ByteString.CopyFrom(new byte[size]) };

    private static void CheckZeros(Payload? payload, int size, string what)
    {
        Check(payload is not null, $"the {what} has no payload");
        Check(payload!.Body.Length == size, $"the {what} body has {payload.Body.Length} bytes, expected {size}");
        Check(!payload.Body.Span.ContainsAnyExcept((byte)0), $"the {what} body is not all zeros");
    }

    private static async Task ExpectStatusAsync(StatusCode code, Func<Task> call, string? message = null)
    {
        try
        {
            await call();
        }
        catch (RpcException e)
        {
            Check(e.StatusCode == code, $"expected status {code}, got {e.Status}");
            Check(message is null || e.Status.Detail == message,
                $"expected status message {Escape(message)}, got {Escape(e.Status.Detail)}");
            return;
        }

        throw new CaseFailedException($"expected status {code}, the call succeeded");
    }

    private static string Escape(string? text) => text is null ? "null" : System.Text.Json.JsonSerializer.Serialize(text);

    private static void Check(bool condition, string failure)
    {
        if (!condition)
        {
            throw new CaseFailedException(failure);
        }
    }
}
