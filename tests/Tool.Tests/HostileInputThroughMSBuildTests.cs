using System.Runtime.InteropServices;
using System.Text;
using MigrateWcf.Tool.Cli;
using MigrateWcf.Tool.Tests.Infrastructure;

namespace MigrateWcf.Tool.Tests;

/// <summary>
/// The input guards of <see cref="HostileInputTests"/> (a FIFO is never opened, a file over 10 MB is not read, a binary
/// file is not parsed) hold for a restored SDK-style project too, whose documents MSBuildWorkspace lists and the tool
/// reads (issue 44, item 6); and SIGTERM ends a run while MSBuild is still loading the project, its design-time build
/// included. Each test restores a real project with <c>dotnet restore</c>; the reports name the MSBuild load, so the path
/// under test is the one taken.
/// </summary>
public sealed class HostileInputThroughMSBuildTests
{
    private const int SigTerm = 15;

    /// <summary>Only stops a run that would never end; never a measure of speed.</summary>
    private static readonly TimeSpan RunLimit = TimeSpan.FromMinutes(5);

    private const string ProjectFile = """
        <Project Sdk="Microsoft.NET.Sdk">
          <PropertyGroup>
            <TargetFramework>net10.0</TargetFramework>
            <ManagePackageVersionsCentrally>false</ManagePackageVersionsCentrally>
          </PropertyGroup>
          <ItemGroup>
            <PackageReference Include="System.ServiceModel.Primitives" Version="10.1.0" />
          </ItemGroup>
        </Project>
        """;

    private const string Service = """
        using System.ServiceModel;

        namespace Demo
        {
            [ServiceContract]
            public interface IGreeter
            {
                [OperationContract]
                string Greet(string name);
            }

            public class Greeter : IGreeter
            {
                public string Greet(string name) => "Hello " + name;
            }
        }
        """;

    [DllImport("libc", SetLastError = true)]
    private static extern int kill(int pid, int signal);

    /// <summary>A restored SDK-style project <c>Greeter/Greeter.csproj</c> with one service; the project file's path.</summary>
    private static async Task<string> RestoredProject(TempFolder temp, string projectFile = ProjectFile)
    {
        var project = temp.WriteFile("Greeter/Greeter.csproj", projectFile);
        temp.WriteFile("Greeter/Services/Greeter.cs", Service);
        await DotnetRestore.RunAsync(project);
        return project;
    }

    /// <summary>The one report line naming <paramref name="file"/>, asserted to be a CS1504 error.</summary>
    private static string FileNotReadFinding(CliResult result, string file)
    {
        var finding = Assert.Single(result.Output.Split('\n'), l => l.Contains(file, StringComparison.Ordinal));
        Assert.Contains("error CS1504", finding);
        return finding;
    }

    [FactOnUnix]
    public async Task FifoInARestoredSdkProject_IsNotOpened_AndIsAFinding()
    {
        using var temp = new TempFolder();
        var project = await RestoredProject(temp);
        HostileInputTests.MakeFifo(temp.Combine("Greeter", "Services", "Pipe.cs"));

        // A process of its own: a run blocked opening the FIFO could not be ended inside the test process.
        var result = await ToolProcess.RunAsync(temp.Path, RunLimit, "analyze", project);

        Assert.True(result.Code == ExitCode.FindingsWithErrors, result.ToString());
        Assert.Contains("Greeter: Greeter.csproj (MSBuild net10.0, ", result.Output);
        Assert.Contains("FIFO", FileNotReadFinding(result, "Services/Pipe.cs"));
        Assert.Contains("Demo.IGreeter (1 operation)", result.Output);
    }

    [FactOnUnix]
    public async Task ProtoOfARestoredSdkProjectWithAFifo_IsAFinding_AndWritesNothing()
    {
        using var temp = new TempFolder();
        var project = await RestoredProject(temp);
        HostileInputTests.MakeFifo(temp.Combine("Greeter", "Services", "Pipe.cs"));
        var output = temp.Combine("protos");

        var result = await ToolProcess.RunAsync(temp.Path, RunLimit, "proto", project, "--out", output);

        Assert.True(result.Code == ExitCode.FindingsWithErrors, result.ToString());
        var finding = Assert.Single(result.ErrorLines, l => l.Contains("Services/Pipe.cs", StringComparison.Ordinal));
        Assert.Contains("error CS1504", finding);
        Assert.Contains("FIFO", finding);
        Assert.False(Directory.Exists(output));
    }

