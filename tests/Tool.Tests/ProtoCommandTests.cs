using System.Runtime.Versioning;
using System.Text.RegularExpressions;
using MigrateWcf.Tool.Cli;
using MigrateWcf.Tool.Commands;
using MigrateWcf.Tool.Tests.Infrastructure;

namespace MigrateWcf.Tool.Tests;

public sealed class ProtoCommandTests
{
    [Fact]
    public async Task Folder_WritesProtoFilesAndTheLockFile_AndListsThemOnStdout()
    {
        using var temp = new TempFolder();
        var input = temp.CopyFixture("Orders");
        var output = temp.Combine("protos");

        var result = await MigrateWcfCli.RunAsync("proto", input, "--out", output);

        Assert.True(result.Code == ExitCode.Success, result.ToString());
        var files = TempFolder.Snapshot(output);
        Assert.Contains(ProtoCommand.LockFileName, files.Keys);
        var protos = files.Where(f => f.Key.EndsWith(".proto", StringComparison.Ordinal)).ToList();
        var service = Assert.Single(protos, p => p.Value.Contains("service OrderService", StringComparison.Ordinal));
        Assert.Contains("rpc PlaceOrder", service.Value);
        Assert.Contains("rpc CancelOrder", service.Value);
        Assert.Contains("message Order ", string.Concat(protos.Select(p => p.Value)));
        Assert.All(protos, p => Assert.Contains($"created   {Path.Join(output, p.Key)}", result.Output));
        Assert.Contains($"created   {Path.Join(output, ProtoCommand.LockFileName)}", result.Output);
        Assert.Contains("1 service contract(s), 4 operation(s)", result.Output);
    }

    [Fact]
    public async Task SecondRunWithoutChanges_LeavesEveryFileUnchanged()
    {
        using var temp = new TempFolder();
        var input = temp.CopyFixture("Orders");
        var output = temp.Combine("protos");
        await MigrateWcfCli.RunAsync("proto", input, "--out", output);
        var first = TempFolder.Snapshot(output);

        var result = await MigrateWcfCli.RunAsync("proto", input, "--out", output);

        Assert.True(result.Code == ExitCode.Success, result.ToString());
        Assert.Equal(first, TempFolder.Snapshot(output));
        Assert.DoesNotContain("created", result.Output);
        Assert.DoesNotContain("replaced", result.Output);
        Assert.Contains("unchanged", result.Output);
    }

    [Fact]
    public async Task HandEditedProto_WithoutForce_IsAConflict_AndNothingChanges()
    {
        using var temp = new TempFolder();
        var input = temp.CopyFixture("Orders");
        var output = temp.Combine("protos");
        await MigrateWcfCli.RunAsync("proto", input, "--out", output);
        File.AppendAllText(ServiceProto(output), "// my edit\n");
        var before = TempFolder.Snapshot(output);

        var result = await MigrateWcfCli.RunAsync("proto", input, "--out", output);

        Assert.Equal(ExitCode.OutputConflict, result.Code);
        Assert.Contains("--force", Assert.Single(result.ErrorLines));
        Assert.Equal(before, TempFolder.Snapshot(output));
    }

    [Fact]
    public async Task HandEditedProto_WithForce_IsReplaced()
    {
        using var temp = new TempFolder();
        var input = temp.CopyFixture("Orders");
        var output = temp.Combine("protos");
        await MigrateWcfCli.RunAsync("proto", input, "--out", output);
        var generated = TempFolder.Snapshot(output);
        File.AppendAllText(ServiceProto(output), "// my edit\n");

        var result = await MigrateWcfCli.RunAsync("proto", input, "--out", output, "--force");

        Assert.True(result.Code == ExitCode.Success, result.ToString());
        Assert.Contains("replaced", result.Output);
        Assert.Equal(generated, TempFolder.Snapshot(output));
    }

    [Fact]
    public async Task LockFile_IsReadBack_SoExistingFieldsKeepTheirNumbersWhenAMemberIsAdded()
    {
        using var temp = new TempFolder();
        var input = temp.CopyFixture("Orders");
        var output = temp.Combine("protos");
        var first = await MigrateWcfCli.RunAsync("proto", input, "--out", output);
        Assert.True(first.Code == ExitCode.Success, first.ToString());
        var before = FieldNumbers(ReadProto(output), "Order");

        // Without an Order, DataContractSerializer sorts members by name, so a member named "AaaFirst" comes first.
        var data = Path.Combine(input, "OrderData.cs");
        File.WriteAllText(data, File.ReadAllText(data).Replace(
            "        [DataMember]\n        public Guid Id { get; set; }",
            "        [DataMember]\n        public string AaaFirst { get; set; }\n\n        [DataMember]\n        public Guid Id { get; set; }"));
        var second = await MigrateWcfCli.RunAsync("proto", input, "--out", output, "--force");

        Assert.True(second.Code == ExitCode.Success, second.ToString());
        var after = FieldNumbers(ReadProto(output), "Order");
        foreach (var (field, number) in before)
        {
            Assert.Equal(number, after[field]);
        }

        var added = Assert.Single(after.Keys.Except(before.Keys));
        Assert.DoesNotContain(after[added], before.Values);
    }

