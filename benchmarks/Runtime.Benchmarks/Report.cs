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
    public static IReadOnlyList<Target> Judge(IReadOnlyList<RowResult> rows)
    {
        RowResult Row(string name, int callers) => rows.Single(r => r.Name == name && r.Callers == callers);
        var targets = new List<Target>();
        var rawOne = Row("raw unix echo, 1 byte", 1);
        var unaryOne = Row("grpc unary unix, shared channel", 1);
        var ratio = unaryOne.P50Microseconds / rawOne.P50Microseconds;
        targets.Add(new("1 caller unary p50 ÷ raw echo p50", ratio, 3, "×", ratio <= 3));
        foreach (var name in new[] { "grpc unary unix, shared channel", "grpc unary unix, channel per caller" })
        {
            var cpu = Row(name, 64).TotalCpuMicrosecondsPerCall;
            targets.Add(new($"64 callers ({name[17..]}): client + server CPU per call", cpu, 30, "µs", cpu < 30));
        }

        var unix = Row("connect-call-close unix", 1).P50Microseconds;
        var tcp = Row("connect-call-close tcp loopback", 1).P50Microseconds;
        targets.Add(new("connect-call-close unix p50", unix / 1000, 0.6, "ms", unix < 600));
        targets.Add(new("connect-call-close unix p50 ÷ tcp p50", unix / tcp, 1, "×", unix < tcp));
        return targets;
    }

    public static string Markdown(IReadOnlyList<RowResult> rows, IReadOnlyList<Target> targets, string scale, string command)
    {
        static string F(double value, string format = "N1") => double.IsNaN(value) ? "–" : value.ToString(format, CultureInfo.InvariantCulture);
        var text = new StringBuilder();
        text.AppendLine("# Runtime benchmark");
        text.AppendLine();
        text.AppendLine($"{DateTime.UtcNow:yyyy-MM-dd HH:mm} UTC · {scale} scale · {Environment.ProcessorCount} cores · {RuntimeInformation.OSDescription} · .NET {Environment.Version} · `{command}`");
        text.AppendLine();
        text.AppendLine("Client and server are separate processes; the server is warm (each row warms up before its window). CPU is each process's user + system time over the window divided by the calls completed in it; memory is the peak resident set sampled every 50 ms during the window. Ratios compare with the raw 1-byte Unix-socket echo at the same number of callers (rows without one: the 1-caller floor).");
        text.AppendLine();
        text.AppendLine("| Row | Callers | Calls | Calls/s | p50 µs | p99 µs | Client CPU µs/call | Server CPU µs/call | Total CPU µs/call | Client peak MB | Server peak MB | Failed | p50 ÷ floor | Calls/s ÷ floor |");
        text.AppendLine("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        foreach (var r in rows)
        {
            text.AppendLine($"| {r.Name} | {r.Callers} | {r.Calls:N0} | {F(r.CallsPerSecond, "N0")} | {F(r.P50Microseconds)} | {F(r.P99Microseconds)} | {F(r.ClientCpuMicrosecondsPerCall)} | {F(r.ServerCpuMicrosecondsPerCall)} | {F(r.TotalCpuMicrosecondsPerCall)} | {F(r.ClientPeakMegabytes, "N0")} | {F(r.ServerPeakMegabytes, "N0")} | {r.Failures} | {(r.P50RatioToFloor is { } p ? F(p, "N2") + "×" : "floor")} | {(r.ThroughputRatioToFloor is { } t ? F(t, "N2") + "×" : "floor")} |");
        }

        text.AppendLine();
        text.AppendLine($"The {Driver.StreamMessages:N0}-message stream row counts whole streams as calls: messages/s = calls/s × {Driver.StreamMessages:N0}.");
        text.AppendLine();
        text.AppendLine("## Targets");
        text.AppendLine();
        foreach (var t in targets)
        {
            text.AppendLine($"- {(t.Met ? "met" : "**missed**")}: {t.Description} = {F(t.Measured, "N2")} {t.Unit} (target {(t.Unit == "×" && t.Limit == 1 ? "< 1" : (t.Unit == "×" ? "≤ " : "< ") + F(t.Limit, "N1"))}{(t.Unit == "×" && t.Limit == 1 ? "" : " " + t.Unit)})");
        }

        return text.ToString();
    }

    public static string Json(IReadOnlyList<RowResult> rows, IReadOnlyList<Target> targets, string scale, string command) =>
        JsonSerializer.Serialize(
            new
            {
                utc = DateTime.UtcNow,
                scale,
                command,
                cores = Environment.ProcessorCount,
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
                    r.Floor,
                    r.P50RatioToFloor,
                    r.ThroughputRatioToFloor,
                }),
                targets,
            },
            new JsonSerializerOptions { WriteIndented = true, PropertyNamingPolicy = JsonNamingPolicy.CamelCase, NumberHandling = System.Text.Json.Serialization.JsonNumberHandling.AllowNamedFloatingPointLiterals });
}
