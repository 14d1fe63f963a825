using System.Text.RegularExpressions;
using MigrateWcf.Tool.Cli;
using MigrateWcf.Tool.Tests.Infrastructure;

namespace MigrateWcf.Tool.Tests;

/// <summary>
/// <c>generate</c> builds what it wrote and reports each compiler error as a WCFM4030 finding at the original source
/// line, exit code 7 (NeedsEdits) when the project does not build. Two tests run the real <c>dotnet build</c> on the
/// examples of docs/rules/WCFM4030.md (so the page's story is checked by a build); the others put a stand-in
/// <c>dotnet</c> script on the command, which answers with captured MSBuild output, records how it was called, or
/// never ends. One class, so its builds of runtime/ never run side by side.
/// </summary>
public sealed partial class GenerateVerificationTests
{
    private static readonly string RulePage = Repository.Combine("docs", "rules", "WCFM4030.md");

    private static string RuntimeProject => Repository.Combine("runtime", "MigrateWcf.Runtime.csproj");

    /// <summary>The repository's settings the page's example lives under (above both the sources and --out).</summary>
    private const string WarningsAsErrors = "<Project><PropertyGroup><TreatWarningsAsErrors>true</TreatWarningsAsErrors></PropertyGroup></Project>";

    [Fact]
    public async Task ThePagesBeforeExample_DoesNotBuildUnderWarningsAsErrors_TheErrorIsAFindingAtTheOriginalPlace_AndTheExitCodeIsNeedsEdits()
    {
        using var temp = new TempFolder();
        var source = temp.WriteFile("Quotes/Quotes.cs", Example("Before"));
        temp.WriteFile("Directory.Build.props", WarningsAsErrors);
        var output = temp.Combine("migrated service");

        var result = await MigrateWcfCli.RunAsync("generate", temp.Combine("Quotes"), "--out", output, "--runtime-project", RuntimeProject);

        Assert.True(result.Code == ExitCode.NeedsEdits, result.ToString());
        // Only the build sees it: on .NET 10 WebClient is obsolete (a warning, which the props make an error), not missing.
        Assert.DoesNotContain("WCFM4007", result.Error);
        var lines = File.ReadAllLines(source);
        var line = Array.FindIndex(lines, l => l.Contains("new WebClient()", StringComparison.Ordinal));
        var column = lines[line].IndexOf("new WebClient()", StringComparison.Ordinal);
        var finding = Assert.Single(result.ErrorLines, l => l.Contains("WCFM4030", StringComparison.Ordinal));
        Assert.StartsWith($"Quotes.cs:{line + 1}:{column + 1}: error WCFM4030: Does not compile on .NET 10: SYSLIB0014: 'WebClient.WebClient()' is obsolete: ", finding);

        var summary = result.Output.TrimEnd().Split('\n')[^1];
        Assert.EndsWith($"; 1 error(s) left to edit; see the findings above, then build it again: dotnet build '{output}/Quotes.Migrated.csproj'", summary);
        Assert.DoesNotContain("0 warning(s)", summary);
        Assert.True(File.Exists(Path.Combine(output, "Quotes.Migrated.csproj")), "the project is written though it does not build");
    }

    [Fact]
    public async Task ThePagesAfterExample_Builds_AndTheBuildsBinAndObj_AreLeftAloneByCheckAndTheNextGenerate()
    {
        using var temp = new TempFolder();
        temp.WriteFile("Quotes/Quotes.cs", Example("After"));
        temp.WriteFile("Directory.Build.props", WarningsAsErrors);
        var input = temp.Combine("Quotes");
        var output = temp.Combine("migrated service");

        var result = await MigrateWcfCli.RunAsync("generate", input, "--out", output, "--runtime-project", RuntimeProject);

        Assert.True(result.Code == ExitCode.Success, result.ToString());
        Assert.DoesNotContain("WCFM4030", result.Error);
        Assert.EndsWith($"; the migrated project and its host build, and the host serves 1 gRPC service; run it: dotnet run --project '{output}/Host'", result.Output.TrimEnd());
        Assert.True(File.Exists(Path.Combine(output, "bin", "Debug", "net10.0", "Quotes.Migrated.dll")), result.ToString());
        Assert.True(File.Exists(Path.Combine(output, "Host", "bin", "Debug", "net10.0", "Quotes.Migrated.Host.dll")), result.ToString());
        var built = TempFolder.Snapshot(output);
        Assert.Contains(built.Keys, k => k.StartsWith("obj/", StringComparison.Ordinal));

        // What the build wrote is the user's, as far as generate is concerned: not listed, not deleted, not a conflict.
        var check = await MigrateWcfCli.RunAsync("check", input, "--out", output, "--runtime-project", RuntimeProject);
        Assert.True(check.Code == ExitCode.Success, check.ToString());
        var again = await MigrateWcfCli.RunAsync("generate", input, "--out", output, "--runtime-project", RuntimeProject, "--no-verify");
        Assert.True(again.Code == ExitCode.Success, again.ToString());
        Assert.DoesNotMatch(@"(?m)^(created|replaced|deleted) ", again.Output);
        Assert.Equal(built, TempFolder.Snapshot(output));
        Assert.DoesNotContain("obj/", File.ReadAllText(Path.Combine(output, "migrate-wcf.manifest")));
    }

