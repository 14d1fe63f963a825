using System.Text.Json.Nodes;

namespace MigrateWcf.Windows.Tests.Tool;

/// <summary>
/// migrate-wcf published for win-x64 on the legacy sample (a Windows path: drive letter and '\'): the findings the
/// Linux tool reports and the files it generates, byte for byte (scripts/windows-tests.sh recorded both in reference/).
/// </summary>
public sealed class ToolTests
{
    [Theory]
    [InlineData("LegacyWcf")]
    [InlineData("crlf")]
    public async Task Analyze_ReportsWhatItReportsOnLinux(string sources)
    {
        var input = WindowsLane.Reference(sources);
        Assert.Matches(@"^[A-Z]:\\", input);
        if (sources == "crlf")
        {
            Assert.Contains("\r\n", File.ReadAllText(Path.Combine(input, "Contracts", "ServiceContracts.cs")), StringComparison.Ordinal);
        }

        var (exitCode, stdout, stderr) = await RunToolAsync(["analyze", input, "--format", "json"]);

        Assert.True(exitCode == 0, $"exit code {exitCode}:\n{stderr}");
        var windows = JsonNode.Parse(stdout)!.AsObject();
        var linux = JsonNode.Parse(File.ReadAllText(WindowsLane.Reference("analyze.json")))!.AsObject();
        // The input is named as given: the one field that differs.
        Assert.Equal(input, (string?)windows["input"]);
        windows.Remove("input");
        linux.Remove("input");
        Assert.Equal(linux.ToJsonString(), windows.ToJsonString());
    }

    [Fact]
    public async Task Generate_WritesTheFilesItWritesOnLinux_ByteForByte()
    {
        // Beside the Linux run's output, so that the project's paths to the sources are the same relative paths.
        var target = Path.Combine(Path.GetDirectoryName(WindowsLane.Reference("generated"))!, "generated-on-windows");

        // --no-verify: there is no .NET SDK inside the prefix to build what it wrote.
        var (exitCode, _, stderr) = await RunToolAsync(["generate", WindowsLane.Reference("LegacyWcf"), "--out", target, "--no-verify"]);

        Assert.True(exitCode == 0, $"exit code {exitCode}:\n{stderr}");
        var expected = WindowsLane.Reference("generated");
        var expectedFiles = Files(expected);
        Assert.NotEmpty(expectedFiles);
        Assert.Equal(expectedFiles, Files(target));
        Assert.All(expectedFiles, file => Assert.True(
            File.ReadAllBytes(Path.Combine(expected, file)).AsSpan().SequenceEqual(File.ReadAllBytes(Path.Combine(target, file))),
            $"{file} differs from the Linux tool's"));
    }

    private static string[] Files(string folder) =>
        Directory.EnumerateFiles(folder, "*", SearchOption.AllDirectories).Select(f => Path.GetRelativePath(folder, f)).Order(StringComparer.Ordinal).ToArray();

    /// <summary>Runs migrate-wcf (with W^X off, as scripts/wine.sh runs every program under Wine: docs/known-gaps.md).</summary>
    private static Task<(int ExitCode, string Stdout, string Stderr)> RunToolAsync(string[] arguments) =>
        WindowsProcess.RunAsync(WindowsLane.ToolExe, arguments);
}
