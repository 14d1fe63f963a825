using System.Text.Json;
using MigrateWcf.Tool.Cli;
using MigrateWcf.Tool.Tests.Infrastructure;

namespace MigrateWcf.Tool.Tests;

public sealed class AnalyzeCommandTests
{
    [Fact]
    public async Task Text_ShowsCountsAndCleanMappings()
    {
        using var temp = new TempFolder();
        var input = temp.CopyFixture("Orders");

        var result = await MigrateWcfCli.RunAsync("analyze", input);

        Assert.True(result.Code == ExitCode.Success, result.ToString());
        Assert.Matches(@"Service contracts\s+1\b", result.Output);
        Assert.Matches(@"Operations\s+4\s+\d+ map cleanly", result.Output);
        Assert.Matches(@"Data types\s+\d+\s+\d+ map cleanly", result.Output);
        Assert.Contains("Findings:", result.Output);
        Assert.Matches(@"(?m)^  Contoso\.Orders\.IOrderService \(4 operations\) at IOrderService\.cs:\d+$", result.Output);
        Assert.Matches(@"(?m)^    PlaceOrder at IOrderService\.cs:\d+$", result.Output);
        Assert.Matches(@"(?m)^  Contoso\.Orders\.OrderStatus \(enum, 3 members\) at OrderData\.cs:\d+$", result.Output);
        Assert.Empty(result.Error);
    }

    private const string RestContracts = """
        using System.ServiceModel;
        using System.ServiceModel.Web;

        namespace Contoso.Rest
        {
            [ServiceContract]
            public interface ICatalog
            {
                [OperationContract]
                [WebGet(UriTemplate = "items/{id}/count", ResponseFormat = WebMessageFormat.Json)]
                int Count(string id);

                [OperationContract]
                [WebGet(UriTemplate = "items/{id}/name")]
                int Xml(string id);

                [OperationContract]
                [WebGet(UriTemplate = "img/{name}.{ext}", ResponseFormat = WebMessageFormat.Json)]
                int Image(string name, string ext);

                [OperationContract]
                int NotRest(string id);
            }

            [ServiceContract]
            public interface IClock
            {
                [OperationContract]
                [WebInvoke(UriTemplate = "reset/{zone}", ResponseFormat = WebMessageFormat.Json)]
                long Reset(string zone);
            }
        }
        """;

    [Fact]
    public async Task AFolderOfRestContracts_CountsTheRestOperationsAndThoseThatKeepTheirHttpShape()
    {
        using var temp = new TempFolder();
        temp.WriteFile("rest/ICatalog.cs", RestContracts);

        var text = await MigrateWcfCli.RunAsync("analyze", temp.Combine("rest"));
        var json = await MigrateWcfCli.RunAsync("analyze", temp.Combine("rest"), "--format", "json");

        // Count and Reset keep their shape; Xml answers JSON instead of XML (WCFM1019); Image is not served (WCFM1020).
        Assert.True(text.Code == ExitCode.Success, text.ToString());
        Assert.Matches(@"REST operations\s+4\s+2 keep their HTTP shape exactly", text.Output);
        using var report = JsonDocument.Parse(json.Output);
        ReportSchema.AssertConforms(report.RootElement);
        var summary = report.RootElement.GetProperty("summary");
        Assert.Equal(5, summary.GetProperty("operations").GetInt32());
        Assert.Equal(4, summary.GetProperty("restOperations").GetInt32());
        Assert.Equal(2, summary.GetProperty("restOperationsKeptExactly").GetInt32());
    }

    [Fact]
    public async Task ContractsWithoutRest_ShowNoRestLine()
    {
        using var temp = new TempFolder();
        var input = temp.CopyFixture("Orders");

        var result = await MigrateWcfCli.RunAsync("analyze", input);

        Assert.DoesNotContain("REST operations", result.Output);
    }