    [Fact]
    public async Task CommonProto_IsImportedFromTheRuntime_TheProjectBuildsWithoutTheOutputsCopy()
    {
        using var temp = new TempFolder();
        temp.WriteFile("Prices/IPrices.cs", "using System.ServiceModel; [ServiceContract] public interface IPrices { [OperationContract] decimal Total(decimal net); }");
        var output = temp.Combine("migrated");
        var generated = await MigrateWcfCli.RunAsync("generate", "--committed", temp.Combine("Prices"), "--out", output, "--runtime-project", RuntimeProject, "--no-host", "--no-verify");
        Assert.True(generated.Code == ExitCode.Success, generated.ToString());

        // The output's copy is for callers in other languages; protoc must find the runtime's through its build targets.
        File.Delete(Path.Combine(output, "migrate_wcf", "common.proto"));
        var start = new System.Diagnostics.ProcessStartInfo("dotnet", ["build", Path.Combine(output, "Prices.Migrated.csproj"), "-nologo", "-clp:ErrorsOnly"])
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        using var build = System.Diagnostics.Process.Start(start)!;
        var errors = build.StandardError.ReadToEndAsync();
        var log = await build.StandardOutput.ReadToEndAsync();
        await build.WaitForExitAsync();

        Assert.True(build.ExitCode == 0, log + await errors);
    }

    [Fact]
    public async Task NoVerify_BuildsNothing_AndSaysSo()
    {
        using var temp = new TempFolder();
        var input = temp.CopyFixture("Orders");
        var output = temp.Combine("migrated");
        var dotnet = FakeDotnet.Create(temp, buildOutput: string.Empty, buildExitCode: 0);

        var result = await RunWith(dotnet.Command, "generate", input, "--out", output, "--no-verify");

        Assert.True(result.Code == ExitCode.Success, result.ToString());
        Assert.EndsWith($"0 warning(s); not verified: --no-verify. Build it with: dotnet build {output}/Orders.Migrated.csproj; run it: dotnet run --project {output}/Host", result.Output.TrimEnd());
        Assert.Empty(dotnet.Calls);
    }

    [Fact]
    public async Task DryRunAndCheck_NeverBuild_ButGenerateRunsOneBuildOfTheProjectFile_WithoutBuildServers_ThenAsksForTheHostsAssembly()
    {
        using var temp = new TempFolder();
        var input = temp.CopyFixture("Orders");
        var output = temp.Combine("migrated");
        var dotnet = FakeDotnet.Create(temp, buildOutput: "Build succeeded.", buildExitCode: 0);

        await RunWith(dotnet.Command, "generate", input, "--out", output, "--dry-run");
        Assert.Empty(dotnet.Calls);
        var result = await RunWith(dotnet.Command, "generate", input, "--out", output);
        await RunWith(dotnet.Command, "check", input, "--out", output);

        // The project, then the host that references it (what dotnet run builds), each in its folder; then the host's
        // assembly, to start it (this stand-in names none, which is a finding of its own).
        Assert.Equal(
            [
                "--version", $"build {output}/Orders.Migrated.csproj -nologo -tl:off --disable-build-servers -p:MigrateWcfReportFindings=false",
                "--version", $"build {output}/Host/Orders.Migrated.Host.csproj -nologo -tl:off --disable-build-servers -p:MigrateWcfReportFindings=false",
                $"msbuild {output}/Host/Orders.Migrated.Host.csproj -nologo -getProperty:TargetPath",
            ],
            dotnet.Calls);
        Assert.Equal([output, output, output + "/Host", output + "/Host", output + "/Host"], dotnet.WorkingFolders);
        Assert.True(result.Code == ExitCode.NeedsEdits, result.ToString());
        Assert.Contains("(no location): error WCFM4031: The migrated host serves nothing: its built assembly could not be found", result.Error);
    }

