using MigrateWcf.Runtime;

namespace MigrateWcf.Interop.Testing;

/// <summary>grpc.testing.TestService over MigrateWcf.Runtime, written by hand in the shape a protoc gRPC plugin emits
/// (method descriptors, a service base class, a binder and a typed client), so the generator can later emit the same.</summary>
public static class TestService
{
    public const string ServiceName = "grpc.testing.TestService";

    public static readonly Method<Empty, Empty> EmptyCallMethod =
        new(MethodType.Unary, ServiceName, "EmptyCall", ProtobufMarshaller.For<Empty>(), ProtobufMarshaller.For<Empty>());

    public static readonly Method<SimpleRequest, SimpleResponse> UnaryCallMethod =
        new(MethodType.Unary, ServiceName, "UnaryCall", ProtobufMarshaller.For<SimpleRequest>(), ProtobufMarshaller.For<SimpleResponse>());

    public static readonly Method<StreamingOutputCallRequest, StreamingOutputCallResponse> StreamingOutputCallMethod =
        new(MethodType.ServerStreaming, ServiceName, "StreamingOutputCall", ProtobufMarshaller.For<StreamingOutputCallRequest>(), ProtobufMarshaller.For<StreamingOutputCallResponse>());

    public static readonly Method<StreamingInputCallRequest, StreamingInputCallResponse> StreamingInputCallMethod =
        new(MethodType.ClientStreaming, ServiceName, "StreamingInputCall", ProtobufMarshaller.For<StreamingInputCallRequest>(), ProtobufMarshaller.For<StreamingInputCallResponse>());

    public static readonly Method<StreamingOutputCallRequest, StreamingOutputCallResponse> FullDuplexCallMethod =
        new(MethodType.DuplexStreaming, ServiceName, "FullDuplexCall", ProtobufMarshaller.For<StreamingOutputCallRequest>(), ProtobufMarshaller.For<StreamingOutputCallResponse>());

    public static readonly Method<StreamingOutputCallRequest, StreamingOutputCallResponse> HalfDuplexCallMethod =
        new(MethodType.DuplexStreaming, ServiceName, "HalfDuplexCall", ProtobufMarshaller.For<StreamingOutputCallRequest>(), ProtobufMarshaller.For<StreamingOutputCallResponse>());

    public static readonly Method<Empty, Empty> UnimplementedCallMethod =
        new(MethodType.Unary, ServiceName, "UnimplementedCall", ProtobufMarshaller.For<Empty>(), ProtobufMarshaller.For<Empty>());

    /// <summary>The server side: override what the service implements; the rest answers UNIMPLEMENTED.</summary>
    public abstract class TestServiceBase
    {
        public virtual Task<Empty> EmptyCall(Empty request, ServerCallContext context) => throw Unimplemented();

        public virtual Task<SimpleResponse> UnaryCall(SimpleRequest request, ServerCallContext context) => throw Unimplemented();

        public virtual Task StreamingOutputCall(StreamingOutputCallRequest request, IServerStreamWriter<StreamingOutputCallResponse> responseStream, ServerCallContext context) =>
            throw Unimplemented();

        public virtual Task<StreamingInputCallResponse> StreamingInputCall(IAsyncStreamReader<StreamingInputCallRequest> requestStream, ServerCallContext context) =>
            throw Unimplemented();

        public virtual Task FullDuplexCall(IAsyncStreamReader<StreamingOutputCallRequest> requestStream, IServerStreamWriter<StreamingOutputCallResponse> responseStream, ServerCallContext context) =>
            throw Unimplemented();

        public virtual Task HalfDuplexCall(IAsyncStreamReader<StreamingOutputCallRequest> requestStream, IServerStreamWriter<StreamingOutputCallResponse> responseStream, ServerCallContext context) =>
            throw Unimplemented();

        public virtual Task<Empty> UnimplementedCall(Empty request, ServerCallContext context) => throw Unimplemented();

        private static RpcException Unimplemented() => new(new Status(StatusCode.Unimplemented, ""));
    }

    public static ServerServiceDefinition BindService(TestServiceBase service)
    {
        ArgumentNullException.ThrowIfNull(service);
        return ServerServiceDefinition.CreateBuilder()
            .AddMethod(EmptyCallMethod, service.EmptyCall)
            .AddMethod(UnaryCallMethod, service.UnaryCall)
            .AddMethod(StreamingOutputCallMethod, service.StreamingOutputCall)
            .AddMethod(StreamingInputCallMethod, service.StreamingInputCall)
            .AddMethod(FullDuplexCallMethod, service.FullDuplexCall)
            .AddMethod(HalfDuplexCallMethod, service.HalfDuplexCall)
            .AddMethod(UnimplementedCallMethod, service.UnimplementedCall)
            .Build();
    }
}

/// <summary>grpc.testing.UnimplementedService: only its descriptor, since no server implements it.</summary>
public static class UnimplementedService
{
    public const string ServiceName = "grpc.testing.UnimplementedService";

    public static readonly Method<Empty, Empty> UnimplementedCallMethod =
        new(MethodType.Unary, ServiceName, "UnimplementedCall", ProtobufMarshaller.For<Empty>(), ProtobufMarshaller.For<Empty>());
}
