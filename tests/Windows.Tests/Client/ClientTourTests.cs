using System.Text.RegularExpressions;

namespace MigrateWcf.Windows.Tests.Client;

/// <summary>
/// The migrated client (samples/Migrated/Client, the legacy client's tour compiled unchanged, published for win-x64)
/// against two generated hosts on named pipes: the same 17 lines as the Linux run over Unix sockets that
/// scripts/windows-tests.sh recorded (reference/tour.txt), but for timings and instance ids.
/// </summary>
public sealed partial class ClientTourTests
{
    [Fact]
    public async Task Tour_OverNamedPipes_PrintsWhatItPrintsOnLinux()
    {
        var pipe = PipeNames.New("tour");
        var singlePipe = PipeNames.New("tour-single");
        using var host = await WindowsProcess.StartHostAsync(null, "--socket", pipe);
        using var single = await WindowsProcess.StartHostAsync(null, "--socket", singlePipe, "--MigratedServices:Simple", "SimpleSingle");

        var (exitCode, stdout, stderr) = await WindowsProcess.RunAsync(WindowsLane.ClientExe, ["--socket", pipe, "--single-socket", singlePipe]);

        Assert.True(exitCode == 0, $"exit code {exitCode}:\n{stdout}{stderr}");
        var expected = Comparable(File.ReadAllText(WindowsLane.Reference("tour.txt")));
        Assert.Equal(17, expected.Length);
        Assert.Equal(expected, Comparable(stdout));
    }

    /// <summary>The tour's lines without what differs from run to run: "(12 ms)" and 8-digit instance ids.</summary>
    private static string[] Comparable(string output) =>
        output.Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries)
            .Select(line => Instance().Replace(Timing().Replace(line, ""), "instance #"))
            .ToArray();

    [GeneratedRegex(@" \(\d+ ms\)$")]
    private static partial Regex Timing();

    [GeneratedRegex(@"instance [0-9a-f]{8}\b")]
    private static partial Regex Instance();
}
