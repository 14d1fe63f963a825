using Google.Protobuf;
using Google.Protobuf.WellKnownTypes;

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

/// <summary>The benchmarked service on grpc-dotnet (Grpc.AspNetCore, hosted by MigrateWcf.Runtime): bench.proto's Echo.</summary>
internal sealed class GrpcDotnetEcho(AllocationSampler? sampler) : Protos.Echo.EchoBase
{
    public override Task<BytesValue> Unary(BytesValue request, global::Grpc.Core.ServerCallContext context) => Task.FromResult(request);

    public override async Task Stream(Int32Value request, global::Grpc.Core.IServerStreamWriter<BytesValue> responseStream, global::Grpc.Core.ServerCallContext context)
    {
        for (var i = 0; i < request.Value; i++)
        {
            await responseStream.WriteAsync(EchoStats.StreamMessage);
        }
    }

    public override Task<Struct> Stats(Empty request, global::Grpc.Core.ServerCallContext context) => Task.FromResult(EchoStats.Current());

    public override Task<StringValue> AllocationProfile(Int64Value request, global::Grpc.Core.ServerCallContext context) =>
        Task.FromResult(new StringValue { Value = sampler?.TakeReport(request.Value) ?? "" });
}
