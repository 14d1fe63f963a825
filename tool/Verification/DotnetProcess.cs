using System.ComponentModel;
using System.Diagnostics;
using System.Text;

namespace MigrateWcf.Tool.Verification;

/// <summary>What a <c>dotnet</c> command did: its exit code and output (stdout and stderr, each whole), or that it did not start or finish.</summary>
internal sealed record DotnetRun(int ExitCode, string Output, string Error)
{
    /// <summary>Why it did not run to its end (not found, timed out), or null when it did.</summary>
    public string? NotRun { get; init; }
}

/// <summary>
/// Runs the .NET SDK's <c>dotnet</c> as a child process in a folder (so that folder's <c>global.json</c> chooses the
/// SDK, as it would for the user), with a time limit; on cancellation or timeout the whole process tree is killed, so no
/// compiler or MSBuild node outlives the run.
/// </summary>
internal static class DotnetProcess
{
    public static async Task<DotnetRun> RunAsync(string dotnet, string workingFolder, IEnumerable<string> arguments, TimeSpan timeout, CancellationToken cancellationToken)
    {
        var start = new ProcessStartInfo(dotnet)
        {
            WorkingDirectory = workingFolder,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            RedirectStandardInput = true,
            UseShellExecute = false,
            StandardOutputEncoding = Encoding.UTF8,
            StandardErrorEncoding = Encoding.UTF8,
        };
        foreach (var argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }

        // No first-run banner or telemetry notice in the output we read.
        start.Environment["DOTNET_NOLOGO"] = "1";
        Process process;
        try
        {
            process = Process.Start(start) ?? throw new InvalidOperationException($"'{dotnet}' did not start.");
        }
        catch (Win32Exception e)
        {
            return new DotnetRun(-1, string.Empty, string.Empty) { NotRun = $"'{dotnet}' cannot be run ({e.Message})" };
        }

        using (process)
        {
            process.StandardInput.Close();
            var output = process.StandardOutput.ReadToEndAsync(CancellationToken.None);
            var error = process.StandardError.ReadToEndAsync(CancellationToken.None);
            using var limit = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
            limit.CancelAfter(timeout);
            try
            {
                await process.WaitForExitAsync(limit.Token);
            }
            catch (OperationCanceledException)
            {
                Kill(process);
                cancellationToken.ThrowIfCancellationRequested();
                return new DotnetRun(-1, await output, await error) { NotRun = $"it did not finish within {timeout.TotalMinutes:0} minutes" };
            }

            return new DotnetRun(process.ExitCode, await output, await error);
        }
    }

    private static void Kill(Process process)
    {
        try
        {
            process.Kill(entireProcessTree: true);
            process.WaitForExit();
        }
        catch (Exception e) when (e is InvalidOperationException or Win32Exception)
        {
            // It ended on its own meanwhile.
        }
    }
}
