using System.Diagnostics;

namespace MigrateWcf.Tool.Tests.Infrastructure;

/// <summary>
/// migrate-wcf as a process of its own (<c>dotnet exec migrate-wcf.dll</c>, the tool this test assembly was built with),
/// for what an in-process run cannot show: signals, and runs that might never end (a blocked read cannot be abandoned
/// inside the test process, a process can be killed).
/// </summary>
public static class ToolProcess
{
    /// <summary>Starts the tool in <paramref name="workingFolder"/>; standard output and error are redirected, standard input closed.</summary>
    public static Process Start(string workingFolder, params string[] arguments)
    {
        var start = new ProcessStartInfo("dotnet") { WorkingDirectory = workingFolder, RedirectStandardOutput = true, RedirectStandardError = true, RedirectStandardInput = true, UseShellExecute = false };
        foreach (var argument in new[] { "exec", Path.Combine(AppContext.BaseDirectory, "migrate-wcf.dll") }.Concat(arguments))
        {
            start.ArgumentList.Add(argument);
        }

        var process = Process.Start(start)!;
        process.StandardInput.Close();
        return process;
    }

    /// <summary>
    /// Runs the tool to its end. <paramref name="limit"/> only stops a run that would never end: the process tree is then
    /// killed and the test fails, saying so.
    /// </summary>
    public static async Task<CliResult> RunAsync(string workingFolder, TimeSpan limit, params string[] arguments)
    {
        using var process = Start(workingFolder, arguments);
        var output = process.StandardOutput.ReadToEndAsync();
        var error = process.StandardError.ReadToEndAsync();
        try
        {
            await process.WaitForExitAsync().WaitAsync(limit);
        }
        catch (TimeoutException)
        {
            process.Kill(entireProcessTree: true);
            await process.WaitForExitAsync();
            Assert.Fail($"migrate-wcf {string.Join(' ', arguments)} had not ended after {limit.TotalMinutes:0} minutes (killed).\n--- stdout\n{await output}\n--- stderr\n{await error}");
        }

        return new CliResult(process.ExitCode, await output, await error);
    }
}
