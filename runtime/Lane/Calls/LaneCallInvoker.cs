using System.Runtime.Versioning;
using Grpc.Core;
using MigrateWcf.Runtime.Protocol;

namespace MigrateWcf.Runtime;

/// <summary>
/// A channel's invoker with the local call lane (issue 30): unary calls travel as frames on the host's
/// <c>&lt;socket&gt;.calls</c> when it serves one (a blocking call waits on the frame's reply: no HTTP/2 request, no
/// sync-over-async), with their deadline, cancellation, headers (the session id) and the status and trailers (fault
/// details) they end with. Streaming calls, and every call when the host has no lane, go to <paramref name="http2"/>.
/// </summary>
[SupportedOSPlatform("linux")]
internal sealed class LaneCallInvoker(CallInvoker http2, LaneCallClient lane) : CallInvoker
{
    public override TResponse BlockingUnaryCall<TRequest, TResponse>(Method<TRequest, TResponse> method, string? host, CallOptions options, TRequest request)
    {
        if (lane.Connect() is not { } connection)
        {
            return http2.BlockingUnaryCall(method, host, options, request);
        }

        return Read(method, Start(connection, method, options, request).GetAwaiter().GetResult());
    }

    public override AsyncUnaryCall<TResponse> AsyncUnaryCall<TRequest, TResponse>(Method<TRequest, TResponse> method, string? host, CallOptions options, TRequest request)
    {
        if (lane.Connect() is not { } connection)
        {
            return http2.AsyncUnaryCall(method, host, options, request);
        }

        var reply = Start(connection, method, options, request);
        var call = new Ended(reply);
        return new AsyncUnaryCall<TResponse>(
            ReadAsync(method, reply),
            call.HeadersAsync(),
            call.Status,
            call.Trailers,
            // Disposing a call that has not ended cancels it, as grpc-dotnet's does.
            () =>
            {
                if (!reply.IsCompleted)
                {
                    connection.Cancel((ulong)reply.AsyncState!);
                }
            });
    }

    public override AsyncServerStreamingCall<TResponse> AsyncServerStreamingCall<TRequest, TResponse>(Method<TRequest, TResponse> method, string? host, CallOptions options, TRequest request)
        => http2.AsyncServerStreamingCall(method, host, options, request);

    public override AsyncClientStreamingCall<TRequest, TResponse> AsyncClientStreamingCall<TRequest, TResponse>(Method<TRequest, TResponse> method, string? host, CallOptions options)
        => http2.AsyncClientStreamingCall(method, host, options);

    public override AsyncDuplexStreamingCall<TRequest, TResponse> AsyncDuplexStreamingCall<TRequest, TResponse>(Method<TRequest, TResponse> method, string? host, CallOptions options)
        => http2.AsyncDuplexStreamingCall(method, host, options);

    private static Task<LaneReplyFrame> Start<TRequest, TResponse>(LaneCallClient.Connection connection, Method<TRequest, TResponse> method, CallOptions options, TRequest request)
        where TRequest : class
        where TResponse : class
    {
        if (options.Deadline is { } deadline && deadline <= DateTime.UtcNow)
        {
            return Task.FromResult(new LaneReplyFrame { Status = (int)StatusCode.DeadlineExceeded, Detail = "Deadline Exceeded" });
        }

        var serialized = new LaneSerializationContext();
        method.RequestMarshaller.ContextualSerializer(request, serialized);
        return connection.Call(method.FullName, serialized.Payload, options.Headers, options.Deadline, options.CancellationToken);
    }

    private static async Task<TResponse> ReadAsync<TRequest, TResponse>(Method<TRequest, TResponse> method, Task<LaneReplyFrame> reply)
        where TRequest : class
        where TResponse : class
        => Read(method, await reply.ConfigureAwait(false));

    private static TResponse Read<TRequest, TResponse>(Method<TRequest, TResponse> method, LaneReplyFrame reply)
        where TRequest : class
        where TResponse : class
    {
        if (reply.Status != (int)StatusCode.OK)
        {
            throw new RpcException(new Status((StatusCode)reply.Status, reply.Detail), LaneHeaders.ToMetadata(reply.Trailers));
        }

        return method.ResponseMarshaller.ContextualDeserializer(new LaneDeserializationContext(reply.Response.Memory));
    }

    /// <summary>What an <see cref="AsyncUnaryCall{TResponse}"/> reports besides its response, once the reply came.</summary>
    private sealed class Ended(Task<LaneReplyFrame> reply)
    {
        public async Task<Metadata> HeadersAsync() => LaneHeaders.ToMetadata((await reply.ConfigureAwait(false)).Headers);

        public Status Status() => reply.IsCompleted
            ? new Status((StatusCode)reply.Result.Status, reply.Result.Detail)
            : throw new InvalidOperationException("Unable to get the status because the call is not complete.");

        public Metadata Trailers() => reply.IsCompleted
            ? LaneHeaders.ToMetadata(reply.Result.Trailers)
            : throw new InvalidOperationException("Can't get the call trailers because the call has not completed successfully.");
    }
}
