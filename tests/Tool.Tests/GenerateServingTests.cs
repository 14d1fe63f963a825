using System.Text.RegularExpressions;
using MigrateWcf.Tool.Cli;
using MigrateWcf.Tool.Tests.Infrastructure;

namespace MigrateWcf.Tool.Tests;

/// <summary>
/// After the verification build, <c>generate</c> starts the host it built on a private socket and compares what gRPC
/// reflection lists with the services of the .proto files (tool/Verification/ServingCheck.cs): a service not served is
/// WCFM4031 at its contract, exit 7. Two tests run the real build and host on the examples of docs/rules/WCFM4031.md;
/// the others put the stand-in <c>dotnet</c> on the command, whose "host" never gets ready, fails to start, or dies with
/// a stack trace. Part of <see cref="GenerateVerificationTests"/>, so its builds of runtime/ never run side by side.
/// </summary>
public sealed partial class GenerateVerificationTests
{
    private static readonly string ServingPage = Repository.Combine("docs", "rules", "WCFM4031.md");

    [Fact]
    public async Task AServingProject_IsStartedOnAPrivateSocket_ServesEveryService_ExitsZero_AndNoHostOrSocketFolderIsLeft()
    {
        using var temp = new TempFolder();
        temp.WriteFile("Quotes/Quotes.cs", PageExample(ServingPage, "After"));
        var output = temp.Combine("migrated");
        var sockets = Directory.CreateDirectory(temp.Combine("s")).FullName;

        var result = await MigrateWcfCli.RunAsync(deps => deps with { TemporaryFolder = sockets }, "generate", temp.Combine("Quotes"), "--out", output, "--runtime-project", RuntimeProject);

        Assert.True(result.Code == ExitCode.Success, result.ToString());
        Assert.DoesNotContain("WCFM4031", result.Error);
        Assert.Contains("migrate-wcf: verifying: starting the host ", result.Error);
        Assert.EndsWith($"; the migrated project and its host build, and the host serves 1 gRPC service; run it: dotnet run --project {output}/Host", result.Output.TrimEnd());
        AssertNoHostLeft(output);
        // The host's socket folder was made there, and removed.
        Assert.Empty(Directory.EnumerateFileSystemEntries(sockets));
    }

    [Fact]
    public async Task AContractTheHostDoesNotServe_IsWCFM4031AtTheContract_WithTheReason_Exit7_AndTheHostIsStopped()
    {
        using var temp = new TempFolder();
        var source = temp.WriteFile("Quotes/Quotes.cs", PageExample(ServingPage, "Before"));
        var output = temp.Combine("migrated");
        var sockets = Directory.CreateDirectory(temp.Combine("s")).FullName;

        var result = await MigrateWcfCli.RunAsync(deps => deps with { TemporaryFolder = sockets }, "generate", temp.Combine("Quotes"), "--out", output, "--runtime-project", RuntimeProject);

        Assert.True(result.Code == ExitCode.NeedsEdits, result.ToString());
        var lines = File.ReadAllLines(source);
        var line = Array.FindIndex(lines, l => l.Contains("interface IQuotes", StringComparison.Ordinal));
        var finding = Assert.Single(result.ErrorLines, l => l.Contains("WCFM4031", StringComparison.Ordinal));
        Assert.StartsWith($"Quotes.cs:{line + 1}:{lines[line].IndexOf("IQuotes", StringComparison.Ordinal) + 1}: error WCFM4031: The migrated host does not serve '", finding);
        Assert.Matches(@"does not serve '([\w.]+\.)?Quotes' \(contract 'IQuotes'\): its implementation 'QuotesBase' cannot be created: abstract, generic, or without a parameterless or public constructor", finding);
        Assert.EndsWith($"; 1 error(s) left to edit; see the findings above, then build it again: dotnet build {output}/Quotes.Migrated.csproj", result.Output.TrimEnd());
        AssertNoHostLeft(output);
        // The host's socket folder was made there, and removed.
        Assert.Empty(Directory.EnumerateFileSystemEntries(sockets));
    }

    [Fact]
    public async Task CtrlCWhileWaitingForTheHost_KillsItsProcessTree_AndExits130()
    {
        using var temp = new TempFolder();
        var input = temp.CopyFixture("Orders");
        var output = temp.Combine("migrated");
        var pidFile = temp.Combine("host.pid");
        // A host that never prints its ready line, with a child of its own.
        var dotnet = FakeDotnet.Create(temp, "Build succeeded.", buildExitCode: 0, targetPath: temp.WriteFile("built/Orders.Migrated.Host.dll", "not an assembly"), hostCommand: $"sleep 600 & echo $! > '{pidFile}'; wait");
        using var cancel = new CancellationTokenSource();
        var stdout = new StringWriter();
        var stderr = new StringWriter();

        var run = MigrateWcfCommandLine.InvokeAsync(["generate", input, "--out", output], new CliDependencies(stdout, stderr) { DotnetCommand = dotnet.Command }, cancel.Token);
        while (!File.Exists(pidFile) || File.ReadAllText(pidFile).Trim().Length == 0)
        {
            if (run.IsCompleted)
            {
                // Read only once generate is done: its writers are not safe to read while it writes.
                Assert.Fail($"generate ended before its host started (exit {await run})\n{stdout}\n{stderr}");
            }

            await Task.Delay(50);
        }

        var child = int.Parse(File.ReadAllText(pidFile).Trim(), System.Globalization.CultureInfo.InvariantCulture);
        await cancel.CancelAsync();
        var exitCode = await run;

        Assert.True(exitCode == (int)ExitCode.Cancelled, $"exit {exitCode}\n{stdout}\n{stderr}");
        Assert.Contains("migrate-wcf: error: cancelled while checking what the host serves (the host was stopped)", stderr.ToString());
        Assert.True(await IsGoneOrZombieAsync(child), $"the host's child {child} still runs");
    }

