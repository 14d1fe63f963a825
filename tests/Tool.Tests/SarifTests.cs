using System.Reflection;
using System.Text.Json;
using MigrateWcf.Tool.Cli;
using MigrateWcf.Tool.Tests.Infrastructure;
using NJsonSchema;

namespace MigrateWcf.Tool.Tests;

/// <summary>
/// <c>analyze --format sarif</c> (validated against the SARIF 2.1.0 JSON schema), <c>--severity</c>, the summary, and
/// <c>--help</c> / <c>--version</c>.
/// </summary>
public sealed class SarifTests
{
    private const string Contracts = """
        using System.Runtime.Serialization;
        using System.ServiceModel;
        using System.Threading.Tasks;

        namespace Shop
        {
            [DataContract]
            public class Basket
            {
                [DataMember(Order = 1)] public object Tag { get; set; }
                [DataMember(Order = 2)] public int Count { get; set; }
            }

            [ServiceContract]
            public interface IShop
            {
                [OperationContract(IsOneWay = true)] Task PingAsync();
                [OperationContract] Task<Basket> GetAsync(int id);
            }
        }
        """;

    private const string Project = """
        <Project Sdk="Microsoft.NET.Sdk">
          <PropertyGroup><TargetFramework>net472</TargetFramework></PropertyGroup>
        </Project>
        """;

    /// <summary>A repository (a .git folder at its root) with a project in a folder whose name has a space and non-ASCII letters.</summary>
    private static string Repository(TempFolder temp)
    {
        Directory.CreateDirectory(temp.Combine("repo", ".git"));
        temp.WriteFile("repo/src/Shop Ünï/Shop.csproj", Project);
        temp.WriteFile("repo/src/Shop Ünï/Shop.cs", Contracts);
        return temp.Combine("repo", "src");
    }

    private static async Task<JsonSchema> SarifSchema()
    {
        var file = typeof(SarifTests).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>().Single(a => a.Key == "SarifSchemaFile").Value!;
        Assert.True(File.Exists(file), $"The SARIF 2.1.0 schema is missing at {file}: run scripts/setup.sh (it installs tests/Tool.Tests/sarif-schema from npm).");
        return await JsonSchema.FromJsonAsync(await File.ReadAllTextAsync(file));
    }

    [Fact]
    public async Task Sarif_ValidatesAgainstTheSarif210Schema()
    {
        using var temp = new TempFolder();
        var input = Repository(temp);
        // A syntax error too, so a compiler rule (CS####) and a result are in the log beside the catalog's rules.
        temp.WriteFile("repo/src/Shop Ünï/Broken.cs", "namespace Shop { public class Broken { int x = ; } }");

        var result = await MigrateWcfCli.RunAsync("analyze", input, "--format", "sarif");

        Assert.Equal(ExitCode.FindingsWithErrors, result.Code);
        var schema = await SarifSchema();
        var errors = schema.Validate(result.Output);
        Assert.True(errors.Count == 0, string.Join("\n", errors.Select(e => $"{e.Path}: {e.Kind}")));
        using var log = JsonDocument.Parse(result.Output);
        var run = log.RootElement.GetProperty("runs")[0];
        Assert.Equal("2.1.0", log.RootElement.GetProperty("version").GetString());
        Assert.Contains(run.GetProperty("results").EnumerateArray(), r => r.GetProperty("ruleId").GetString()!.StartsWith("CS", StringComparison.Ordinal));

        // The control: the same log with a level SARIF does not define is rejected, so the check above can fail.
        Assert.NotEmpty(schema.Validate(result.Output.Replace("\"level\": \"warning\"", "\"level\": \"fatal\"", StringComparison.Ordinal)));
    }

