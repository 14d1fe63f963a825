using System.Text.RegularExpressions;
using MigrateWcf.Generator.Corpus.Tests.Infrastructure;

namespace MigrateWcf.Generator.Corpus.Tests;

/// <summary>
/// The corpus exercises every row of the "What a contract becomes" table of docs/architecture.md: across all scenarios,
/// the .proto files emitted for the contracts show each construct the table promises, in the form it names. The fixed
/// <c>migrate_wcf/common.proto</c> is left out: it is the same for every input, so it would satisfy a row (an enum, a
/// zero value) whatever the contracts became.
/// </summary>
public sealed class CorpusCoverageTests
{
    private const string CommonProto = "migrate_wcf/common.proto";

    // Row of the mapping table → what its proto form looks like in a contract's file.
    private static readonly (string Row, Regex Pattern)[] MappingRows =
    [
        ("[ServiceContract] → service", new Regex(@"^service \w+ \{", RegexOptions.Multiline)),
        ("option csharp_namespace = namespace + .Grpc", new Regex(@"^option csharp_namespace = ""[\w.]+\.Grpc"";", RegexOptions.Multiline)),
        ("[OperationContract] → rpc Op(OpRequest) returns (OpResponse)", new Regex(@"^\s*rpc (\w+)\(\1Request\) returns \(\1Response\)", RegexOptions.Multiline)),
        ("no parameters / void / IsOneWay → google.protobuf.Empty", new Regex(@"returns \(google\.protobuf\.Empty\)")),
        ("CallbackContract → a streaming Callbacks rpc with a oneof envelope", new Regex(@"rpc Callbacks\(stream [\w.]+\) returns \(stream [\w.]+\)")),
        ("Stream → streaming of google.protobuf.BytesValue chunks", new Regex(@"stream google\.protobuf\.BytesValue")),
        ("[FaultContract] → the rpc's comment names the status code", new Regex(@"^\s*//.*\b(FAILED_PRECONDITION|INVALID_ARGUMENT|NOT_FOUND|ABORTED|INTERNAL|UNKNOWN)\b", RegexOptions.Multiline)),
        ("[DataContract] → message", new Regex(@"^message \w+ \{", RegexOptions.Multiline)),
        ("KnownType / inheritance → oneof subtype", new Regex(@"^\s*oneof subtype \{", RegexOptions.Multiline)),
        ("enum → proto enum whose first value is zero", new Regex(@"^\s*enum \w+ \{\s*\n\s*\w+ = 0;", RegexOptions.Multiline)),
        ("DateTime → migrate_wcf.DateTime", new Regex(@"\bmigrate_wcf\.DateTime \w+ = \d+")),
        ("DateTimeOffset → migrate_wcf.DateTimeOffset", new Regex(@"\bmigrate_wcf\.DateTimeOffset \w+ = \d+")),
        ("TimeSpan → google.protobuf.Duration", new Regex(@"\bgoogle\.protobuf\.Duration \w+ = \d+")),
        ("decimal → migrate_wcf.Decimal", new Regex(@"\bmigrate_wcf\.Decimal \w+ = \d+")),
        ("Guid / Uri / char → string", new Regex(@"\bstring \w+ = \d+")),
        ("T? → proto3 optional", new Regex(@"^\s*optional ", RegexOptions.Multiline)),
        ("List<T> / T[] → repeated", new Regex(@"^\s*repeated ", RegexOptions.Multiline)),
        ("Dictionary<K,V> → map<K,V>", new Regex(@"map<\w+,\s*[\w.]+>")),
        ("byte[] → bytes", new Regex(@"\bbytes \w+ = \d+")),
        ("[WebGet] / [WebInvoke] → option (google.api.http)", new Regex(@"option \(google\.api\.http\)")),
        ("WCF's JSON names → json_name", new Regex(@"\[json_name = ""\w+""\]")),
    ];

    [Fact]
    public void CorpusOutput_CoversEveryRowOfTheMappingTable()
    {
        var protos = CorpusScenario.All.Where(s => !s.IsBroken)
            .SelectMany(s => EngineRun.FirstRun(s).ProtoFiles)
            .Where(f => f.RelativePath.Replace('\\', '/') != CommonProto)
            .Select(f => f.Content)
            .ToList();

        var missing = MappingRows.Where(r => !protos.Any(p => r.Pattern.IsMatch(p))).Select(r => r.Row).ToList();

        Assert.True(missing.Count == 0, "No corpus output shows: " + string.Join("; ", missing));
    }
}
