using System.Text.RegularExpressions;
using MigrateWcf.Generator.Corpus.Tests.Infrastructure;

namespace MigrateWcf.Generator.Corpus.Tests;

/// <summary>
/// The corpus exercises every row of the "What a contract becomes" table of docs/architecture.md: across all scenarios,
/// the emitted protos contain each construct the table promises.
/// </summary>
public sealed class CorpusCoverageTests
{
    // Row of the mapping table → what its proto form looks like.
    private static readonly (string Row, Regex Pattern)[] MappingRows =
    [
        ("[ServiceContract] → service with csharp_namespace", new Regex(@"^service \w+ \{", RegexOptions.Multiline)),
        ("csharp_namespace option", new Regex(@"^option csharp_namespace = ""[\w.]+"";", RegexOptions.Multiline)),
        ("[OperationContract] → rpc", new Regex(@"^\s*rpc \w+\(", RegexOptions.Multiline)),
        ("void / no parameters → google.protobuf.Empty", new Regex(@"google\.protobuf\.Empty")),
        ("CallbackContract / Stream → streaming rpc", new Regex(@"rpc \w+\(\s*stream |returns \(\s*stream ")),
        ("KnownType / inheritance → oneof", new Regex(@"^\s*oneof \w+ \{", RegexOptions.Multiline)),
        ("enum → proto enum", new Regex(@"^\s*enum \w+ \{", RegexOptions.Multiline)),
        ("enum zero value", new Regex(@"^\s*\w+ = 0;", RegexOptions.Multiline)),
        ("DateTime → google.protobuf.Timestamp", new Regex(@"google\.protobuf\.Timestamp")),
        ("TimeSpan → google.protobuf.Duration", new Regex(@"google\.protobuf\.Duration")),
        ("List<T> / T[] → repeated", new Regex(@"^\s*repeated ", RegexOptions.Multiline)),
        ("Dictionary<K,V> → map", new Regex(@"map<\w+,\s*[\w.]+>")),
        ("byte[] / Stream chunks → bytes", new Regex(@"\bbytes \w+ = \d+")),
        ("T? → optional or wrapper", new Regex(@"^\s*optional |google\.protobuf\.\w+Value", RegexOptions.Multiline)),
        ("Guid / Uri / char → string", new Regex(@"\bstring \w+ = \d+")),
    ];

    [Fact]
    public void CorpusOutput_CoversEveryRowOfTheMappingTable()
    {
        var protos = CorpusScenario.All.Where(s => !s.IsBroken)
            .SelectMany(s => EngineRun.FirstRun(s).ProtoFiles.Select(f => f.Content))
            .ToList();

        var missing = MappingRows.Where(r => !protos.Any(p => r.Pattern.IsMatch(p))).Select(r => r.Row).ToList();

        Assert.True(missing.Count == 0, "No corpus output shows: " + string.Join("; ", missing));
    }
}
