using System.Diagnostics;
using System.Text;

namespace MigrateWcf.Interop.Tests.Harness;

/// <summary>Runs one interop client process for one case against a running server and fails the test with both
/// sides' output when the client does not pass.</summary>
internal static class InteropClientRun
{
    private static readonly TimeSpan CaseTimeout = TimeSpan.FromSeconds(60);

    public static async Task AssertPassesAsync(Implementation client, InteropServerFixture server, string testCase)
    {
        Assert.False(server.HasExited, $"The {server.Implementation} server is not running:\n{server.Output}");
        var serverMark = server.Output.Mark();
        var output = new ProcessOutput();
        using var process = new Process { StartInfo = Commands.Client(client, server.Address, testCase) };
        output.Attach(process);
        var stopwatch = Stopwatch.StartNew();
        process.Start();
        process.StandardInput.Close();
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();

        using var timeout = new CancellationTokenSource(CaseTimeout);
        var timedOut = false;
        try
        {
            await process.WaitForExitAsync(timeout.Token);
        }
        catch (OperationCanceledException)
        {
            timedOut = true;
            process.Kill(entireProcessTree: true);
            await process.WaitForExitAsync();
        }

        // WaitForExit without a timeout also drains the redirected streams.
        process.WaitForExit();
        if (timedOut || process.ExitCode != 0)
        {
            var report = new StringBuilder()
                .AppendLine(timedOut
                    ? $"{client} client, case {testCase}: no result within {CaseTimeout} against the {server.Implementation} server over {server.Transport}."
                    : $"{client} client, case {testCase}: exit code {process.ExitCode} against the {server.Implementation} server over {server.Transport} ({stopwatch.ElapsedMilliseconds} ms).")
                .AppendLine($"--- client ({string.Join(' ', process.StartInfo.ArgumentList)}) ---")
                .Append(output)
                .AppendLine($"--- {server.Implementation} server output during the case ---")
                .Append(server.Output.Since(serverMark));
            Assert.Fail(report.ToString());
        }
    }
}
