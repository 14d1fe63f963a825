namespace MigrateWcf.Runtime;

/// <summary>A service's methods bound to their handlers; map it with <c>MapGrpcService</c>.</summary>
public sealed class ServerServiceDefinition
{
    private ServerServiceDefinition(IReadOnlyList<ServerMethodDefinition> methods) => Methods = methods;

    public IReadOnlyList<ServerMethodDefinition> Methods { get; }

    public static Builder CreateBuilder() => new();

    public sealed class Builder
    {
        private readonly List<ServerMethodDefinition> _methods = new();
        private readonly HashSet<string> _names = new(StringComparer.Ordinal);

        public Builder AddMethod<TRequest, TResponse>(Method<TRequest, TResponse> method, UnaryServerMethod<TRequest, TResponse> handler) =>
            Add(method, MethodType.Unary, handler);

        public Builder AddMethod<TRequest, TResponse>(Method<TRequest, TResponse> method, ClientStreamingServerMethod<TRequest, TResponse> handler) =>
            Add(method, MethodType.ClientStreaming, handler);

        public Builder AddMethod<TRequest, TResponse>(Method<TRequest, TResponse> method, ServerStreamingServerMethod<TRequest, TResponse> handler) =>
            Add(method, MethodType.ServerStreaming, handler);

        public Builder AddMethod<TRequest, TResponse>(Method<TRequest, TResponse> method, DuplexStreamingServerMethod<TRequest, TResponse> handler) =>
            Add(method, MethodType.DuplexStreaming, handler);

        // Named forms: a lambda whose parameters are not typed can match two of the AddMethod overloads; these never do.
        public Builder AddUnaryMethod<TRequest, TResponse>(Method<TRequest, TResponse> method, UnaryServerMethod<TRequest, TResponse> handler) =>
            AddMethod(method, handler);

        public Builder AddClientStreamingMethod<TRequest, TResponse>(Method<TRequest, TResponse> method, ClientStreamingServerMethod<TRequest, TResponse> handler) =>
            AddMethod(method, handler);

        public Builder AddServerStreamingMethod<TRequest, TResponse>(Method<TRequest, TResponse> method, ServerStreamingServerMethod<TRequest, TResponse> handler) =>
            AddMethod(method, handler);

        public Builder AddDuplexStreamingMethod<TRequest, TResponse>(Method<TRequest, TResponse> method, DuplexStreamingServerMethod<TRequest, TResponse> handler) =>
            AddMethod(method, handler);

        public ServerServiceDefinition Build() => new(_methods.ToArray());

        private Builder Add<TRequest, TResponse>(Method<TRequest, TResponse> method, MethodType handlerKind, Delegate handler)
        {
            ArgumentNullException.ThrowIfNull(method);
            ArgumentNullException.ThrowIfNull(handler);
            if (method.Type != handlerKind)
            {
                throw new ArgumentException($"Method {method.FullName} is {method.Type} but the handler is for {handlerKind}.", nameof(handler));
            }
            if (!_names.Add(method.FullName)) throw new ArgumentException($"Method {method.FullName} is already added.", nameof(method));
            _methods.Add(new ServerMethodDefinition<TRequest, TResponse>(method, handler));
            return this;
        }
    }
}

/// <summary>One method and its handler.</summary>
public abstract class ServerMethodDefinition
{
    private protected ServerMethodDefinition() { }

    public abstract IMethod Method { get; }
    public abstract Delegate Handler { get; }

    internal abstract Microsoft.AspNetCore.Http.RequestDelegate CreateRequestDelegate(Internal.ServerRuntime runtime);
}

internal sealed class ServerMethodDefinition<TRequest, TResponse>(Method<TRequest, TResponse> method, Delegate handler) : ServerMethodDefinition
{
    public override IMethod Method => method;
    public override Delegate Handler => handler;

    internal override Microsoft.AspNetCore.Http.RequestDelegate CreateRequestDelegate(Internal.ServerRuntime runtime) =>
        new Internal.ServerCallHandler<TRequest, TResponse>(method, handler, runtime).HandleCallAsync;
}
