using Google.Protobuf;
using Google.Protobuf.WellKnownTypes;
using MigrateWcf.Runtime;

namespace MigrateWcf.Runtime.Benchmarks;

/// <summary>The benchmarked service: a unary echo of a BytesValue and a server stream of N small messages.</summary>
internal static class EchoService
{
    private const string ServiceName = "bench.Echo";

    public static readonly Method<BytesValue, BytesValue> UnaryMethod =
        new(MethodType.Unary, ServiceName, "Unary", ProtobufMarshaller.For<BytesValue>(), ProtobufMarshaller.For<BytesValue>());

    public static readonly Method<Int32Value, BytesValue> StreamMethod =
        new(MethodType.ServerStreaming, ServiceName, "Stream", ProtobufMarshaller.For<Int32Value>(), ProtobufMarshaller.For<BytesValue>());

    /// <summary>The server's managed allocations and context switches so far, so the driver can report both per call
    /// for both processes.</summary>
    public static readonly Method<Empty, Struct> StatsMethod =
        new(MethodType.Unary, ServiceName, "Stats", ProtobufMarshaller.For<Empty>(), ProtobufMarshaller.For<Struct>());

    public static Struct CurrentStats() => new()
    {
        Fields =
        {
            ["allocatedBytes"] = Value.ForNumber(GC.GetTotalAllocatedBytes(precise: true)),
            ["contextSwitches"] = Value.ForNumber(ProcessUsage.ContextSwitches()),
        },
    };

    /// <summary>The server's sampled allocation profile since the last ask (empty unless started with --profile).</summary>
    public static readonly Method<Int64Value, StringValue> AllocationProfileMethod =
        new(MethodType.Unary, ServiceName, "AllocationProfile", ProtobufMarshaller.For<Int64Value>(), ProtobufMarshaller.For<StringValue>());

    private static readonly BytesValue StreamMessage = new() { Value = ByteString.CopyFrom([42]) };

    public static ServerServiceDefinition Bind(AllocationSampler? sampler) => ServerServiceDefinition.CreateBuilder()
        .AddMethod(UnaryMethod, (request, _) => Task.FromResult(request))
        .AddMethod(StreamMethod, async (Int32Value request, IServerStreamWriter<BytesValue> stream, ServerCallContext _) =>
        {
            for (var i = 0; i < request.Value; i++)
            {
                await stream.WriteAsync(StreamMessage);
            }
        })
        .AddMethod(StatsMethod, (Empty _, ServerCallContext _) => Task.FromResult(CurrentStats()))
        .AddMethod(AllocationProfileMethod, (Int64Value calls, ServerCallContext _) => Task.FromResult(new StringValue { Value = sampler?.TakeReport(calls.Value) ?? "" }))
        .Build();
}