    [Fact]
    public async Task Sarif_RulesHaveHelpUrisToTheirPages_AndResultsPointAtTheirRule()
    {
        using var temp = new TempFolder();
        var result = await MigrateWcfCli.RunAsync("analyze", Repository(temp), "--format", "sarif");

        using var log = JsonDocument.Parse(result.Output);
        var run = log.RootElement.GetProperty("runs")[0];
        var rules = run.GetProperty("tool").GetProperty("driver").GetProperty("rules").EnumerateArray().ToList();
        var docs = Path.Combine(Infrastructure.Repository.Folder, "docs", "rules");
        foreach (var rule in rules)
        {
            var id = rule.GetProperty("id").GetString()!;
            var helpUri = rule.GetProperty("helpUri").GetString()!;
            Assert.EndsWith($"/docs/rules/{id}.md", helpUri);
            Assert.True(File.Exists(Path.Combine(docs, id + ".md")), $"{helpUri} has no page in docs/rules");
        }

        var results = run.GetProperty("results").EnumerateArray().ToList();
        Assert.Equal(["WCFM1001", "WCFM1014", "WCFM2001"], results.Select(r => r.GetProperty("ruleId").GetString()).Order(StringComparer.Ordinal));
        foreach (var r in results)
        {
            Assert.Equal(r.GetProperty("ruleId").GetString(), rules[r.GetProperty("ruleIndex").GetInt32()].GetProperty("id").GetString());
        }

        Assert.Equal(["note", "note", "warning"], results.Select(r => r.GetProperty("level").GetString()).Order(StringComparer.Ordinal));
    }

    [Fact]
    public async Task Sarif_LocationsAreRelativeToTheRepositoryRoot()
    {
        using var temp = new TempFolder();
        var result = await MigrateWcfCli.RunAsync("analyze", Repository(temp), "--format", "sarif");

        using var log = JsonDocument.Parse(result.Output);
        var run = log.RootElement.GetProperty("runs")[0];
        var root = run.GetProperty("originalUriBaseIds").GetProperty("SRCROOT").GetProperty("uri").GetString()!;
        Assert.Equal(new Uri(temp.Combine("repo") + "/").AbsoluteUri, root);
        foreach (var r in run.GetProperty("results").EnumerateArray())
        {
            var artifact = r.GetProperty("locations")[0].GetProperty("physicalLocation").GetProperty("artifactLocation");
            Assert.Equal("SRCROOT", artifact.GetProperty("uriBaseId").GetString());
            Assert.Equal("src/Shop%20%C3%9Cn%C3%AF/Shop.cs", artifact.GetProperty("uri").GetString());
            // The relative URI resolves to the file on disk.
            Assert.True(File.Exists(new Uri(new Uri(root), artifact.GetProperty("uri").GetString()).LocalPath));
        }
    }

    [Fact]
    public async Task Sarif_FingerprintsAreStableAcrossRuns_AndAcrossEditsAboveTheFinding()
    {
        using var temp = new TempFolder();
        var input = Repository(temp);

        var first = Fingerprints((await MigrateWcfCli.RunAsync("analyze", input, "--format", "sarif")).Output);
        var second = Fingerprints((await MigrateWcfCli.RunAsync("analyze", input, "--format", "sarif")).Output);
        temp.WriteFile("repo/src/Shop Ünï/Shop.cs", "// A comment added above.\n\n" + Contracts);
        var edited = Fingerprints((await MigrateWcfCli.RunAsync("analyze", input, "--format", "sarif")).Output);

        Assert.Equal(3, first.Distinct().Count());
        Assert.Equal(first, second);
        Assert.Equal(first, edited);
    }

    private static List<string> Fingerprints(string sarif)
    {
        using var log = JsonDocument.Parse(sarif);
        return log.RootElement.GetProperty("runs")[0].GetProperty("results").EnumerateArray()
            .Select(r => r.GetProperty("partialFingerprints").GetProperty("migrateWcf/v1").GetString()!)
            .ToList();
    }