    [Fact]
    public async Task BuildErrors_BecomeFindings_OncePerError_ThoseInGeneratedFilesAsABug_AndWarningsAreCounted()
    {
        using var temp = new TempFolder();
        var input = temp.CopyFixture("Orders");
        var output = temp.Combine("migrated");
        var service = Path.Combine(input, "OrderService.cs");
        var adapter = Path.Combine(output, "contoso", "orders", "OrderServiceAdapter.g.cs");
        var project = Path.Combine(output, "Orders.Migrated.csproj");
        var error = $"{service}(20,24): error CS0234: The type or namespace name 'HttpContext' does not exist in the namespace 'System.Web' (are you missing an assembly reference?) [{project}]";
        var warning = $"{service}(22,17): warning CS0168: The variable 'unused' is declared but never used [{project}]";
        var bug = $"{adapter}(12,3): error CS0029: Cannot implicitly convert type 'int' to 'string' [{project}]";
        var dotnet = FakeDotnet.Create(temp, string.Join('\n', error, warning, bug, string.Empty, "Build FAILED.", string.Empty, warning, error, bug, "    1 Warning(s)", "    2 Error(s)"), buildExitCode: 1);

        var result = await RunWith(dotnet.Command, "generate", "--committed", input, "--out", output);

        Assert.True(result.Code == ExitCode.NeedsEdits, result.ToString());
        var findings = result.ErrorLines.Where(l => l.Contains("WCFM4030", StringComparison.Ordinal)).ToList();
        Assert.Equal(2, findings.Count);
        Assert.Single(findings, l => l.StartsWith("../migrated/contoso/orders/OrderServiceAdapter.g.cs:12:3: error WCFM4030: The generated 'contoso/orders/OrderServiceAdapter.g.cs' does not compile: CS0029: Cannot implicitly convert type 'int' to 'string'; this is a migrate-wcf bug, please report it.", StringComparison.Ordinal));
        Assert.Single(findings, l => l.StartsWith("OrderService.cs:20:24: error WCFM4030: Does not compile on .NET 10: CS0234: The type or namespace name 'HttpContext' does not exist in the namespace 'System.Web' (are you missing an assembly reference?).", StringComparison.Ordinal));
        Assert.EndsWith($"; 2 error(s) left to edit, 1 build warning(s); see the findings above, then build it again: dotnet build {output}/Orders.Migrated.csproj", result.Output.TrimEnd());
    }

    [Fact]
    public async Task ABuildErrorWhereWCFM4007AlreadyStands_IsNotRepeated_ButEveryOtherIsCountedWithIt()
    {
        using var temp = new TempFolder();
        var service = temp.WriteFile("Echo/Echo.cs", """
            using System.ServiceModel;

            namespace Contoso.Echo
            {
                [ServiceContract]
                public interface IEcho
                {
                    [OperationContract]
                    string Echo(string text);
                }

                public class EchoService : IEcho
                {
                    public string Echo(string text) { return System.Web.HttpContext.Current.Request.UserAgent + text; }
                }
            }
            """);
        var line = Array.FindIndex(File.ReadAllLines(service), l => l.Contains("HttpContext", StringComparison.Ordinal)) + 1;
        var project = temp.Combine("migrated", "Echo.Migrated.csproj");
        var dotnet = FakeDotnet.Create(
            temp,
            $"""
            {service}({line},61): error CS0234: The type or namespace name 'HttpContext' does not exist in the namespace 'System.Web' [{project}]
            {service}(1,1): error CS8021: No value for RuntimeMetadataVersion found [{project}]
            """,
            buildExitCode: 1);

        var result = await RunWith(dotnet.Command, "generate", temp.Combine("Echo"), "--out", temp.Combine("migrated"));

        Assert.True(result.Code == ExitCode.NeedsEdits, result.ToString());
        Assert.Single(result.ErrorLines, l => l.StartsWith($"Echo.cs:{line}:", StringComparison.Ordinal) && l.Contains("error WCFM4007: 'System.Web.HttpContext", StringComparison.Ordinal));
        Assert.Equal(["Echo.cs:1:1: error WCFM4030: Does not compile on .NET 10: CS8021"], result.ErrorLines.Where(l => l.Contains("WCFM4030", StringComparison.Ordinal)).Select(l => l[..l.IndexOf(": No value", StringComparison.Ordinal)]));
        Assert.Contains("; 2 error(s) left to edit; see the findings above, then build it again: ", result.Output);
    }