    /// <summary>
    /// A FIFO where MSBuild looks for a file it imports into every project: the design-time build would open it and wait
    /// forever, so the project is read from its file instead, and the report says why.
    /// </summary>
    [FactOnUnix]
    public async Task FifoAsDirectoryBuildProps_IsNotOpened_AndTheProjectIsReadFromItsFile()
        => await FifoAsAnImportIsNotOpened("Directory.Build.props");

    [FactOnUnix]
    public async Task FifoAsDirectoryPackagesProps_IsNotOpened_AndTheProjectIsReadFromItsFile()
        => await FifoAsAnImportIsNotOpened("Directory.Packages.props");

    private static async Task FifoAsAnImportIsNotOpened(string import)
    {
        using var temp = new TempFolder();
        var project = await RestoredProject(temp);
        // Made after the restore, which would itself wait on it.
        HostileInputTests.MakeFifo(temp.Combine(import));

        var result = await ToolProcess.RunAsync(temp.Path, RunLimit, "analyze", project);

        Assert.True(result.Code == ExitCode.Success, result.ToString());
        Assert.Contains("Greeter: Greeter.csproj (SDK-style project file, 1 C# file)", result.Output);
        var note = Assert.Single(result.Output.Split('\n'), l => l.Contains("read without MSBuild: ", StringComparison.Ordinal));
        Assert.Contains($"MSBuild could not load it (its import '../{import}' was not opened: it is a FIFO (named pipe), not a file)", note);
        Assert.Contains("Demo.IGreeter (1 operation)", result.Output);
    }

    [Fact]
    public async Task SourceFileOverTheSizeLimitInARestoredSdkProject_IsNotRead_AndTheFindingNamesItsSize()
    {
        using var temp = new TempFolder();
        var project = await RestoredProject(temp);
        var bigFile = temp.WriteFile("Greeter/Big.cs", OverTheSizeLimit());

        var result = await MigrateWcfCli.RunAsync("analyze", project);

        Assert.True(result.Code == ExitCode.FindingsWithErrors, result.ToString());
        Assert.Contains("Greeter: Greeter.csproj (MSBuild net10.0, ", result.Output);
        var finding = FileNotReadFinding(result, "Big.cs");
        Assert.Contains(new FileInfo(bigFile).Length.ToString("N0", System.Globalization.CultureInfo.InvariantCulture) + " bytes", finding);
        Assert.Contains("Demo.IGreeter (1 operation)", result.Output);
    }

    [Fact]
    public async Task BinaryFileInARestoredSdkProject_IsOneShortFinding()
    {
        using var temp = new TempFolder();
        var project = await RestoredProject(temp);
        File.WriteAllBytes(temp.Combine("Greeter", "Bin.cs"), RandomBytes());

        var result = await MigrateWcfCli.RunAsync("analyze", project);

        Assert.True(result.Code == ExitCode.FindingsWithErrors, result.ToString());
        Assert.Contains("Greeter: Greeter.csproj (MSBuild net10.0, ", result.Output);
        Assert.Contains("binary", FileNotReadFinding(result, "Bin.cs"));
        Assert.DoesNotContain("CS1056", result.Output);
    }

    /// <summary>
    /// <c>generate</c> and <c>check</c> read a restored project's files without MSBuild (docs/known-gaps.md): the same
    /// three files are findings there too, and neither command hangs on the FIFO.
    /// </summary>
    [FactOnUnix]
    public async Task GenerateAndCheckOfARestoredSdkProjectWithHostileFiles_ReportEachAndWriteNothing()
    {
        using var temp = new TempFolder();
        var project = await RestoredProject(temp);
        HostileInputTests.MakeFifo(temp.Combine("Greeter", "Services", "Pipe.cs"));
        temp.WriteFile("Greeter/Big.cs", OverTheSizeLimit());
        File.WriteAllBytes(temp.Combine("Greeter", "Bin.cs"), RandomBytes());
        var output = temp.Combine("migrated");

        foreach (var arguments in new[] { new[] { "generate", project, "--out", output, "--no-verify" }, ["check", project, "--out", output] })
        {
            var command = arguments[0];
            var result = await ToolProcess.RunAsync(temp.Path, RunLimit, arguments);

            Assert.True(result.Code == ExitCode.FindingsWithErrors, $"{command}: {result}");
            var all = (result.Output + result.Error).Split('\n');
            Assert.Contains("FIFO", Assert.Single(all, l => l.Contains("Services/Pipe.cs", StringComparison.Ordinal) && l.Contains("CS1504", StringComparison.Ordinal)));
            Assert.Contains("10 MB", Assert.Single(all, l => l.Contains("Big.cs", StringComparison.Ordinal) && l.Contains("CS1504", StringComparison.Ordinal)));
            Assert.Contains("binary", Assert.Single(all, l => l.Contains("Bin.cs", StringComparison.Ordinal) && l.Contains("CS1504", StringComparison.Ordinal)));
            Assert.False(Directory.Exists(output), command);
        }
    }

