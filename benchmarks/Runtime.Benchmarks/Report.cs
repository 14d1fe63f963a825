using System.Globalization;
using System.Runtime.InteropServices;
using System.Text;
using System.Text.Json;

namespace MigrateWcf.Runtime.Benchmarks;

/// <summary>The targets of the runtime benchmark, each judged from rows of the same run.</summary>
internal sealed record Target(string Description, double Measured, double Limit, string Unit, bool Met);

/// <summary>Writes the rows and targets as Markdown and JSON.</summary>
internal static class Report
{
    /// <summary>The 1, 5 and 15 minute load averages: how busy the machine was, which CPU-per-call figures depend on.</summary>
    public static string LoadAverage() =>
        File.Exists("/proc/loadavg") ? string.Join(' ', File.ReadAllText("/proc/loadavg").Split(' ').Take(3)) : "n/a";

    public static IReadOnlyList<Target> Judge(IReadOnlyList<RowResult> rows)
    {
        // A target whose row was not run (--only) is left out.
        var targets = new List<Target>();
        if (rows.FirstOrDefault(r => r.Name == "grpc connect-call-close") is { } connectCallClose)
        {
            var p50 = connectCallClose.P50Microseconds;
            targets.Add(new("connect-call-close p50", p50 / 1000, 0.6, "ms", p50 <= 600));
        }

        return targets;
    }

