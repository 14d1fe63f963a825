using MigrateWcf.Generator.Corpus.Tests.Infrastructure;

namespace MigrateWcf.Generator.Corpus.Tests;

/// <summary>
/// The emitted C# at work on the scenario NetFramework/EveryConversion (every conversion kind, every operation form):
/// the scenario's sources, protoc's output, the emitted C# and a driver (Drivers/EveryConversionDriver.cs) compiled
/// as a migrated project, loaded and run: FsCheck round trips of every data type judged by WCF's serializer, deep and
/// cyclic graphs refused, and the service hosted on a Unix socket by the generated hosting and called through the
/// generated proxy (Task-only and Begin/End-only operations, ref/out, streams, one-way, one-way and two-way callbacks).
/// </summary>
public sealed class EveryConversionTests(EveryConversionTests.Compiled compiled) : IClassFixture<EveryConversionTests.Compiled>
{
    [Fact]
    public void EveryDataType_RoundTripsThroughItsMessageAndBytes()
    {
        var cases = (int)compiled.Invoke("RoundTrips", 200)!;

        Assert.Equal(9 * 200, cases);
    }

    [Fact]
    public void DeepAndCyclicGraphs_AreRefusedWithAClearException()
    {
        var message = (string)compiled.Invoke("DeepAndCyclicGraphs")!;

        Assert.Equal("A Tailspin.Everything.Node is nested more than 100 data types deep, or its object graph has a cycle: a protobuf message is a tree of at most 100 levels.", message);
    }

    [Fact]
    public void Bytes_AreWrappedAndTakenOver_NotCopied_UnlessTheByteStringIsASlice()
    {
        var bytes = (string)compiled.Invoke("BytesWithoutSecondCopy")!;

        Assert.Equal("1,2,3,4,5|6,7,8", bytes);
    }

    [Fact]
    public Task EveryOperationForm_WorksEndToEndOverASocket()
        => DrivenScenario.WithSocketAsync("mwevery-", socket => (Task)compiled.Invoke("EndToEndAsync", socket)!);

    /// <summary>The scenario, protoc's output, the emitted C# and the driver, compiled once and loaded.</summary>
    public sealed class Compiled
    {
        private readonly DrivenScenario _scenario = new(
            "NetFramework/EveryConversion",
            "EveryConversionDriver.cs",
            "EveryConversionCheck.Driver",
            typeof(FsCheck.Fluent.Gen).Assembly,
            typeof(Microsoft.FSharp.Core.FSharpFunc<,>).Assembly);

        public object? Invoke(string method, params object[] arguments) => _scenario.Invoke(method, arguments);
    }
}