    [Theory]
    [InlineData(null, ExitCode.Success, "WCFM1001 WCFM1014 WCFM2001")]
    [InlineData("info", ExitCode.FindingsWithErrors, "WCFM1001 WCFM1014 WCFM2001")]
    [InlineData("warning", ExitCode.FindingsWithErrors, "WCFM2001")]
    [InlineData("error", ExitCode.Success, "")]
    public async Task Severity_ListsFindingsAtOrAboveIt_AndFailsWhenOneIsListed(string? severity, ExitCode expected, string rules)
    {
        using var temp = new TempFolder();
        string[] args = ["analyze", Repository(temp), "--format", "json", .. severity is null ? Array.Empty<string>() : ["--severity", severity]];

        var result = await MigrateWcfCli.RunAsync(args);

        Assert.Equal(expected, result.Code);
        using var report = JsonDocument.Parse(result.Output);
        ReportSchema.AssertConforms(report.RootElement);
        Assert.Equal(rules, string.Join(" ", report.RootElement.GetProperty("findings").EnumerateArray().Select(f => f.GetProperty("ruleId").GetString()).Order(StringComparer.Ordinal)));
        var byRule = report.RootElement.GetProperty("summary").GetProperty("findingsByRule");
        Assert.Equal(rules, string.Join(" ", byRule.EnumerateObject().Select(p => p.Name)));
        Assert.All(byRule.EnumerateObject(), p => Assert.Equal(1, p.Value.GetInt32()));
    }

    [Fact]
    public async Task TextSummary_CountsProjectsContractsCleanMappings_AndFindingsByRule()
    {
        using var temp = new TempFolder();
        var result = await MigrateWcfCli.RunAsync("analyze", Repository(temp));

        Assert.Equal(ExitCode.Success, result.Code);
        var lines = result.Output.Split('\n').Select(l => l.TrimEnd()).ToList();
        Assert.Contains("  Projects                1", lines);
        Assert.Contains("  Service contracts       1", lines);
        Assert.Contains("  Operations              2   2 map cleanly", lines);
        Assert.Contains("  Data types              1   0 map cleanly", lines);
        Assert.Contains("  by rule: WCFM1001 1, WCFM1014 1, WCFM2001 1", lines);
    }

    [Fact]
    public async Task Sarif_RunSummary_HasTheCounts()
    {
        using var temp = new TempFolder();
        var result = await MigrateWcfCli.RunAsync("analyze", Repository(temp), "--format", "sarif");

        using var log = JsonDocument.Parse(result.Output);
        var summary = log.RootElement.GetProperty("runs")[0].GetProperty("properties").GetProperty("summary");
        Assert.Equal(1, summary.GetProperty("projects").GetInt32());
        Assert.Equal(1, summary.GetProperty("serviceContracts").GetInt32());
        Assert.Equal(2, summary.GetProperty("operationsMappedCleanly").GetInt32());
        Assert.Equal(0, summary.GetProperty("dataTypesMappedCleanly").GetInt32());
        Assert.Equal(1, summary.GetProperty("findingsByRule").GetProperty("WCFM2001").GetInt32());
    }

    [Fact]
    public async Task BadSeverity_IsUsageError()
    {
        using var temp = new TempFolder();
        var result = await MigrateWcfCli.RunAsync("analyze", Repository(temp), "--severity", "fatal");

        Assert.Equal(ExitCode.UsageError, result.Code);
        Assert.Contains("fatal", result.Error);
    }

    [Theory]
    [InlineData("--help")]
    [InlineData("analyze --help")]
    [InlineData("proto --help")]
    public async Task Help_EndsWithExamples_OfThatCommand(string commandLine)
    {
        var result = await MigrateWcfCli.RunAsync(commandLine.Split(' '));

        Assert.Equal(ExitCode.Success, result.Code);
        var examples = result.Output[result.Output.IndexOf("Examples:", StringComparison.Ordinal)..];
        var command = commandLine.Split(' ')[0];
        var lines = examples.Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries).Skip(1).ToList();
        Assert.NotEmpty(lines);
        Assert.All(lines, l => Assert.StartsWith(command == "--help" ? "migrate-wcf " : "migrate-wcf " + command + " ", l));
    }

    [Fact]
    public async Task Version_PrintsTheToolVersion()
    {
        var result = await MigrateWcfCli.RunAsync("--version");

        Assert.Equal(ExitCode.Success, result.Code);
        Assert.Equal(MigrateWcf.Tool.Output.ReportFacts.ToolVersion, result.Output.Trim());
    }
}