    [Fact]
    public async Task AFailedBuildThatNamesNoError_IsStillAFinding()
    {
        using var temp = new TempFolder();
        var input = temp.CopyFixture("Orders");
        var dotnet = FakeDotnet.Create(temp, buildOutput: "Killed", buildExitCode: 137);

        var result = await RunWith(dotnet.Command, "generate", input, "--out", temp.Combine("migrated"));

        Assert.True(result.Code == ExitCode.NeedsEdits, result.ToString());
        Assert.Contains("(no location): error WCFM4030: The migrated project does not build: dotnet build: it exited with code 137 without naming an error; run it to see why.", result.Error);
    }

    [Fact]
    public async Task WithoutASdk_GenerateSaysNotVerifiedInItsLastLine_AndExitsAsBefore()
    {
        using var temp = new TempFolder();
        var input = temp.CopyFixture("Orders");
        var output = temp.Combine("migrated");
        var missing = temp.Combine("no-sdk", "dotnet");

        var result = await RunWith(missing, "generate", input, "--out", output);

        Assert.True(result.Code == ExitCode.Success, result.ToString());
        var last = result.Output.TrimEnd().Split('\n')[^1];
        Assert.Matches($@"; 0 warning\(s\); not verified: no \.NET SDK \('{Regex.Escape(missing)}' cannot be run \(.+\)\)\. Build it with: dotnet build {Regex.Escape(output)}/Orders\.Migrated\.csproj; run it: dotnet run --project {Regex.Escape(output)}/Host$", last);
        Assert.False(Directory.Exists(Path.Combine(output, "obj")));
    }

    [Fact]
    public async Task AnOlderSdk_IsNotUsed()
    {
        using var temp = new TempFolder();
        var input = temp.CopyFixture("Orders");
        var dotnet = FakeDotnet.Create(temp, buildOutput: string.Empty, buildExitCode: 0, version: "8.0.404");

        var result = await RunWith(dotnet.Command, "generate", input, "--out", temp.Combine("migrated"));

        Assert.True(result.Code == ExitCode.Success, result.ToString());
        Assert.Contains("not verified: the .NET SDK 8.0.404 cannot build net10.0 (SDK 10 or later is needed). Build it with: dotnet build ", result.Output);
        Assert.Equal(["--version"], dotnet.Calls);
    }

    [Fact]
    public async Task CtrlCWhileBuilding_KillsTheBuildsProcessTree_KeepsTheWrittenProject_AndExits130()
    {
        using var temp = new TempFolder();
        var input = temp.CopyFixture("Orders");
        var output = temp.Combine("migrated");
        var pidFile = temp.Combine("build.pid");
        // The build starts a child of its own (as dotnet build starts csc and MSBuild nodes) and waits for it.
        var dotnet = FakeDotnet.Create(temp, buildOutput: string.Empty, buildExitCode: 0, buildCommand: $"sleep 600 & echo $! > '{pidFile}'; wait");
        using var cancel = new CancellationTokenSource();
        var stdout = new StringWriter();
        var stderr = new StringWriter();

        var run = MigrateWcfCommandLine.InvokeAsync(["generate", input, "--out", output], new CliDependencies(stdout, stderr) { DotnetCommand = dotnet.Command }, cancel.Token);
        while (!File.Exists(pidFile) || File.ReadAllText(pidFile).Trim().Length == 0)
        {
            Assert.False(run.IsCompleted, $"generate ended before its build started\n{stdout}\n{stderr}");
            await Task.Delay(50);
        }

        var child = int.Parse(File.ReadAllText(pidFile).Trim(), System.Globalization.CultureInfo.InvariantCulture);
        await cancel.CancelAsync();
        var exitCode = await run;

        Assert.True(exitCode == (int)ExitCode.Cancelled, $"exit {exitCode}\n{stdout}\n{stderr}");
        Assert.Contains($"migrate-wcf: error: cancelled while building; the migrated project was written to '{output}' but not verified.", stderr.ToString());
        Assert.True(File.Exists(Path.Combine(output, "Orders.Migrated.csproj")));
        Assert.True(await LinuxProcesses.EndsWithinAsync(child, TimeSpan.FromSeconds(30)), $"the build's child {child} still runs");
    }