    [Fact]
    public async Task Json_HasTheDocumentedShape_AndCountsWhatIsThere()
    {
        using var temp = new TempFolder();
        var input = temp.CopyFixture("Orders");

        var result = await MigrateWcfCli.RunAsync("analyze", input, "--format", "json");

        Assert.True(result.Code == ExitCode.Success, result.ToString());
        using var json = JsonDocument.Parse(result.Output);
        ReportSchema.AssertConforms(json.RootElement);
        var root = json.RootElement;
        Assert.Equal(2, root.GetProperty("schemaVersion").GetInt32());
        Assert.Equal(input, root.GetProperty("input").GetString());
        Assert.Equal(3, root.GetProperty("sourceFiles").GetInt32());
        var summary = root.GetProperty("summary");
        Assert.Equal(1, summary.GetProperty("serviceContracts").GetInt32());
        Assert.Equal(4, summary.GetProperty("operations").GetInt32());
        Assert.InRange(summary.GetProperty("operationsMappedCleanly").GetInt32(), 0, 4);
        Assert.Equal(4, summary.GetProperty("dataTypes").GetInt32());

        var service = Assert.Single(root.GetProperty("services").EnumerateArray());
        Assert.Equal("Contoso.Orders.IOrderService", service.GetProperty("key").GetString());
        Assert.Equal("IOrderService.cs", service.GetProperty("file").GetString());
        Assert.Equal(
            ["CancelOrder", "GetOrder", "ListOrders", "PlaceOrder"],
            service.GetProperty("operations").EnumerateArray().Select(o => o.GetProperty("name").GetString()).Order(StringComparer.Ordinal));
        var dataTypes = root.GetProperty("dataTypes").EnumerateArray().ToDictionary(t => t.GetProperty("key").GetString()!);
        Assert.Equal(["Contoso.Orders.Order", "Contoso.Orders.OrderFault", "Contoso.Orders.OrderLine", "Contoso.Orders.OrderStatus"], dataTypes.Keys.Order(StringComparer.Ordinal));
        Assert.Equal("enum", dataTypes["Contoso.Orders.OrderStatus"].GetProperty("kind").GetString());
        Assert.Equal(3, dataTypes["Contoso.Orders.OrderStatus"].GetProperty("members").GetInt32());
        Assert.Equal("OrderData.cs", dataTypes["Contoso.Orders.Order"].GetProperty("file").GetString());
    }

    [Fact]
    public async Task Json_FindingsPointAtFilesRelativeToTheInput()
    {
        using var temp = new TempFolder();
        var input = temp.CopyFixture("Orders");

        var result = await MigrateWcfCli.RunAsync("analyze", input, "--format", "json");

        using var json = JsonDocument.Parse(result.Output);
        var findings = json.RootElement.GetProperty("findings").EnumerateArray().ToList();
        // The fixture has a FaultContract and PerCall instancing, both of which the rule catalog reports.
        Assert.NotEmpty(findings);
        foreach (var finding in findings.Where(f => f.GetProperty("file").ValueKind == JsonValueKind.String))
        {
            var file = finding.GetProperty("file").GetString()!;
            Assert.True(File.Exists(Path.Combine(input, file)), $"'{file}' is not a file relative to the input");
            Assert.DoesNotContain(temp.Path, file);
            Assert.True(finding.GetProperty("line").GetInt32() >= 1);
        }
    }

    [Fact]
    public async Task Json_IsTheSameOnEveryRun()
    {
        using var temp = new TempFolder();
        var input = temp.CopyFixture("Orders");

        var first = await MigrateWcfCli.RunAsync("analyze", input, "--format", "json");
        var second = await MigrateWcfCli.RunAsync("analyze", input, "--format", "json");

        Assert.Equal(first.Output, second.Output);
    }

