using Google.Protobuf;
using Google.Protobuf.WellKnownTypes;
using MigrateWcf.Runtime;

namespace MigrateWcf.Runtime.Benchmarks;

/// <summary>This process's managed allocations and context switches so far, so the driver can report both per call
/// for both processes.</summary>
internal static class EchoStats
{
    public static Struct Current() => new()
    {
        Fields =
        {
            ["allocatedBytes"] = Value.ForNumber(GC.GetTotalAllocatedBytes(precise: true)),
            ["contextSwitches"] = Value.ForNumber(ProcessUsage.ContextSwitches()),
        },
    };

    public static readonly BytesValue StreamMessage = new() { Value = ByteString.CopyFrom([42]) };
}

/// <summary>The benchmarked service on grpc-dotnet (Grpc.AspNetCore): bench.proto's Echo.</summary>
internal sealed class GrpcDotnetEcho(AllocationSampler? sampler) : Protos.Echo.EchoBase
{
    public override Task<BytesValue> Unary(BytesValue request, Grpc.Core.ServerCallContext context) => Task.FromResult(request);

    public override async Task Stream(Int32Value request, Grpc.Core.IServerStreamWriter<BytesValue> responseStream, Grpc.Core.ServerCallContext context)
    {
        for (var i = 0; i < request.Value; i++)
        {
            await responseStream.WriteAsync(EchoStats.StreamMessage);
        }
    }

    public override Task<Struct> Stats(Empty request, Grpc.Core.ServerCallContext context) => Task.FromResult(EchoStats.Current());

    public override Task<StringValue> AllocationProfile(Int64Value request, Grpc.Core.ServerCallContext context) =>
        Task.FromResult(new StringValue { Value = sampler?.TakeReport(request.Value) ?? "" });
}

/// <summary>The same service on our own gRPC stack (runtime/ before it moved onto grpc-dotnet), for the comparison rows.</summary>
internal static class OwnEchoService
{
    private const string ServiceName = "bench.Echo";

    public static readonly Method<BytesValue, BytesValue> UnaryMethod =
        new(MethodType.Unary, ServiceName, "Unary", ProtobufMarshaller.For<BytesValue>(), ProtobufMarshaller.For<BytesValue>());

    public static readonly Method<Int32Value, BytesValue> StreamMethod =
        new(MethodType.ServerStreaming, ServiceName, "Stream", ProtobufMarshaller.For<Int32Value>(), ProtobufMarshaller.For<BytesValue>());

    public static ServerServiceDefinition Bind() => ServerServiceDefinition.CreateBuilder()
        .AddMethod(UnaryMethod, (request, _) => Task.FromResult(request))
        .AddMethod(StreamMethod, async (Int32Value request, IServerStreamWriter<BytesValue> stream, ServerCallContext _) =>
        {
            for (var i = 0; i < request.Value; i++)
            {
                await stream.WriteAsync(EchoStats.StreamMessage);
            }
        })
        .Build();
}
