using System.Diagnostics;
using System.Text;

/// <summary>What every mode of this benchmark measures with: a <c>dotnet</c> command timed, medians, the machine's load.</summary>
internal static class Measure
{
    /// <summary>Runs <c>dotnet &lt;arguments&gt; &lt;project&gt;</c> in the project's folder: wall seconds and output; a failure throws with it.</summary>
    public static (double Seconds, string Output) Run(string project, params string[] arguments)
    {
        var info = new ProcessStartInfo("dotnet") { WorkingDirectory = Path.GetDirectoryName(project)!, RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
        foreach (var argument in arguments)
        {
            info.ArgumentList.Add(argument);
        }

        info.ArgumentList.Add(project);
        info.Environment["DOTNET_CLI_TELEMETRY_OPTOUT"] = "1";
        info.Environment["DOTNET_NOLOGO"] = "1";
        var output = new StringBuilder();
        var clock = Stopwatch.StartNew();
        using var process = Process.Start(info)!;
        process.OutputDataReceived += (_, e) => { lock (output) { output.AppendLine(e.Data); } };
        process.ErrorDataReceived += (_, e) => { lock (output) { output.AppendLine(e.Data); } };
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();
        process.WaitForExit();
        clock.Stop();
        if (process.ExitCode != 0)
        {
            throw new InvalidOperationException($"dotnet {string.Join(' ', arguments)} {project} failed ({process.ExitCode}):\n{output}");
        }

        return (clock.Elapsed.TotalSeconds, output.ToString());
    }

    public static double Median(List<double> values)
    {
        var sorted = values.Order().ToList();
        return sorted.Count % 2 == 1 ? sorted[sorted.Count / 2] : (sorted[sorted.Count / 2 - 1] + sorted[sorted.Count / 2]) / 2;
    }

    public static string LoadAverage() => File.Exists("/proc/loadavg") ? File.ReadAllText("/proc/loadavg").Split(' ')[0] : "n/a";
}
