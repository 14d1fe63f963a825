using System.Diagnostics;

namespace MigrateWcf.Tool.Tests.Infrastructure;

/// <summary>
/// <c>dotnet restore</c> of a project a test wrote, so the tool loads it through MSBuild (a restored SDK-style project has
/// <c>obj/project.assets.json</c>). Packages come from the local package cache the repository's own restore filled.
/// </summary>
public static class DotnetRestore
{
    public static async Task RunAsync(string projectFile)
    {
        var start = new ProcessStartInfo("dotnet") { RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false, WorkingDirectory = Path.GetDirectoryName(projectFile)! };
        foreach (var argument in new[] { "restore", projectFile, "-nologo" })
        {
            start.ArgumentList.Add(argument);
        }

        using var process = Process.Start(start)!;
        var output = process.StandardOutput.ReadToEndAsync();
        var error = process.StandardError.ReadToEndAsync();
        await process.WaitForExitAsync();
        Assert.True(process.ExitCode == 0, $"dotnet restore failed:\n{await output}\n{await error}");
    }
}