    public static string Markdown(IReadOnlyList<RowResult> rows, IReadOnlyList<Target> targets, string scale, string command, string loadBefore, string loadAfter)
    {
        static string F(double value, string format = "N1") => double.IsNaN(value) ? "–" : value.ToString(format, CultureInfo.InvariantCulture);
        var text = new StringBuilder();
        text.AppendLine("# Runtime benchmark");
        text.AppendLine();
        text.AppendLine($"{DateTime.UtcNow:yyyy-MM-dd HH:mm} UTC · {scale} scale · {Environment.ProcessorCount} cores · {RuntimeInformation.OSDescription} · .NET {Environment.Version} · `{command}` · load average (1/5/15 min) {loadBefore} before, {loadAfter} after");
        text.AppendLine();
        text.AppendLine("Client and server are separate processes; the server is warm (each row warms up before its window). CPU is each process's user + system time over the window divided by the calls completed in it; memory is the peak resident set sampled every 50 ms during the window; allocations are managed bytes (GC.GetTotalAllocatedBytes) per call; context switches are voluntary + involuntary switches of both processes' threads per call (getrusage) (a machine shared with other work inflates CPU per call mostly through these). Ratios compare with the raw 1-byte Unix-socket echo at the same number of callers (rows without one: the 1-caller floor). Rows of one group ran interleaved (each caller count's floor with its gRPC rows; connect-call-close, streaming and 1 MB together): each of the run's rounds gave every row one window in turn, and a row's figures cover all its windows. The floor is blocking sockets with a thread per connection on both sides; the python row checks it against a second implementation in the same run (raw_echo.py, two python3 processes, same design): its ratio is its p50 over the floor's, so a ratio of 1 or more means the floor is at least as fast.");
        text.AppendLine();
        text.AppendLine("| Row | Callers | Calls | Calls/s | p50 µs | p99 µs | Client CPU µs/call | Server CPU µs/call | Total CPU µs/call | Client B alloc/call | Server B alloc/call | Ctx switches/call | Client peak MB | Server peak MB | Failed | p50 ÷ floor | Calls/s ÷ floor |");
        text.AppendLine("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        foreach (var r in rows)
        {
            text.AppendLine($"| {r.Name} | {r.Callers} | {r.Calls:N0} | {F(r.CallsPerSecond, "N0")} | {F(r.P50Microseconds)} | {F(r.P99Microseconds)} | {F(r.ClientCpuMicrosecondsPerCall)} | {F(r.ServerCpuMicrosecondsPerCall)} | {F(r.TotalCpuMicrosecondsPerCall)} | {F(r.ClientBytesPerCall, "N0")} | {F(r.ServerBytesPerCall, "N0")} | {F(r.ContextSwitchesPerCall)} | {F(r.ClientPeakMegabytes, "N0")} | {F(r.ServerPeakMegabytes, "N0")} | {r.Failures} | {(r.P50RatioToFloor is { } p ? F(p, "N2") + "×" : "floor")} | {(r.ThroughputRatioToFloor is { } t ? F(t, "N2") + "×" : "floor")} |");
        }

        text.AppendLine();
        text.AppendLine($"The {Driver.StreamMessages:N0}-message stream row counts whole streams as calls: messages/s = calls/s × {Driver.StreamMessages:N0}.");
        if (rows.FirstOrDefault(r => r.Name == Driver.SessionInvokerName) is { } invoker
            && rows.FirstOrDefault(r => r.Name == Driver.SessionInterceptorName) is { } interceptor)
        {
            // Round by round (the two rows ran in turn), so a change in the machine's load cancels out.
            var p50Ratios = interceptor.Rounds.Zip(invoker.Rounds, (a, b) => a.P50Microseconds / b.P50Microseconds).Order().ToList();
            text.AppendLine();
            text.AppendLine("## Client session: Interceptor ÷ CallInvoker subclass");
            text.AppendLine();
            text.AppendLine($"Blocking unary echo, 1 caller: p50 {F(interceptor.P50Microseconds / invoker.P50Microseconds, "N3")}× (median of the rounds' ratios {F(p50Ratios[p50Ratios.Count / 2], "N3")}×), calls/s {F(interceptor.CallsPerSecond / invoker.CallsPerSecond, "N3")}×, client CPU/call {F(interceptor.ClientCpuMicrosecondsPerCall / invoker.ClientCpuMicrosecondsPerCall, "N3")}×, client allocations {F(interceptor.ClientBytesPerCall, "N0")} B vs {F(invoker.ClientBytesPerCall, "N0")} B per call.");
        }

        text.AppendLine();
        text.AppendLine("## Targets");
        text.AppendLine();
        foreach (var t in targets)
        {
            text.AppendLine($"- {(t.Met ? "met" : "**missed**")}: {t.Description} = {F(t.Measured, "N2")} {t.Unit} (target ≤ {F(t.Limit, "N2")} {t.Unit})");
        }

        return text.ToString();
    }

    public static string Json(IReadOnlyList<RowResult> rows, IReadOnlyList<Target> targets, string scale, string command, string loadBefore, string loadAfter) =>
        JsonSerializer.Serialize(
            new
            {
                utc = DateTime.UtcNow,
                scale,
                command,
                cores = Environment.ProcessorCount,
                loadAverageBefore = loadBefore,
                loadAverageAfter = loadAfter,
                os = RuntimeInformation.OSDescription,
                dotnet = Environment.Version.ToString(),
                rows = rows.Select(r => new
                {
                    r.Name,
                    r.Callers,
                    r.Calls,
                    r.Failures,
                    r.Seconds,
                    r.CallsPerSecond,
                    r.P50Microseconds,
                    r.P99Microseconds,
                    r.ClientCpuMicrosecondsPerCall,
                    r.ServerCpuMicrosecondsPerCall,
                    r.TotalCpuMicrosecondsPerCall,
                    r.ClientPeakMegabytes,
                    r.ServerPeakMegabytes,
                    r.ClientBytesPerCall,
                    r.ServerBytesPerCall,
                    r.ContextSwitchesPerCall,
                    r.Floor,
                    r.P50RatioToFloor,
                    r.ThroughputRatioToFloor,
                    rounds = r.Rounds.Select(w => new { w.P50Microseconds, w.CallsPerSecond }),
                }),
                targets,
            },
            new JsonSerializerOptions { WriteIndented = true, PropertyNamingPolicy = JsonNamingPolicy.CamelCase, NumberHandling = System.Text.Json.Serialization.JsonNumberHandling.AllowNamedFloatingPointLiterals });
}
