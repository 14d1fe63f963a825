using System.Diagnostics;
using System.Reflection;
using HdrHistogram;

namespace MigrateWcf.Runtime.Benchmarks;

/// <summary>The floor checked against a second implementation in the same run: raw_echo.py's server and client, two
/// python3 processes, blocking sockets, a thread per connection, interleaved with the 1-caller floor. If the
/// benchmark's own floor were slower than this, it would not be the machine's floor and every ratio would flatter gRPC.</summary>
internal sealed class FloorCheck : IDisposable
{
    public const string Name = "python raw unix echo, 1 byte (floor check)";

    private static readonly string Script = Path.Combine(
        typeof(FloorCheck).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>().Single(a => a.Key == "BenchmarkSourceDirectory").Value!,
        "raw_echo.py");

    private readonly string _socketPath;
    private readonly Process _server;

    /// <summary>Starts the Python echo server on a socket in <paramref name="directory"/>.</summary>
    public FloorCheck(string directory)
    {
        // A new name each time: a killed Python server leaves its socket file behind.
        _socketPath = Path.Combine(directory, $"python-{Guid.NewGuid():N}.sock");
        _server = Python("serve", _socketPath);
        var ready = _server.StandardOutput.ReadLine();
        if (ready != "READY")
        {
            Dispose();
            throw new InvalidOperationException($"raw_echo.py serve printed '{ready}' instead of READY.");
        }
    }

    /// <summary>Runs the Python client for one window and returns its round trips (Stopwatch ticks).</summary>
    public async Task<LongHistogram> MeasureAsync(TimeSpan window)
    {
        using var client = Python("call", _socketPath, window.TotalSeconds.ToString(System.Globalization.CultureInfo.InvariantCulture));
        var latencies = new LongHistogram(60 * Stopwatch.Frequency, 3);
        while (await client.StandardOutput.ReadLineAsync() is { Length: > 0 } line)
        {
            // Nanoseconds to Stopwatch ticks, the unit of every other row.
            latencies.RecordValue(long.Parse(line, System.Globalization.CultureInfo.InvariantCulture) * Stopwatch.Frequency / 1_000_000_000);
        }

        await client.WaitForExitAsync();
        return client.ExitCode == 0
            ? latencies
            : throw new InvalidOperationException($"raw_echo.py call exited {client.ExitCode}: {await client.StandardError.ReadToEndAsync()}");
    }

    public void Dispose()
    {
        _server.Kill();
        _server.WaitForExit();
        _server.Dispose();
        File.Delete(_socketPath);
    }

    private static Process Python(params string[] arguments)
    {
        var info = new ProcessStartInfo("python3") { RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
        info.ArgumentList.Add(Script);
        foreach (var argument in arguments)
        {
            info.ArgumentList.Add(argument);
        }

        info.Environment["PYTHONDONTWRITEBYTECODE"] = "1";
        return Process.Start(info) ?? throw new InvalidOperationException("python3 did not start.");
    }
}
