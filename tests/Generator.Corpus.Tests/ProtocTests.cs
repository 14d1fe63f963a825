using MigrateWcf.Generator.Corpus.Tests.Infrastructure;

namespace MigrateWcf.Generator.Corpus.Tests;

/// <summary>Every emitted .proto set goes through Grpc.Tools' protoc, and the C# protoc writes through a real compilation.</summary>
public sealed class ProtocTests
{
    public static TheoryData<string> Scenarios => CorpusScenario.Names();

    // One protoc pass per scenario serves both the error and the warning test.
    private static readonly System.Collections.Concurrent.ConcurrentDictionary<string, Lazy<Protoc.Outcome>> Outcomes = new(StringComparer.Ordinal);

    private static Protoc.Outcome ProtocOutcome(string name, EngineResult result)
        => Outcomes.GetOrAdd(name, _ => new Lazy<Protoc.Outcome>(() => Protoc.CompileToCSharp(result.ProtoFiles))).Value;

    [Theory]
    [MemberData(nameof(Scenarios))]
    public void EmittedProtos_CompileWithProtocAndTheirCSharpCompiles(string name)
    {
        var result = EngineRun.FirstRun(CorpusScenario.Get(name));
        if (result.ProtoFiles.IsEmpty)
        {
            return;
        }

        var protoc = ProtocOutcome(name, result);

        Assert.True(protoc.ExitCode == 0, $"protoc rejected the emitted .proto files of {name} (exit {protoc.ExitCode}):\n{protoc.Output}\n{Listing(result)}");
        Assert.NotEmpty(protoc.CSharpFiles);
        var problems = CSharpCheck.Problems(protoc.CSharpFiles);
        Assert.True(problems.Count == 0, $"protoc's C# for {name} does not compile cleanly against Google.Protobuf:\n{string.Join("\n", problems)}");
    }

    [Theory]
    [MemberData(nameof(Scenarios))]
    public void EmittedProtos_ProduceNoProtocWarnings(string name)
    {
        var result = EngineRun.FirstRun(CorpusScenario.Get(name));
        if (result.ProtoFiles.IsEmpty)
        {
            return;
        }

        var protoc = ProtocOutcome(name, result);

        Assert.True(protoc.ExitCode == 0 && !protoc.Output.Contains("warning", StringComparison.OrdinalIgnoreCase), $"protoc warns about the emitted .proto files of {name}:\n{protoc.Output}");
    }

    [Fact]
    public void Protoc_RejectsAnInvalidProto()
    {
        // Proves the harness would catch a bad file: a field number reused in one message.
        var protoc = Protoc.CompileToCSharp([new GeneratedFile("bad.proto", "syntax = \"proto3\";\nmessage Order { int32 id = 1; string name = 1; }\n")]);

        Assert.NotEqual(0, protoc.ExitCode);
        Assert.Contains("bad.proto", protoc.Output);
    }

    [Fact]
    public void Protoc_ReportsAnUnusedImportAsAWarning()
    {
        // Proves the warning test would catch one.
        var protoc = Protoc.CompileToCSharp([new GeneratedFile("warn.proto", "syntax = \"proto3\";\nimport \"google/protobuf/empty.proto\";\nmessage Ping { int32 id = 1; }\n")]);

        Assert.Equal(0, protoc.ExitCode);
        Assert.Contains("warning", protoc.Output, StringComparison.OrdinalIgnoreCase);
    }

    [Fact]
    public void Protoc_AcceptsWellKnownTypesAndItsCSharpCompiles()
    {
        const string proto = """
            syntax = "proto3";
            package corpus.check;
            option csharp_namespace = "Corpus.Check";
            import "google/protobuf/timestamp.proto";
            import "google/protobuf/empty.proto";
            message Shipment { google.protobuf.Timestamp shipped_at = 1; optional int32 parcels = 2; map<string, int64> weights = 3; }
            service Shipping { rpc Ship(Shipment) returns (google.protobuf.Empty); }
            """;

        var protoc = Protoc.CompileToCSharp([new GeneratedFile("corpus/check.proto", proto)], fatalWarnings: true);

        Assert.True(protoc.ExitCode == 0, protoc.Output);
        Assert.Empty(CSharpCheck.Problems(protoc.CSharpFiles));
    }

    private static string Listing(EngineResult result)
        => string.Join("\n", result.ProtoFiles.Select(f => $"==== {f.RelativePath}\n{Numbered(f.Content)}"));

    private static string Numbered(string text)
        => string.Join("\n", text.Split('\n').Select((line, i) => $"{i + 1,4}: {line}"));
}
