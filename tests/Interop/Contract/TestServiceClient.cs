using MigrateWcf.Runtime;

namespace MigrateWcf.Interop.Testing;

/// <summary>A typed client of grpc.testing.TestService, in the shape a protoc gRPC plugin emits.</summary>
public sealed class TestServiceClient(CallInvoker callInvoker)
{
    public TestServiceClient(GrpcChannel channel) : this(channel.CreateCallInvoker())
    {
    }

    public CallInvoker CallInvoker { get; } = callInvoker ?? throw new ArgumentNullException(nameof(callInvoker));

    public AsyncUnaryCall<Empty> EmptyCallAsync(Empty request, CallOptions options = default) =>
        CallInvoker.AsyncUnaryCall(TestService.EmptyCallMethod, null, options, request);

    public AsyncUnaryCall<SimpleResponse> UnaryCallAsync(SimpleRequest request, CallOptions options = default) =>
        CallInvoker.AsyncUnaryCall(TestService.UnaryCallMethod, null, options, request);

    public AsyncServerStreamingCall<StreamingOutputCallResponse> StreamingOutputCall(StreamingOutputCallRequest request, CallOptions options = default) =>
        CallInvoker.AsyncServerStreamingCall(TestService.StreamingOutputCallMethod, null, options, request);

    public AsyncClientStreamingCall<StreamingInputCallRequest, StreamingInputCallResponse> StreamingInputCall(CallOptions options = default) =>
        CallInvoker.AsyncClientStreamingCall(TestService.StreamingInputCallMethod, null, options);

    public AsyncDuplexStreamingCall<StreamingOutputCallRequest, StreamingOutputCallResponse> FullDuplexCall(CallOptions options = default) =>
        CallInvoker.AsyncDuplexStreamingCall(TestService.FullDuplexCallMethod, null, options);

    public AsyncDuplexStreamingCall<StreamingOutputCallRequest, StreamingOutputCallResponse> HalfDuplexCall(CallOptions options = default) =>
        CallInvoker.AsyncDuplexStreamingCall(TestService.HalfDuplexCallMethod, null, options);

    public AsyncUnaryCall<Empty> UnimplementedCallAsync(Empty request, CallOptions options = default) =>
        CallInvoker.AsyncUnaryCall(TestService.UnimplementedCallMethod, null, options, request);
}

/// <summary>A typed client of grpc.testing.UnimplementedService.</summary>
public sealed class UnimplementedServiceClient(CallInvoker callInvoker)
{
    public AsyncUnaryCall<Empty> UnimplementedCallAsync(Empty request, CallOptions options = default) =>
        callInvoker.AsyncUnaryCall(UnimplementedService.UnimplementedCallMethod, null, options, request);
}