    [Fact]
    public async Task AHostThatFailsToStart_IsOneFinding_WithItsOwnLineOnly_NotItsLogOrStackTrace()
    {
        using var temp = new TempFolder();
        var input = temp.CopyFixture("Orders");
        var output = temp.Combine("migrated");
        var dll = temp.WriteFile("built/Orders.Migrated.Host.dll", "not an assembly");
        var dotnet = FakeDotnet.Create(temp, "Build succeeded.", buildExitCode: 0, targetPath: dll, hostCommand: """
            echo 'warn: Microsoft.AspNetCore.Server.Kestrel[0] Overriding address(es)' >&2
            echo 'Orders.Migrated.Host: Cannot listen on unix:/tmp/x/grpc.sock: Address already in use' >&2
            exit 1
            """);

        var result = await RunWith(dotnet.Command, "generate", input, "--out", output);

        Assert.True(result.Code == ExitCode.NeedsEdits, result.ToString());
        var finding = Assert.Single(result.ErrorLines, l => l.Contains("WCFM4031", StringComparison.Ordinal));
        Assert.StartsWith("(no location): error WCFM4031: The migrated host serves nothing: the host exited with code 1 before it was ready: Cannot listen on unix:/tmp/x/grpc.sock: Address already in use.", finding);
        Assert.DoesNotContain("Overriding address", result.Error);
        // It was started as a serving check starts it: on its socket alone, with reflection on.
        var started = Assert.Single(dotnet.Calls, c => c.StartsWith(dll, StringComparison.Ordinal));
        Assert.Matches(@"^\S+ --socket \S+/grpc\.sock --MigrateWcf:SocketOnly true --MigrateWcf:Reflection true ", started);
        Assert.Contains($"msbuild {output}/Host/Orders.Migrated.Host.csproj -nologo -getProperty:TargetPath", dotnet.Calls);
    }

    [Fact]
    public async Task AHostThatDiesWithAnException_IsSummedUpByItsFirstLine()
    {
        using var temp = new TempFolder();
        var input = temp.CopyFixture("Orders");
        var dotnet = FakeDotnet.Create(temp, "Build succeeded.", buildExitCode: 0, targetPath: temp.WriteFile("built/Orders.Migrated.Host.dll", "x"), hostCommand: """
            echo 'Unhandled exception. System.TypeInitializationException: The type initializer for Orders.Pricing threw an exception.' >&2
            echo '   at Orders.Pricing..cctor() in /src/Pricing.cs:line 12' >&2
            exit 134
            """);

        var result = await RunWith(dotnet.Command, "generate", input, "--out", temp.Combine("migrated"));

        Assert.True(result.Code == ExitCode.NeedsEdits, result.ToString());
        Assert.Contains("The migrated host serves nothing: the host exited with code 134 before it was ready: System.TypeInitializationException: The type initializer for Orders.Pricing threw an exception.", result.Error);
        Assert.DoesNotContain("   at Orders.Pricing", result.Error);
    }

    /// <summary>No process runs the host built into <paramref name="output"/> (its command line names its dll there).</summary>
    private static void AssertNoHostLeft(string output)
    {
        var hosts = Directory.EnumerateDirectories("/proc").Select(Path.GetFileName).Where(p => p!.All(char.IsAsciiDigit))
            .Select(p => (Pid: p, CommandLine: ReadCommandLine(p!)))
            .Where(p => p.CommandLine.Contains(output, StringComparison.Ordinal) && p.CommandLine.Contains("--MigrateWcf:SocketOnly", StringComparison.Ordinal))
            .ToList();
        Assert.True(hosts.Count == 0, $"host processes left: {string.Join("; ", hosts)}");

        static string ReadCommandLine(string pid)
        {
            try
            {
                return File.ReadAllText($"/proc/{pid}/cmdline").Replace('\0', ' ');
            }
            catch (IOException)
            {
                return string.Empty; // Gone meanwhile.
            }
            catch (UnauthorizedAccessException)
            {
                return string.Empty;
            }
        }
    }

    /// <summary>Gone, or a zombie (killed, not yet reaped); SIGKILL is delivered asynchronously, so the wait is bounded only to stop a broken run.</summary>
    private static async Task<bool> IsGoneOrZombieAsync(int pid)
    {
        var status = $"/proc/{pid}/stat";
        var deadline = DateTime.UtcNow + TimeSpan.FromSeconds(30);
        while (!IsGoneOrZombie(status) && DateTime.UtcNow < deadline)
        {
            await Task.Delay(50);
        }

        return IsGoneOrZombie(status);

        static bool IsGoneOrZombie(string status)
        {
            try
            {
                return !File.Exists(status) || File.ReadAllText(status).Split(')')[1].Trim().StartsWith('Z');
            }
            catch (IOException)
            {
                return true;
            }
        }
    }

    /// <summary>The C# of a section of a rule page.</summary>
    private static string PageExample(string page, string heading)
    {
        var match = Regex.Match(File.ReadAllText(page), "^## " + heading + "\n.*?```csharp\n(.*?)```", RegexOptions.Multiline | RegexOptions.Singleline);
        Assert.True(match.Success, $"{Path.GetFileName(page)} has no C# under '{heading}'");
        return match.Groups[1].Value;
    }
}