    /// <summary>
    /// A design-time build that takes long (here a target that sleeps, as a target running a slow tool does): SIGTERM
    /// while it runs ends the tool with exit 130, and the BuildHost and what the build started end with it.
    /// </summary>
    [FactOnUnix]
    public async Task SigtermDuringAnMSBuildLoad_EndsTheRunWith130_AndTheBuildHostsProcessTree()
    {
        using var temp = new TempFolder();
        var pidFile = temp.Combine("design-time-build.pid");
        var project = await RestoredProject(temp, ProjectFile.Replace("</Project>", $"""
              <Target Name="SlowDesignTimeStep" BeforeTargets="CoreCompile" Condition="'$(DesignTimeBuild)' == 'true'">
                <Exec Command="echo $$ > '{pidFile}.tmp' &amp;&amp; mv '{pidFile}.tmp' '{pidFile}' &amp;&amp; exec sleep 600" />
              </Target>
            </Project>
            """, StringComparison.Ordinal));

        using var tool = ToolProcess.Start(temp.Path, "analyze", project);
        var output = tool.StandardOutput.ReadToEndAsync();
        var error = tool.StandardError.ReadToEndAsync();
        int? sleeper = null;
        int? buildHost = null;
        try
        {
            var deadline = DateTime.UtcNow + RunLimit;
            while (!File.Exists(pidFile))
            {
                if (tool.HasExited)
                {
                    Assert.Fail($"the run ended before the design-time build started (exit {tool.ExitCode})\n{await output}\n{await error}");
                }

                Assert.True(DateTime.UtcNow < deadline, "the design-time build did not start");
                await Task.Delay(100);
            }

            // The sleeping step (exec replaced its shell) runs under the BuildHost, the tool's child.
            sleeper = int.Parse(File.ReadAllText(pidFile).Trim(), System.Globalization.CultureInfo.InvariantCulture);
            buildHost = LinuxProcesses.ParentOf(sleeper.Value);
            Assert.True(buildHost is not null && LinuxProcesses.ParentOf(buildHost.Value) == tool.Id, $"the design-time build's step {sleeper} is not the BuildHost's child");
            Assert.Equal(0, kill(tool.Id, SigTerm));

            try
            {
                await tool.WaitForExitAsync().WaitAsync(RunLimit);
            }
            catch (TimeoutException)
            {
                Assert.Fail("SIGTERM did not end the run");
            }

            Assert.True(tool.ExitCode == (int)ExitCode.Cancelled, $"exit {tool.ExitCode}\n{await output}\n{await error}");
            Assert.Contains("migrate-wcf: cancelled; nothing was written.", await error);
            Assert.True(await LinuxProcesses.EndsWithinAsync(buildHost.Value, TimeSpan.FromSeconds(30)), $"the BuildHost {buildHost} still runs");
            Assert.True(await LinuxProcesses.EndsWithinAsync(sleeper.Value, TimeSpan.FromSeconds(30)), $"the design-time build's step {sleeper} still runs");
        }
        finally
        {
            // A failed run must not leave its processes behind.
            if (!tool.HasExited)
            {
                tool.Kill(entireProcessTree: true);
            }

            foreach (var pid in new[] { sleeper, buildHost }.OfType<int>())
            {
                LinuxProcesses.KillIfRunning(pid);
            }
        }
    }

    /// <summary>11 MB of valid C# (a class of constants, as generated code can be): over the 10 MB limit.</summary>
    private static string OverTheSizeLimit()
    {
        var big = new StringBuilder("namespace Big\n{\n    public static class Filler\n    {\n");
        for (var i = 0; big.Length < 11 * 1024 * 1024; i++)
        {
            big.Append("        public const int Field").Append(i).Append(" = ").Append(i).Append(";\n");
        }

        return big.Append("    }\n}\n").ToString();
    }

    /// <summary>20 KB of random bytes (a fixed seed; NUL bytes among them, as in any binary file).</summary>
    private static byte[] RandomBytes()
    {
        var bytes = new byte[20 * 1024];
        new Random(44).NextBytes(bytes);
        Assert.Contains((byte)0, bytes);
        return bytes;
    }
}
