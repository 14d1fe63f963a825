using System.Runtime.Versioning;
using Google.Protobuf;
using Grpc.Core;
using MigrateWcf.Runtime.Protocol;

namespace MigrateWcf.Runtime;

/// <summary>
/// A channel's invoker with the local call lane (issue 30): calls travel as frames on the host's
/// <c>&lt;socket&gt;.calls</c> when it serves one (a blocking call waits on the frame's reply, reading the connection
/// itself when nobody else does: no HTTP/2 request, no sync-over-async), with their deadline, cancellation, headers (the session id), streamed messages, and the status
/// and trailers (fault details) they end with. When the host has no lane, or the connection already carries as many
/// calls as the host allows, a call goes to <paramref name="http2"/>.
/// </summary>
internal sealed class LaneCallInvoker(CallInvoker http2, LaneCallClient lane) : CallInvoker
{
    public override TResponse BlockingUnaryCall<TRequest, TResponse>(Method<TRequest, TResponse> method, string? host, CallOptions options, TRequest request)
    {
        if (lane.Connect() is not { } connection || !connection.TryReserve())
        {
            return http2.BlockingUnaryCall(method, host, options, request);
        }

        if (Expired(connection, options) is { } expired)
        {
            return Read(method, expired);
        }

        return Read(method, connection.CallBlocking(method.FullName, Serialize(method, request), options.Headers, options.Deadline, options.CancellationToken));
    }

    public override AsyncUnaryCall<TResponse> AsyncUnaryCall<TRequest, TResponse>(Method<TRequest, TResponse> method, string? host, CallOptions options, TRequest request)
    {
        if (lane.Connect() is not { } connection || !connection.TryReserve())
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
    {
        if (lane.Connect() is not { } connection || !connection.TryReserve())
        {
            return http2.AsyncServerStreamingCall(method, host, options, request);
        }

        var call = StartStream(connection, method, options, Serialize(method, request));
        return new AsyncServerStreamingCall<TResponse>(new ResponseReader<TResponse>(call, method.ResponseMarshaller), call.Headers, call.Status, call.Trailers, () => DisposeCall(call));
    }

    public override AsyncClientStreamingCall<TRequest, TResponse> AsyncClientStreamingCall<TRequest, TResponse>(Method<TRequest, TResponse> method, string? host, CallOptions options)
    {
        if (lane.Connect() is not { } connection || !connection.TryReserve())
        {
            return http2.AsyncClientStreamingCall(method, host, options);
        }

        var call = StartStream(connection, method, options, request: null);
        return new AsyncClientStreamingCall<TRequest, TResponse>(
            new RequestWriter<TRequest>(call, method.RequestMarshaller), ReadAsync(method, call.Ended), call.Headers, call.Status, call.Trailers, () => DisposeCall(call));
    }

    public override AsyncDuplexStreamingCall<TRequest, TResponse> AsyncDuplexStreamingCall<TRequest, TResponse>(Method<TRequest, TResponse> method, string? host, CallOptions options)
    {
        if (lane.Connect() is not { } connection || !connection.TryReserve())
        {
            return http2.AsyncDuplexStreamingCall(method, host, options);
        }

        var call = StartStream(connection, method, options, request: null);
        return new AsyncDuplexStreamingCall<TRequest, TResponse>(
            new RequestWriter<TRequest>(call, method.RequestMarshaller), new ResponseReader<TResponse>(call, method.ResponseMarshaller), call.Headers, call.Status, call.Trailers,
            () => DisposeCall(call));
    }

    private static LaneStreamingCall StartStream<TRequest, TResponse>(LaneCallClient.Connection connection, Method<TRequest, TResponse> method, CallOptions options, byte[]? request)
        where TRequest : class
        where TResponse : class
    {
        var call = connection.Stream(method.FullName, request is null ? null : UnsafeByteOperations.UnsafeWrap(request), options.Headers, options.Deadline,
            method.Type is MethodType.ServerStreaming or MethodType.DuplexStreaming, options.CancellationToken);
        if (options.Deadline is { } deadline && deadline <= DateTime.UtcNow)
        {
            connection.EndNow(call.Id, StatusCode.DeadlineExceeded, "Deadline Exceeded");
        }

        return call;
    }

    // Disposing a call that has not ended cancels it, as grpc-dotnet's does.
    private static void DisposeCall(LaneStreamingCall call)
    {
        if (!call.Ended.IsCompleted)
        {
            call.Cancel();
        }
    }

    private static byte[] Serialize<TRequest, TResponse>(Method<TRequest, TResponse> method, TRequest request)
        where TRequest : class
        where TResponse : class
        => LaneSerializationContext.Serialize(method.RequestMarshaller, request);

    private static Task<LaneReplyFrame> Start<TRequest, TResponse>(LaneCallClient.Connection connection, Method<TRequest, TResponse> method, CallOptions options, TRequest request)
        where TRequest : class
        where TResponse : class
    {
        return Expired(connection, options) is { } expired
            ? Task.FromResult(expired)
            : connection.Call(method.FullName, Serialize(method, request), options.Headers, options.Deadline, options.CancellationToken);
    }

    /// <summary>The reply of a call whose deadline has passed before it was sent, or null.</summary>
    private static LaneReplyFrame? Expired(LaneCallClient.Connection connection, CallOptions options)
    {
        if (options.Deadline is not { } deadline || deadline > DateTime.UtcNow)
        {
            return null;
        }

        // Never sent: the host sends no END to count it out.
        connection.Unreserve();
        return new LaneReplyFrame { Status = (int)StatusCode.DeadlineExceeded, Detail = "Deadline Exceeded" };
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
            throw LaneStreamingCall.Error(reply);
        }

        return method.ResponseMarshaller.ContextualDeserializer(new LaneDeserializationContext(reply.Response.Memory));
    }

    /// <summary>What an <see cref="AsyncUnaryCall{TResponse}"/> reports besides its response, once the reply came.</summary>
    private sealed class Ended(Task<LaneReplyFrame> reply)
    {
        public async Task<Metadata> HeadersAsync() => LaneHeaders.ToMetadata((await reply.ConfigureAwait(false)).Headers);

        public Status Status() => LaneStreamingCall.Status(reply);

        public Metadata Trailers() => LaneStreamingCall.Trailers(reply);
    }

    /// <summary>A streamed response as the caller reads it.</summary>
    private sealed class ResponseReader<TResponse>(LaneStreamingCall call, Marshaller<TResponse> marshaller) : IAsyncStreamReader<TResponse>
    {
        private TResponse? _current;

        public TResponse Current => _current ?? throw new InvalidOperationException("No current element is available.");

        public async Task<bool> MoveNext(CancellationToken cancellationToken)
        {
            _current = await call.ReadAsync(cancellationToken).ConfigureAwait(false) is { } message
                ? marshaller.ContextualDeserializer(new LaneDeserializationContext(message.Memory))
                : default;
            return _current is not null;
        }
    }

    /// <summary>A streamed request as the caller writes it.</summary>
    private sealed class RequestWriter<TRequest>(LaneStreamingCall call, Marshaller<TRequest> marshaller) : IClientStreamWriter<TRequest>
    {
        public WriteOptions? WriteOptions { get; set; }

        public Task WriteAsync(TRequest message) => WriteAsync(message, CancellationToken.None);

        public Task WriteAsync(TRequest message, CancellationToken cancellationToken)
            => call.WriteAsync(LaneSerializationContext.Serialize(marshaller, message), cancellationToken);

        public Task CompleteAsync() => call.CompleteAsync();
    }
}