    [Fact]
    public async Task SyntaxErrors_AreFindingsWithFileAndLine_AndNothingIsWritten()
    {
        using var temp = new TempFolder();
        var input = temp.CopyFixture("Orders");
        temp.WriteFile("Orders/Broken.cs", "namespace Contoso.Orders\n{\n    public class Broken {\n        public int X { get; set;\n}\n");
        var output = temp.Combine("protos");

        var result = await MigrateWcfCli.RunAsync("proto", input, "--out", output);

        Assert.Equal(ExitCode.FindingsWithErrors, result.Code);
        Assert.Matches(@"(?m)^Broken\.cs:\d+:\d+: error CS\d{4}: ", result.Error);
        Assert.Contains("nothing was written", result.Error);
        Assert.False(Directory.Exists(output));
    }

    [Fact]
    public async Task ContractsWithoutOperations_AreInputError_AndNothingIsWritten()
    {
        using var temp = new TempFolder();
        var input = temp.WriteFile("Empty/IMarker.cs", """
            using System.ServiceModel;

            namespace Contoso.Markers
            {
                [ServiceContract]
                public interface IMarker
                {
                    void NotAnOperation();
                }
            }
            """);
        var output = temp.Combine("protos");

        var result = await MigrateWcfCli.RunAsync("proto", input, "--out", output);

        Assert.Equal(ExitCode.InputError, result.Code);
        Assert.Contains("have no operations", result.ErrorLines[^1]);
        Assert.False(Directory.Exists(output));
    }

    [Fact]
    public async Task SourcesWithoutServiceContracts_AreInputError_AndNothingIsWritten()
    {
        using var temp = new TempFolder();
        var input = temp.WriteFile("Plain/Calculator.cs", "namespace Plain { public class Calculator { public int Add(int a, int b) => a + b; } }");
        var output = temp.Combine("protos");

        var result = await MigrateWcfCli.RunAsync("proto", input, "--out", output);

        Assert.Equal(ExitCode.InputError, result.Code);
        Assert.Contains("no WCF service contract", result.ErrorLines[^1]);
        Assert.False(Directory.Exists(output));
    }

    [Fact]
    public async Task CoreWcfSources_BindThroughTheBuiltInDeclarations()
    {
        using var temp = new TempFolder();
        var input = temp.CopyFixture("CoreWcfCalculator");
        var output = temp.Combine("protos");

        var result = await MigrateWcfCli.RunAsync("proto", input, "--out", output);

        Assert.True(result.Code == ExitCode.Success, result.ToString());
        var proto = ReadProto(output);
        Assert.Contains("rpc Add", proto);
        Assert.Contains("rpc Divide", proto);
    }

    [Fact]
    public async Task OldStyleProject_GeneratesFromItsListedFilesOnly()
    {
        // The unlisted and excluded files hold syntax errors: reading them would fail the run.
        using var temp = new TempFolder();
        var project = temp.CopyFixture("OldStyleProject");
        var output = temp.Combine("protos");

        var result = await MigrateWcfCli.RunAsync("proto", Path.Combine(project, "OldStyle.csproj"), "--out", output);

        Assert.True(result.Code == ExitCode.Success, result.ToString());
        Assert.Contains("rpc Greet", ReadProto(output));
    }

    [Fact]
    public async Task OutputBelowARegularFile_IsOutputError_AndNothingIsCreated()
    {
        using var temp = new TempFolder();
        var input = temp.CopyFixture("Orders");
        temp.WriteFile("blocker", "a file where a folder is needed");
        var before = TempFolder.Snapshot(temp.Path);

        var result = await MigrateWcfCli.RunAsync("proto", input, "--out", temp.Combine("blocker", "protos"));

        Assert.Equal(ExitCode.OutputError, result.Code);
        Assert.Contains("cannot write to", Assert.Single(result.ErrorLines));
        Assert.Equal(before, TempFolder.Snapshot(temp.Path));
    }

    [FactWhenPermissionsEnforced]
    [UnsupportedOSPlatform("windows")]
    public async Task ReadOnlyOutputFolder_IsOutputError_AndItIsLeftAsItWas()
    {
        using var temp = new TempFolder();
        var input = temp.CopyFixture("Orders");
        var output = Directory.CreateDirectory(temp.Combine("protos")).FullName;
        File.SetUnixFileMode(output, UnixFileMode.UserRead | UnixFileMode.UserExecute);

        var result = await MigrateWcfCli.RunAsync("proto", input, "--out", output);

        Assert.Equal(ExitCode.OutputError, result.Code);
        Assert.Empty(Directory.EnumerateFileSystemEntries(output));
    }

    /// <summary>All generated .proto text, in path order.</summary>
    internal static string ReadProto(string output)
        => string.Concat(Directory.EnumerateFiles(output, "*.proto", SearchOption.AllDirectories).Order(StringComparer.Ordinal).Select(File.ReadAllText));

    private static string ServiceProto(string output)
        => Directory.EnumerateFiles(output, "*.proto", SearchOption.AllDirectories).Single(f => File.ReadAllText(f).Contains("service ", StringComparison.Ordinal));

    /// <summary>Field name → number of one message in proto text.</summary>
    internal static Dictionary<string, int> FieldNumbers(string proto, string message)
    {
        var body = Regex.Match(proto, @"message\s+" + message + @"\s*\{(?<body>[^}]*)\}").Groups["body"].Value;
        Assert.False(string.IsNullOrEmpty(body), $"message {message} not found in:\n{proto}");
        return Regex.Matches(body, @"(?m)^\s*(?:optional\s+|repeated\s+)?[\w.<>, ]+?\s+(?<name>\w+)\s*=\s*(?<number>\d+)\s*;")
            .ToDictionary(m => m.Groups["name"].Value, m => int.Parse(m.Groups["number"].Value, System.Globalization.CultureInfo.InvariantCulture));
    }
}