    [Fact]
    public async Task SyntaxError_IsAnalysedAsFarAsPossible_AndReportedWithFileAndLine()
    {
        using var temp = new TempFolder();
        var input = temp.CopyFixture("Orders");
        temp.WriteFile("Orders/Broken/Half.cs", "namespace Contoso.Orders\n{\n    public class Half\n    {\n        public int X { get; set;\n");

        var result = await MigrateWcfCli.RunAsync("analyze", input, "--format", "json");

        Assert.Equal(ExitCode.FindingsWithErrors, result.Code);
        using var json = JsonDocument.Parse(result.Output);
        var errors = json.RootElement.GetProperty("findings").EnumerateArray()
            .Where(f => f.GetProperty("severity").GetString() == "error").ToList();
        Assert.NotEmpty(errors);
        Assert.All(errors, e =>
        {
            Assert.Equal("Broken/Half.cs", e.GetProperty("file").GetString());
            Assert.StartsWith("CS", e.GetProperty("ruleId").GetString());
            Assert.InRange(e.GetProperty("line").GetInt32(), 1, 6);
        });
        // The contract in the healthy files is still found.
        Assert.Equal(1, json.RootElement.GetProperty("summary").GetProperty("serviceContracts").GetInt32());
    }

    [Fact]
    public async Task TextFindings_ReadLikeCompilerDiagnostics()
    {
        using var temp = new TempFolder();
        var input = temp.CopyFixture("Orders");
        temp.WriteFile("Orders/Half.cs", "class Half {");

        var result = await MigrateWcfCli.RunAsync("analyze", input);

        Assert.Equal(ExitCode.FindingsWithErrors, result.Code);
        Assert.Matches(@"(?m)^  Half\.cs:1:\d+: error CS1513: ", result.Output);
    }

    [Fact]
    public async Task TwoDistinctFindingsAtOnePosition_BothReachTextAndJson()
    {
        // An operation that takes and returns a Stream gets two WCFM1008 findings at the same line and column.
        using var temp = new TempFolder();
        var input = temp.Combine("Files");
        temp.WriteFile("Files/IFiles.cs", """
            using System.IO;
            using System.ServiceModel;

            [ServiceContract]
            public interface IFiles
            {
                [OperationContract]
                Stream Transform(Stream data);
            }
            """);

        var text = await MigrateWcfCli.RunAsync("analyze", input);
        var json = await MigrateWcfCli.RunAsync("analyze", input, "--format", "json");

        Assert.True(text.Code == ExitCode.Success, text.ToString());
        var lines = text.Output.Split('\n').Where(l => l.Contains("WCFM1008", StringComparison.Ordinal) && !l.Contains("by rule:", StringComparison.Ordinal)).ToList();
        Assert.Equal(2, lines.Count);
        Assert.Single(lines, l => l.Contains("'IFiles.Transform' takes a Stream", StringComparison.Ordinal));
        Assert.Single(lines, l => l.Contains("'IFiles.Transform' returns a Stream", StringComparison.Ordinal));
        Assert.Equal(lines[0][..lines[0].IndexOf(": ", StringComparison.Ordinal)], lines[1][..lines[1].IndexOf(": ", StringComparison.Ordinal)]);

        using var report = JsonDocument.Parse(json.Output);
        ReportSchema.AssertConforms(report.RootElement);
        var findings = report.RootElement.GetProperty("findings").EnumerateArray().Where(f => f.GetProperty("ruleId").GetString() == "WCFM1008").ToList();
        Assert.Equal(2, findings.Count);
        Assert.Equal(findings[0].GetProperty("line").GetInt32(), findings[1].GetProperty("line").GetInt32());
        Assert.All(findings, f => Assert.Equal(["IFiles.Transform"], f.GetProperty("arguments").EnumerateArray().Select(a => a.GetString())));
    }

