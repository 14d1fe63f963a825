using Grpc.Core;
using Grpc.Core.Interceptors;

namespace MigrateWcf.Runtime;

/// <summary>A unary method of a served service as the local lane calls it: request bytes in, response bytes out, through
/// the host's interceptors and the service's own handler (the generated adapter's override).</summary>
internal abstract class LaneMethod(string fullName)
{
    /// <summary>The method's full name, <c>/package.Service/Method</c>, as gRPC paths name it.</summary>
    public string FullName { get; } = fullName;

    /// <summary>Parses the request (a <see cref="RpcException"/> INVALID_ARGUMENT when the bytes are not its message),
    /// runs the call and returns the response's bytes.</summary>
    public abstract Task<byte[]> InvokeAsync(byte[] request, LaneServerCallContext context, Func<RpcException> unparseable);

    public static LaneMethod Create<TRequest, TResponse>(Method<TRequest, TResponse> method, UnaryServerMethod<TRequest, TResponse> handler, IReadOnlyList<Interceptor> interceptors)
        where TRequest : class
        where TResponse : class
        => new Unary<TRequest, TResponse>(method, Intercepted(handler, interceptors));

    /// <summary>The handler inside the interceptors, the first outermost, as grpc-dotnet orders them.</summary>
    private static UnaryServerMethod<TRequest, TResponse> Intercepted<TRequest, TResponse>(UnaryServerMethod<TRequest, TResponse> handler, IReadOnlyList<Interceptor> interceptors)
        where TRequest : class
        where TResponse : class
    {
        for (var i = interceptors.Count - 1; i >= 0; i--)
        {
            var (interceptor, next) = (interceptors[i], handler);
            handler = (request, context) => interceptor.UnaryServerHandler(request, context, next);
        }

        return handler;
    }

    private sealed class Unary<TRequest, TResponse>(Method<TRequest, TResponse> method, UnaryServerMethod<TRequest, TResponse> handler) : LaneMethod(method.FullName)
        where TRequest : class
        where TResponse : class
    {
        public override async Task<byte[]> InvokeAsync(byte[] request, LaneServerCallContext context, Func<RpcException> unparseable)
        {
            TRequest message;
            try
            {
                message = method.RequestMarshaller.ContextualDeserializer(new LaneDeserializationContext(request));
            }
            catch (Exception)
            {
                // The deserializer parses bytes and nothing else: whatever it throws is about them (its text left out).
                throw unparseable();
            }

            var response = await handler(message, context).ConfigureAwait(false);
            var serialized = new LaneSerializationContext();
            method.ResponseMarshaller.ContextualSerializer(response, serialized);
            return serialized.Payload;
        }
    }
}
