namespace MigrateWcf.Runtime;

/// <summary>Starts calls; generated client classes talk to this. <paramref name="host"/> parameters exist for Grpc.Core compatibility and are ignored.</summary>
public abstract class CallInvoker
{
    public abstract TResponse BlockingUnaryCall<TRequest, TResponse>(Method<TRequest, TResponse> method, string? host, CallOptions options, TRequest request);
    public abstract AsyncUnaryCall<TResponse> AsyncUnaryCall<TRequest, TResponse>(Method<TRequest, TResponse> method, string? host, CallOptions options, TRequest request);
    public abstract AsyncServerStreamingCall<TResponse> AsyncServerStreamingCall<TRequest, TResponse>(Method<TRequest, TResponse> method, string? host, CallOptions options, TRequest request);
    public abstract AsyncClientStreamingCall<TRequest, TResponse> AsyncClientStreamingCall<TRequest, TResponse>(Method<TRequest, TResponse> method, string? host, CallOptions options);
    public abstract AsyncDuplexStreamingCall<TRequest, TResponse> AsyncDuplexStreamingCall<TRequest, TResponse>(Method<TRequest, TResponse> method, string? host, CallOptions options);
}

internal sealed class ChannelCallInvoker(GrpcChannel channel) : CallInvoker
{
    public override TResponse BlockingUnaryCall<TRequest, TResponse>(Method<TRequest, TResponse> method, string? host, CallOptions options, TRequest request)
    {
        using var call = AsyncUnaryCall(method, host, options, request);
        return call.ResponseAsync.GetAwaiter().GetResult();
    }

    public override AsyncUnaryCall<TResponse> AsyncUnaryCall<TRequest, TResponse>(Method<TRequest, TResponse> method, string? host, CallOptions options, TRequest request)
    {
        CheckType(method, MethodType.Unary);
        var call = new Internal.GrpcCall<TRequest, TResponse>(channel, method, options);
        var response = call.StartUnary(request);
        return new AsyncUnaryCall<TResponse>(response, call);
    }

    public override AsyncServerStreamingCall<TResponse> AsyncServerStreamingCall<TRequest, TResponse>(Method<TRequest, TResponse> method, string? host, CallOptions options, TRequest request)
    {
        CheckType(method, MethodType.ServerStreaming);
        var call = new Internal.GrpcCall<TRequest, TResponse>(channel, method, options);
        call.StartServerStreaming(request);
        return new AsyncServerStreamingCall<TResponse>(call.ResponseStream, call);
    }

    public override AsyncClientStreamingCall<TRequest, TResponse> AsyncClientStreamingCall<TRequest, TResponse>(Method<TRequest, TResponse> method, string? host, CallOptions options)
    {
        CheckType(method, MethodType.ClientStreaming);
        var call = new Internal.GrpcCall<TRequest, TResponse>(channel, method, options);
        var response = call.StartClientStreaming();
        return new AsyncClientStreamingCall<TRequest, TResponse>(call.RequestStream, response, call);
    }

    public override AsyncDuplexStreamingCall<TRequest, TResponse> AsyncDuplexStreamingCall<TRequest, TResponse>(Method<TRequest, TResponse> method, string? host, CallOptions options)
    {
        CheckType(method, MethodType.DuplexStreaming);
        var call = new Internal.GrpcCall<TRequest, TResponse>(channel, method, options);
        call.StartDuplexStreaming();
        return new AsyncDuplexStreamingCall<TRequest, TResponse>(call.RequestStream, call.ResponseStream, call);
    }

    private static void CheckType(IMethod method, MethodType expected)
    {
        ArgumentNullException.ThrowIfNull(method);
        if (method.Type != expected) throw new ArgumentException($"Method {method.FullName} is {method.Type}, not {expected}.", nameof(method));
    }
}
