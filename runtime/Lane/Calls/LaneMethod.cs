using Google.Protobuf;
using Grpc.Core;
using Grpc.Core.Interceptors;

namespace MigrateWcf.Runtime;

/// <summary>What a call on the local lane reads and writes besides its context: the request of a method that takes one
/// message, the streamed requests of one that takes a stream, and the way out for a streamed response.</summary>
internal interface ILaneCallStreams
{
    /// <summary>The request message's bytes, when the method takes one message.</summary>
    ByteString Request { get; }

    /// <summary>The request stream, when the method takes one; null otherwise.</summary>
    LaneInbound? Requests { get; }

    /// <summary>Sends the next message of the response stream, waiting for the caller's credit.</summary>
    Task WriteResponseAsync(byte[] message, CancellationToken cancellationToken);
}

/// <summary>A method of a served service as the local lane calls it: request bytes in, response bytes out, through
/// the host's interceptors and the service's own handler (the generated adapter's override), for all four kinds of
/// gRPC method.</summary>
internal abstract class LaneMethod(string fullName, MethodType type)
{
    /// <summary>The method's full name, <c>/package.Service/Method</c>, as gRPC paths name it.</summary>
    public string FullName { get; } = fullName;

    /// <summary>Whether the method reads a stream of requests (client streaming and duplex).</summary>
    public bool StreamsRequests { get; } = type is MethodType.ClientStreaming or MethodType.DuplexStreaming;

    /// <summary>Whether the method writes a stream of responses (server streaming and duplex).</summary>
    public bool StreamsResponses { get; } = type is MethodType.ServerStreaming or MethodType.DuplexStreaming;

    /// <summary>Runs the call: a request that is not the method's message is the <see cref="RpcException"/>
    /// <paramref name="unparseable"/> gives. Returns the response's bytes, or null for a method that streams its
    /// responses (written through <paramref name="streams"/>).</summary>
    public abstract Task<byte[]?> InvokeAsync(ILaneCallStreams streams, LaneServerCallContext context, Func<RpcException> unparseable);

    public static LaneMethod Unary<TRequest, TResponse>(Method<TRequest, TResponse> method, UnaryServerMethod<TRequest, TResponse> handler, IReadOnlyList<Interceptor> interceptors)
        where TRequest : class
        where TResponse : class
        => new Typed<TRequest, TResponse>(method, Intercepted(handler, interceptors, (i, next) => (request, context) => i.UnaryServerHandler(request, context, next)));

    public static LaneMethod ClientStreaming<TRequest, TResponse>(Method<TRequest, TResponse> method, ClientStreamingServerMethod<TRequest, TResponse> handler, IReadOnlyList<Interceptor> interceptors)
        where TRequest : class
        where TResponse : class
        => new Typed<TRequest, TResponse>(method, Intercepted(handler, interceptors, (i, next) => (requests, context) => i.ClientStreamingServerHandler(requests, context, next)));

    public static LaneMethod ServerStreaming<TRequest, TResponse>(Method<TRequest, TResponse> method, ServerStreamingServerMethod<TRequest, TResponse> handler, IReadOnlyList<Interceptor> interceptors)
        where TRequest : class
        where TResponse : class
        => new Typed<TRequest, TResponse>(method, Intercepted(handler, interceptors, (i, next) => (request, responses, context) => i.ServerStreamingServerHandler(request, responses, context, next)));

    public static LaneMethod Duplex<TRequest, TResponse>(Method<TRequest, TResponse> method, DuplexStreamingServerMethod<TRequest, TResponse> handler, IReadOnlyList<Interceptor> interceptors)
        where TRequest : class
        where TResponse : class
        => new Typed<TRequest, TResponse>(method, Intercepted(handler, interceptors, (i, next) => (requests, responses, context) => i.DuplexStreamingServerHandler(requests, responses, context, next)));

    /// <summary>The handler inside the interceptors, the first outermost, as grpc-dotnet orders them.</summary>
    private static THandler Intercepted<THandler>(THandler handler, IReadOnlyList<Interceptor> interceptors, Func<Interceptor, THandler, THandler> wrap)
    {
        for (var i = interceptors.Count - 1; i >= 0; i--)
        {
            handler = wrap(interceptors[i], handler);
        }

        return handler;
    }

    private sealed class Typed<TRequest, TResponse>(Method<TRequest, TResponse> method, Delegate handler) : LaneMethod(method.FullName, method.Type)
        where TRequest : class
        where TResponse : class
    {
        public override async Task<byte[]?> InvokeAsync(ILaneCallStreams streams, LaneServerCallContext context, Func<RpcException> unparseable)
        {
            switch (handler)
            {
                case UnaryServerMethod<TRequest, TResponse> unary:
                    return Serialize(await unary(Parse(streams.Request.Memory, unparseable), context).ConfigureAwait(false));
                case ClientStreamingServerMethod<TRequest, TResponse> clientStreaming:
                    return Serialize(await clientStreaming(new RequestReader(this, streams.Requests!, unparseable, context.CancellationToken), context).ConfigureAwait(false));
                case ServerStreamingServerMethod<TRequest, TResponse> serverStreaming:
                    await serverStreaming(Parse(streams.Request.Memory, unparseable), new ResponseWriter(this, streams, context.CancellationToken), context).ConfigureAwait(false);
                    return null;
                default:
                    await ((DuplexStreamingServerMethod<TRequest, TResponse>)handler)(new RequestReader(this, streams.Requests!, unparseable, context.CancellationToken), new ResponseWriter(this, streams, context.CancellationToken), context)
                        .ConfigureAwait(false);
                    return null;
            }
        }

        private TRequest Parse(ReadOnlyMemory<byte> bytes, Func<RpcException> unparseable)
        {
            try
            {
                return method.RequestMarshaller.ContextualDeserializer(new LaneDeserializationContext(bytes));
            }
            catch (Exception)
            {
                // The deserializer parses bytes and nothing else: whatever it throws is about them (its text left out).
                throw unparseable();
            }
        }

        private byte[] Serialize(TResponse response) => LaneSerializationContext.Serialize(method.ResponseMarshaller, response);

        /// <summary>The request stream as the service reads it: false once the caller wrote its last message.</summary>
        private sealed class RequestReader(Typed<TRequest, TResponse> owner, LaneInbound requests, Func<RpcException> unparseable, CancellationToken callEnded) : IAsyncStreamReader<TRequest>
        {
            private TRequest? _current;

            public TRequest Current => _current ?? throw new InvalidOperationException("No current element is available.");

            public async Task<bool> MoveNext(CancellationToken cancellationToken)
            {
                using var both = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken, callEnded);
                if (await requests.ReadAsync(both.Token).ConfigureAwait(false) is not { } message)
                {
                    _current = null;
                    return false;
                }

                _current = owner.Parse(message.Memory, unparseable);
                return true;
            }
        }

        private sealed class ResponseWriter(Typed<TRequest, TResponse> owner, ILaneCallStreams streams, CancellationToken callEnded) : IServerStreamWriter<TResponse>
        {
            public WriteOptions? WriteOptions { get; set; }

            public Task WriteAsync(TResponse message) => WriteAsync(message, CancellationToken.None);

            public async Task WriteAsync(TResponse message, CancellationToken cancellationToken)
            {
                using var both = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken, callEnded);
                await streams.WriteResponseAsync(owner.Serialize(message), both.Token).ConfigureAwait(false);
            }
        }
    }
}
