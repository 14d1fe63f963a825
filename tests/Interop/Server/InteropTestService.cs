using Google.Protobuf;
using MigrateWcf.Interop.Testing;
using MigrateWcf.Runtime;

namespace MigrateWcf.Interop.Server;

/// <summary>grpc.testing.TestService as grpc's interop-test-descriptions.md asks of a server: payload sizes,
/// response intervals, echoed metadata and status, and the CompressedRequest / CompressedResponse features.</summary>
internal sealed class InteropTestService : TestService.TestServiceBase
{
    private const string EchoInitialKey = "x-grpc-test-echo-initial";
    private const string EchoTrailingKey = "x-grpc-test-echo-trailing-bin";
    private const string Gzip = "gzip";

    public override async Task<Empty> EmptyCall(Empty request, ServerCallContext context)
    {
        await EchoMetadataAsync(context);
        return new Empty();
    }

    public override async Task<SimpleResponse> UnaryCall(SimpleRequest request, ServerCallContext context)
    {
        await EchoMetadataAsync(context);
        EnsureCompression(request.ExpectCompressed, context);
        ThrowOnEchoStatus(request.ResponseStatus);
        if (request.ResponseCompressed is { } compressed)
        {
            UseResponseCompression(context, compressed.Value);
        }

        return new SimpleResponse { Payload = Zeros(request.ResponseSize) };
    }

    public override async Task StreamingOutputCall(StreamingOutputCallRequest request, IServerStreamWriter<StreamingOutputCallResponse> responseStream, ServerCallContext context)
    {
        await EchoMetadataAsync(context);
        ThrowOnEchoStatus(request.ResponseStatus);
        await WriteResponsesAsync(request, responseStream, context);
    }

    public override async Task<StreamingInputCallResponse> StreamingInputCall(IAsyncStreamReader<StreamingInputCallRequest> requestStream, ServerCallContext context)
    {
        await EchoMetadataAsync(context);
        var total = 0;
        while (await requestStream.MoveNext(context.CancellationToken))
        {
            EnsureCompression(requestStream.Current.ExpectCompressed, context);
            total += requestStream.Current.Payload?.Body.Length ?? 0;
        }

        return new StreamingInputCallResponse { AggregatedPayloadSize = total };
    }

    public override async Task FullDuplexCall(IAsyncStreamReader<StreamingOutputCallRequest> requestStream, IServerStreamWriter<StreamingOutputCallResponse> responseStream, ServerCallContext context)
    {
        await EchoMetadataAsync(context);
        while (await requestStream.MoveNext(context.CancellationToken))
        {
            ThrowOnEchoStatus(requestStream.Current.ResponseStatus);
            await WriteResponsesAsync(requestStream.Current, responseStream, context);
        }
    }

    public override async Task HalfDuplexCall(IAsyncStreamReader<StreamingOutputCallRequest> requestStream, IServerStreamWriter<StreamingOutputCallResponse> responseStream, ServerCallContext context)
    {
        await EchoMetadataAsync(context);
        var requests = new List<StreamingOutputCallRequest>();
        while (await requestStream.MoveNext(context.CancellationToken))
        {
            requests.Add(requestStream.Current);
        }

        foreach (var request in requests)
        {
            ThrowOnEchoStatus(request.ResponseStatus);
            await WriteResponsesAsync(request, responseStream, context);
        }
    }

    private static async Task WriteResponsesAsync(StreamingOutputCallRequest request, IServerStreamWriter<StreamingOutputCallResponse> responseStream, ServerCallContext context)
    {
        if (request.ResponseParameters.Any(p => p.Compressed?.Value == true))
        {
            context.ResponseCompressionAlgorithm = Gzip;
        }

        foreach (var parameters in request.ResponseParameters)
        {
            if (parameters.IntervalUs > 0)
            {
                await Task.Delay(TimeSpan.FromMicroseconds(parameters.IntervalUs), context.CancellationToken);
            }

            // Per message: a response asked to be uncompressed goes out with the flag 0 even on a gzip stream.
            responseStream.WriteOptions = parameters.Compressed?.Value == false ? new WriteOptions(WriteFlags.NoCompress) : null;
            await responseStream.WriteAsync(new StreamingOutputCallResponse { Payload = Zeros(parameters.Size) });
        }
    }

    private static void UseResponseCompression(ServerCallContext context, bool compress)
    {
        if (compress)
        {
            context.ResponseCompressionAlgorithm = Gzip;
            context.WriteOptions = null;
        }
        else
        {
            context.WriteOptions = new WriteOptions(WriteFlags.NoCompress);
        }
    }

    /// <summary>CompressedRequest: a message that says it was compressed must have arrived with the compressed flag set.</summary>
    private static void EnsureCompression(BoolValue? expectCompressed, ServerCallContext context)
    {
        if (expectCompressed?.Value == true && !context.IsLastRequestMessageCompressed())
        {
            throw new RpcException(new Status(StatusCode.InvalidArgument,
                $"Expected a compressed request message, got an uncompressed one (grpc-encoding '{context.GetRequestEncoding() ?? "identity"}')."));
        }
    }

    private static void ThrowOnEchoStatus(EchoStatus? status)
    {
        if (status is { Code: not 0 })
        {
            throw new RpcException(new Status((StatusCode)status.Code, status.Message));
        }
    }

    private static async Task EchoMetadataAsync(ServerCallContext context)
    {
        var initial = context.RequestHeaders.Get(EchoInitialKey);
        if (initial is not null)
        {
            await context.WriteResponseHeadersAsync(new Metadata { initial });
        }

        foreach (var trailing in context.RequestHeaders.GetAll(EchoTrailingKey))
        {
            context.ResponseTrailers.Add(trailing);
        }
    }

    private static Payload Zeros(int size) => new() { Body = ByteString.CopyFrom(new byte[size]) };
}
