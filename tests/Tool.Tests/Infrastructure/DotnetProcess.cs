using System.Diagnostics;
using System.Text;

namespace MigrateWcf.Tool.Tests.Infrastructure;

/// <summary>The SDK's <c>dotnet</c> as a child process: to build what generate wrote, as a user would.</summary>
public static class DotnetProcess
{
    /// <summary>The configuration these tests were built in, so a build of a repository project reuses its output.</summary>
    public const string Configuration =
#if DEBUG
        "Debug";
#else
        "Release";
#endif

    /// <summary>Runs <c>dotnet</c> with <paramref name="arguments"/> in <paramref name="workingDirectory"/>; its exit code and everything it printed.</summary>
    public static async Task<(int ExitCode, string Output)> RunAsync(string workingDirectory, params string[] arguments)
    {
        var info = new ProcessStartInfo("dotnet")
        {
            WorkingDirectory = workingDirectory,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        foreach (var argument in arguments)
        {
            info.ArgumentList.Add(argument);
        }

        // The test host's own MSBuild settings would steer the child's build.
        foreach (var name in info.Environment.Keys.Where(k => k.StartsWith("MSBUILD", StringComparison.OrdinalIgnoreCase)).ToList())
        {
            info.Environment.Remove(name);
        }

        info.Environment["DOTNET_CLI_TELEMETRY_OPTOUT"] = "1";
        info.Environment["DOTNET_NOLOGO"] = "1";
        info.Environment["MSBUILDDISABLENODEREUSE"] = "1";
        using var process = Process.Start(info)!;
        var output = new StringBuilder();
        process.OutputDataReceived += (_, e) => { lock (output) { output.AppendLine(e.Data); } };
        process.ErrorDataReceived += (_, e) => { lock (output) { output.AppendLine(e.Data); } };
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();
        await process.WaitForExitAsync();
        lock (output)
        {
            return (process.ExitCode, output.ToString());
        }
    }
}