    [Fact]
    public async Task GenerateHelp_SaysItBuilds_AndNamesNoVerifyAndExitCode7_CheckNeverBuilds()
    {
        var generate = await MigrateWcfCli.RunAsync("generate", "--help");
        var check = await MigrateWcfCli.RunAsync("check", "--help");

        Assert.Contains("exit code 7 when it does not build or serve yet", Regex.Replace(generate.Output, @"\s+", " "));
        Assert.Contains("--no-verify", generate.Output);
        Assert.Contains("migrate-wcf generate src/Services.csproj --out migrated --no-verify", generate.Output);
        Assert.DoesNotContain("--no-verify", check.Output);
    }

    private static async Task<CliResult> RunWith(string dotnet, params string[] args)
        => await MigrateWcfCli.RunAsync(deps => deps with { DotnetCommand = dotnet }, args);

    /// <summary>The C# of a section of the WCFM4030 page.</summary>
    private static string Example(string heading)
    {
        var page = File.ReadAllText(RulePage);
        var match = Regex.Match(page, "^## " + heading + "\n.*?```csharp\n(.*?)```", RegexOptions.Multiline | RegexOptions.Singleline);
        Assert.True(match.Success, $"WCFM4030.md has no C# under '{heading}'");
        return match.Groups[1].Value;
    }

    /// <summary>
    /// A shell script standing in for <c>dotnet</c>: <c>--version</c> answers <paramref name="version"/>; <c>build</c>
    /// prints <paramref name="buildOutput"/> and exits with <paramref name="buildExitCode"/> (or runs
    /// <paramref name="buildCommand"/>). Each call's arguments and working folder are recorded.
    /// </summary>
    private sealed record FakeDotnet(string Command, string CallsFile, string FoldersFile)
    {
        public IReadOnlyList<string> Calls => File.Exists(CallsFile) ? File.ReadAllLines(CallsFile) : [];

        public IReadOnlyList<string> WorkingFolders => File.Exists(FoldersFile) ? File.ReadAllLines(FoldersFile) : [];

        /// <param name="targetPath">What <c>msbuild -getProperty:TargetPath</c> answers (the host's assembly), nothing by default.</param>
        /// <param name="hostCommand">What running that assembly does (the serving check starts it): exit 0 by default.</param>
        public static FakeDotnet Create(TempFolder temp, string buildOutput, int buildExitCode, string version = "10.0.100", string? buildCommand = null, string? targetPath = null, string? hostCommand = null)
        {
            var folder = temp.Combine("fake-sdk");
            var outputFile = temp.WriteFile("fake-sdk/build-output.txt", buildOutput + "\n");
            var calls = Path.Combine(folder, "calls.txt");
            var folders = Path.Combine(folder, "folders.txt");
            var script = temp.WriteFile("fake-sdk/dotnet", $"""
                #!/bin/sh
                echo "$*" >> '{calls}'
                pwd >> '{folders}'
                case "$1" in
                  --version) echo '{version}' ;;
                  build) {buildCommand ?? $"cat '{outputFile}'; exit {buildExitCode}"} ;;
                  msbuild) echo '{targetPath}' ;;
                  *.dll)
                {hostCommand ?? "exit 0"}
                    ;;
                esac

                """);
            // A POSIX shell script: these tests run where the repository's scripts do (Linux).
            if (!OperatingSystem.IsWindows())
            {
                File.SetUnixFileMode(script, UnixFileMode.UserRead | UnixFileMode.UserWrite | UnixFileMode.UserExecute);
            }

            return new FakeDotnet(script, calls, folders);
        }
    }
}