    [Fact]
    public async Task Json_FindingsCarryTheirArgumentsAndAdditionalLocations()
    {
        // Two data types named Item in one package: each finding names its type and points at the other one too.
        using var temp = new TempFolder();
        var input = temp.Combine("Clash");
        temp.WriteFile("Clash/Contracts.cs", """
            using System.Runtime.Serialization;
            using System.ServiceModel;

            namespace Orders { [DataContract(Namespace = "urn:shop")] public class Item { [DataMember] public int Id { get; set; } } }
            namespace Stock { [DataContract(Namespace = "urn:shop")] public class Item { [DataMember] public int Id { get; set; } } }
            [ServiceContract]
            public interface IShop { [OperationContract] void Put(Orders.Item order, Stock.Item stock); }
            """);

        var result = await MigrateWcfCli.RunAsync("analyze", input, "--format", "json");

        using var report = JsonDocument.Parse(result.Output);
        ReportSchema.AssertConforms(report.RootElement);
        var collisions = report.RootElement.GetProperty("findings").EnumerateArray().Where(f => f.GetProperty("ruleId").GetString() == "WCFM2008").ToList();
        Assert.Equal(2, collisions.Count);
        Assert.Equal(["Orders.Item", "Stock.Item"], collisions.Select(f => f.GetProperty("arguments")[0].GetString()).Order(StringComparer.Ordinal));
        foreach (var collision in collisions)
        {
            var other = Assert.Single(collision.GetProperty("additionalLocations").EnumerateArray());
            Assert.Equal("Contracts.cs", other.GetProperty("file").GetString());
            Assert.NotEqual(collision.GetProperty("line").GetInt32(), other.GetProperty("line").GetInt32());
        }
    }

    [Fact]
    public async Task CoreWcfContracts_AreFound()
    {
        using var temp = new TempFolder();
        var input = temp.CopyFixture("CoreWcfCalculator");

        var result = await MigrateWcfCli.RunAsync("analyze", input, "--format", "json");

        using var json = JsonDocument.Parse(result.Output);
        var summary = json.RootElement.GetProperty("summary");
        Assert.Equal(1, summary.GetProperty("serviceContracts").GetInt32());
        Assert.Equal(2, summary.GetProperty("operations").GetInt32());
    }

    [Fact]
    public async Task SingleFile_IsAnalysedAlone()
    {
        using var temp = new TempFolder();
        var input = temp.CopyFixture("Orders");

        var result = await MigrateWcfCli.RunAsync("analyze", Path.Combine(input, "IOrderService.cs"), "--format", "json");

        using var json = JsonDocument.Parse(result.Output);
        Assert.Equal(1, json.RootElement.GetProperty("sourceFiles").GetInt32());
        Assert.Equal(1, json.RootElement.GetProperty("summary").GetProperty("serviceContracts").GetInt32());
    }

    [Fact]
    public async Task SdkProject_SkipsRemovedFiles()
    {
        using var temp = new TempFolder();
        var project = temp.CopyFixture("SdkProject");

        var result = await MigrateWcfCli.RunAsync("analyze", Path.Combine(project, "SdkProject.csproj"), "--format", "json");

        Assert.True(result.Code == ExitCode.Success, result.ToString());
        using var json = JsonDocument.Parse(result.Output);
        Assert.Equal(1, json.RootElement.GetProperty("summary").GetProperty("operations").GetInt32());
    }

    [Fact]
    public async Task Progress_GoesToStderr_AndResultsStayClean()
    {
        using var temp = new TempFolder();
        var input = temp.CopyFixture("Orders");

        var result = await MigrateWcfCli.RunAsync(progressThreshold: 1, "analyze", input, "--format", "json");

        Assert.Contains("parsed 3 of 3 files", result.Error);
        Assert.Contains("found 1 service contracts", result.Error);
        using var json = JsonDocument.Parse(result.Output);
        Assert.Equal(1, json.RootElement.GetProperty("summary").GetProperty("serviceContracts").GetInt32());
    }

    [Fact]
    public async Task SmallInputs_PrintNoProgress()
    {
        using var temp = new TempFolder();
        var input = temp.CopyFixture("Orders");

        var result = await MigrateWcfCli.RunAsync("analyze", input, "--format", "json");

        Assert.Empty(result.Error);
    }
}
