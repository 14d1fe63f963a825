using System.Reflection;
using System.Runtime.Loader;
using Microsoft.CodeAnalysis;
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
    public async Task EveryOperationForm_WorksEndToEndOverASocket()
    {
        var directory = Path.Combine(Path.GetTempPath(), "mwevery-" + Guid.NewGuid().ToString("N")[..12]);
        try
        {
            await (Task)compiled.Invoke("EndToEndAsync", Path.Combine(directory, "grpc.sock"))!;
        }
        finally
        {
            if (Directory.Exists(directory))
            {
                Directory.Delete(directory, recursive: true);
            }
        }
    }

    /// <summary>The scenario, protoc's output, the emitted C# and the driver, compiled once and loaded.</summary>
    public sealed class Compiled
    {
        private readonly Type _driver;

        public Compiled()
        {
            var scenario = CorpusScenario.Get("NetFramework/EveryConversion");
            var result = EngineRun.CSharpRun(scenario);
            var protoc = Protoc.CompileToCSharp(result.ProtoFiles, fatalWarnings: true, grpc: true);
            Assert.True(protoc.ExitCode == 0, protoc.Output);
            using var driver = typeof(EveryConversionTests).Assembly.GetManifestResourceStream("EveryConversionDriver.cs")!;
            var generated = protoc.CSharpFiles.Concat(result.CSharpFiles.Select(f => (f.RelativePath, f.Content))).ToList();
            var legacy = scenario.Sources.Append(("EveryConversionDriver.cs", new StreamReader(driver).ReadToEnd()));
            var testReferences = new[] { typeof(FsCheck.Fluent.Gen).Assembly, typeof(Microsoft.FSharp.Core.FSharpFunc<,>).Assembly, typeof(Assert).Assembly }
                .Select(a => (MetadataReference)MetadataReference.CreateFromFile(a.Location));

            var (problems, image) = MigratedCompilation.Compile(generated, legacy, "EveryConversion.Migrated", testReferences);

            Assert.True(problems.Count == 0, string.Join("\n", problems));
            _driver = AssemblyLoadContext.Default.LoadFromStream(new MemoryStream(image!)).GetType("EveryConversionCheck.Driver", throwOnError: true)!;
        }

        public object? Invoke(string method, params object[] arguments)
        {
            try
            {
                return _driver.GetMethod(method, BindingFlags.Public | BindingFlags.Static)!.Invoke(null, arguments);
            }
            catch (TargetInvocationException e) when (e.InnerException is not null)
            {
                System.Runtime.ExceptionServices.ExceptionDispatchInfo.Throw(e.InnerException);
                throw;
            }
        }
    }
}
