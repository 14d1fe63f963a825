using Google.Protobuf;
using Grpc.Core;
using MigrateWcf.Interop.Testing;
using Microsoft.AspNetCore.Http;

namespace MigrateWcf.Interop.Server;

/// <summary>grpc.testing.TestService on grpc-dotnet, as grpc's interop-test-descriptions.md asks of a server: payload
/// sizes, response intervals, echoed metadata and status, and the CompressedRequest / CompressedResponse features.</summary>
internal sealed class InteropTestService : TestService.TestServiceBase
{
    /// <summary>HttpContext.Items key of the compressed flags of the request's messages (<see cref="RecordRequestFlags"/>).</summary>
    private const string RequestFlagsKey = "interop.request-message-flags";
    private const string EchoInitialKey = "x-grpc-test-echo-initial";
    private const string EchoTrailingKey = "x-grpc-test-echo-trailing-bin";

    // grpc-dotnet's way to turn on response compression for one call: a response header it consumes.
    private const string ResponseEncodingHeader = "grpc-internal-encoding-request";

    /// <summary>Middleware: records each request message's compressed flag, which grpc-dotnet's server API does not
    /// expose, so that CompressedRequest can check the flag itself rather than the grpc-encoding header.</summary>
    public static Task RecordRequestFlags(HttpContext context, RequestDelegate next)
    {
        var flags = new List<bool>();
        context.Items[RequestFlagsKey] = flags;
        context.Request.Body = new MessageFlagTap(context.Request.Body, flags.Add);
        return next(context);
    }

    public override async Task<Empty> EmptyCall(Empty request, ServerCallContext context)
    {
        await EchoMetadataAsync(context, compressResponses: false);
        return new Empty();
    }

    public override async Task<SimpleResponse> UnaryCall(SimpleRequest request, ServerCallContext context)
    {
        await EchoMetadataAsync(context, compressResponses: request.ResponseCompressed?.Value == true);
        EnsureCompression(request.ExpectCompressed, context);
        ThrowOnEchoStatus(request.ResponseStatus);
        if (request.ResponseCompressed?.Value == false)
        {
            context.WriteOptions = new WriteOptions(WriteFlags.NoCompress);
        }

        return new SimpleResponse { Payload = Zeros(request.ResponseSize) };
    }

    public override async Task StreamingOutputCall(StreamingOutputCallRequest request, IServerStreamWriter<StreamingOutputCallResponse> responseStream, ServerCallContext context)
    {
        await EchoMetadataAsync(context, compressResponses: request.ResponseParameters.Any(p => p.Compressed?.Value == true));
        ThrowOnEchoStatus(request.ResponseStatus);
        await WriteResponsesAsync(request, responseStream, context);
    }

    public override async Task<StreamingInputCallResponse> StreamingInputCall(IAsyncStreamReader<StreamingInputCallRequest> requestStream, ServerCallContext context)
    {
        await EchoMetadataAsync(context, compressResponses: false);
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
        await EchoMetadataAsync(context, compressResponses: false);
        while (await requestStream.MoveNext(context.CancellationToken))
        {
            ThrowOnEchoStatus(requestStream.Current.ResponseStatus);
            await WriteResponsesAsync(requestStream.Current, responseStream, context);
        }
    }

    public override async Task HalfDuplexCall(IAsyncStreamReader<StreamingOutputCallRequest> requestStream, IServerStreamWriter<StreamingOutputCallResponse> responseStream, ServerCallContext context)
    {
        await EchoMetadataAsync(context, compressResponses: false);
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

    /// <summary>CompressedRequest: a message that says it was compressed must have arrived with the compressed flag set.</summary>
    private static void EnsureCompression(BoolValue? expectCompressed, ServerCallContext context)
    {
        var flags = (List<bool>)context.GetHttpContext().Items[RequestFlagsKey]!;
        if (expectCompressed?.Value == true && flags.LastOrDefault() != true)
        {
            throw new RpcException(new Status(StatusCode.InvalidArgument, "Expected a compressed request message, got an uncompressed one."));
        }
    }

    private static void ThrowOnEchoStatus(EchoStatus? status)
    {
        if (status is { Code: not 0 })
        {
            throw new RpcException(new Status((StatusCode)status.Code, status.Message));
        }
    }

    private static async Task EchoMetadataAsync(ServerCallContext context, bool compressResponses)
    {
        var headers = new Metadata();
        if (context.RequestHeaders.Get(EchoInitialKey) is { } initial)
        {
            headers.Add(initial);
        }

        if (compressResponses)
        {
            headers.Add(ResponseEncodingHeader, "gzip");
        }

        if (headers.Count > 0)
        {
            await context.WriteResponseHeadersAsync(headers);
        }

        foreach (var trailing in context.RequestHeaders.GetAll(EchoTrailingKey))
        {
            context.ResponseTrailers.Add(trailing);
        }
    }

    private static Payload Zeros(int size) => new() { Body = ByteString.CopyFrom(new byte[size]) };
}
