using System.Diagnostics;
using System.Globalization;
using System.Runtime.InteropServices;
using System.Text;
using System.Text.Json;
using HdrHistogram;

namespace MigrateWcf.Migration.Benchmarks;

/// <summary>Median, min and max over the interleaved rounds.</summary>
internal readonly record struct Spread(double Median, double Min, double Max)
{
    public static Spread Of(IEnumerable<double> values)
    {
        var sorted = values.Order().ToArray();
        return sorted.Length == 0 ? new(double.NaN, double.NaN, double.NaN)
            : new((sorted[(sorted.Length - 1) / 2] + sorted[sorted.Length / 2]) / 2, sorted[0], sorted[^1]);
    }
}

/// <summary>A row of one cell over all its rounds. Lost = calls the server counted minus successes the clients saw
/// (null where the server counts nothing: the floor).</summary>
internal sealed record RowReport(
    string Cell, string CpuState, int Threads, int CallsPerThread, string Row, int Rounds, long Calls, long Failures, string? FirstFailure,
    Spread CallsPerSecond, double P50Microseconds, double P99Microseconds, double P999Microseconds,
    double ClientCpuMicrosecondsPerCall, double ServerCpuMicrosecondsPerCall, double ClientPeakMegabytes, double ServerPeakMegabytes,
    long? Lost, double OthersCpuPercent)
{
    public double? CallsPerSecondRatioToFloor { get; init; }

    public double? P50RatioToFloor { get; init; }

    /// <summary><see cref="OthersCpuPercent"/>: the CPU other processes used while the row ran, as a share of the
    /// machine (all cores), so a reader sees how idle "cpu idle" really was; NaN for the external (python) row.</summary>
    public static RowReport Of(Cell cell, string row, List<RunResult> runs, bool external)
    {
        var latencies = new LongHistogram(60 * Stopwatch.Frequency, 3);
        runs.ForEach(r => latencies.Add(r.Latencies));
        var count = latencies.TotalCount;
        double PerCall(double total) => external || count == 0 ? double.NaN : total / count;
        double Us(double percentile) => count == 0 ? double.NaN : latencies.GetValueAtPercentile(percentile) * 1e6 / Stopwatch.Frequency;
        var others = runs.All(r => r.OthersCpu is not null) && !external
            ? runs.Sum(r => r.OthersCpu!.Value.TotalSeconds) * 100 / (runs.Sum(r => r.Seconds) * Environment.ProcessorCount)
            : double.NaN;
        return new RowReport(cell.Name, cell.State.Label(), cell.Threads, cell.CallsPerThread, row, runs.Count, count, runs.Sum(r => r.Failures), runs.Select(r => r.FirstFailure).FirstOrDefault(f => f is not null),
            Spread.Of(runs.Select(r => r.Latencies.TotalCount / r.Seconds)), Us(50), Us(99), Us(99.9),
            PerCall(runs.Sum(r => r.ClientCpu.TotalMicroseconds)), PerCall(runs.Sum(r => r.ServerCpu.TotalMicroseconds)),
            external ? double.NaN : runs.Max(r => r.ClientPeakBytes) / 1048576.0, external ? double.NaN : runs.Max(r => r.ServerPeakBytes) / 1048576.0,
            runs.All(r => r.ServerCounted is not null) ? runs.Sum(r => r.ServerCounted!.Value) - count : null, others);
    }

    /// <summary>Each row's ratios to the floor row of its cell (the cells without one, connect-call-close, get none).</summary>
    public static IReadOnlyList<RowReport> WithRatios(IReadOnlyList<RowReport> rows) => rows.Select(row =>
        rows.FirstOrDefault(f => f.Cell == row.Cell && f.Row == Matrix.FloorRow) is { } floor && !ReferenceEquals(floor, row)
            ? row with
            {
                CallsPerSecondRatioToFloor = row.CallsPerSecond.Median / floor.CallsPerSecond.Median,
                P50RatioToFloor = row.P50Microseconds / floor.P50Microseconds,
            }
            : row).ToList();
}

/// <summary>The whole result: matrix rows, payload and tuning rows, scenarios, where and how it ran. Written as Markdown and JSON.</summary>
internal sealed record BenchmarkResult(string Scale, string Command, IReadOnlyList<RowReport> Rows, IReadOnlyList<PayloadRow> Payload, IReadOnlyList<TuningRow> Tuning, IReadOnlyList<ScenarioResult> Scenarios,
    SoakResult? Soak, string LoadBefore, string LoadAfter, IReadOnlyList<string> Notes)
{
    public bool Passed => Rows.Concat(Payload.Select(p => p.Report)).Concat(Tuning.Select(t => t.Report)).All(r => r.Failures == 0 && (r.Lost ?? 0) == 0) && Scenarios.All(s => s.Passed) && Soak?.Passed != false;

    /// <summary>The machine's load average; under Wine read through its Z: drive (the Linux root).</summary>
    public static string LoadAverage() =>
        new[] { "/proc/loadavg", @"Z:\proc\loadavg" }.FirstOrDefault(File.Exists) is { } path ? string.Join(' ', File.ReadAllText(path).Split(' ').Take(3)) : "n/a";

    public string Markdown()
    {
        static string F(double value, string format = "N1") => double.IsNaN(value) ? "–" : value.ToString(format, CultureInfo.InvariantCulture);
        var text = new StringBuilder();
        text.AppendLine(Rows.Count > 0 ? "# Before/after benchmark: the legacy sample's PerCall Single and Multiple, migrated" : "# Migration benchmark");
        text.AppendLine();
        text.AppendLine(CultureInfo.InvariantCulture, $"{DateTime.UtcNow:yyyy-MM-dd HH:mm} UTC · {Scale} scale · {Environment.ProcessorCount} cores · {RuntimeInformation.OSDescription} · .NET {Environment.Version} · `{Command}` · load average (1/5/15 min) {LoadBefore} before, {LoadAfter} after");
        text.AppendLine();
        text.AppendLine("Client (this driver) and server are separate processes. A cell is N threads × M calls, each thread with its own channel unless the cell says shared; every caller's first call (connection, session) is not measured. Rows of a cell ran interleaved, one run each per round; calls/s is the median of the rounds (min–max); percentiles are over all rounds' calls; CPU is each process's user + system time over the runs divided by the calls; memory is the peak resident set sampled every 50 ms. Lost = calls the server counted − successes the clients saw. Ratios: to the raw 1-byte echo floor of the same cell (blocking sockets, a thread per connection both sides); the python row checks that floor with a second implementation (raw_echo.py) in the same cell.");
        text.AppendLine();
        text.AppendLine(CultureInfo.InvariantCulture, $"Machine state, named in every cell: *cpu idle*: the harness adds nothing; *cpu awake*: {CpuWaker.SpinnerCount} spinner process(es) at nice 19 keep the spare core(s) busy, so a woken thread does not wait for a halted vCPU (on this VM class a lone 1-byte echo takes ~60 µs p50 idle, ~6 µs awake). Every row of a cell ran in the cell's state and ratios are only within a cell; the 1-thread cells and connect-call-close run in both states. Others' CPU %: the machine's busy time while the row ran minus the client's and the server's, as a share of all cores (other users; in the awake state also the spinners), so \"cpu idle\" is only as idle as that column says.");
        text.AppendLine();
        if (Rows.Count > 0)
        {
            text.AppendLine("| Cell | Row | Calls | Calls/s median (min–max) | p50 µs | p99 µs | p99.9 µs | Client CPU µs/call | Server CPU µs/call | Client peak MB | Server peak MB | Failed | Lost | Others' CPU % | Calls/s ÷ floor | p50 ÷ floor |");
            text.AppendLine("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
            foreach (var r in Rows)
            {
                text.AppendLine(CultureInfo.InvariantCulture, $"| {r.Cell} | {r.Row} | {r.Calls:N0} | {F(r.CallsPerSecond.Median, "N0")} ({F(r.CallsPerSecond.Min, "N0")}–{F(r.CallsPerSecond.Max, "N0")}) | {F(r.P50Microseconds)} | {F(r.P99Microseconds)} | {F(r.P999Microseconds)} | {F(r.ClientCpuMicrosecondsPerCall)} | {F(r.ServerCpuMicrosecondsPerCall)} | {F(r.ClientPeakMegabytes, "N0")} | {F(r.ServerPeakMegabytes, "N0")} | {r.Failures} | {(r.Lost is { } lost ? lost.ToString(CultureInfo.InvariantCulture) : "–")} | {F(r.OthersCpuPercent, "N0")} | {(r.CallsPerSecondRatioToFloor is { } c ? F(c, "N2") + "×" : "–")} | {(r.P50RatioToFloor is { } p ? F(p, "N2") + "×" : "–")} |");
            }
        }

        if (Rows.FirstOrDefault(r => r.FirstFailure is not null) is { } failed)
        {
            text.AppendLine();
            text.AppendLine($"First failure ({failed.Cell}, {failed.Row}): {failed.FirstFailure}");
        }

        var targets = Targets().ToList();
        if (targets.Count > 0)
        {
            text.AppendLine();
            text.AppendLine("## Targets of issues 16 and 30 (judged in this run; a --quick run's figures are too small to judge)");
            text.AppendLine();
            text.AppendLine("Issue 16 judges the shim's own cost against the plain generated client on the same transport (HTTP/2), so on the *call lane off* rows; issue 30 judges the shim as shipped (on the local call lane) against the same shim with the lane off.");
            text.AppendLine();
            foreach (var (description, measured, limit, met) in targets)
            {
                text.AppendLine(CultureInfo.InvariantCulture, $"- {(met ? "met" : "**missed**")}: {description} = {F(measured, "N2")} (target ≤ {F(limit, "N2")})");
            }
        }

        if (Payload.Count > 0)
        {
            text.AppendLine();
            text.AppendLine("## Payload sizes");
            text.AppendLine();
            text.AppendLine(CultureInfo.InvariantCulture, $"One caller, one round trip at a time: the message goes to the server and comes back whole. The migrated rows call benchmarks/PayloadWcf's `IPayloadEcho` (PerCall) through the generated client shim, served by the generated hosting on its own Unix socket (message limits raised to {Migration.Benchmarks.Payload.MaxMessageBytes / 1048576} MiB both sides; gRPC's default is 4 MB, as WCF's MaxReceivedMessageSize defaults to 64 KB); the records are a list of `Reading` data contracts (strings, a long, a DateTime, a double, an enum) as many as make the request about the size (its exact wire size in the Bytes column). Floors of the same size: a raw Unix-socket copy between the same two processes (a 4-byte length and the bytes, blocking, a thread each side) and an in-process memory copy there and back (two copies, no serialization); and what a shared-memory lane could reach: a segment on tmpfs mapped by both processes once per connection, each message copied in by the sender and out by the receiver, a 4-byte length over the socket (buffers reused on both sides, as the socket copy's are). Each caller's first answer is compared whole with what it sent (not timed); the timed ones by size. Rounds interleaved; calls/s is the median (min–max); MB/s = calls/s × bytes, one way. Settings are measured on the Document row, each against the row it changes one thing of: the bulk lane (on by default; values of 64 KiB and more through shared memory, docs/bulk-lane.md) against every byte over HTTP/2; and, with the lane off, the client's response stream window at SocketsHttpHandler's 64 KiB instead of the runtime's 1 MiB, and the host with Kestrel's inline socket scheduling (off by default; a second host of the same service in the same server process); \"Time ÷ base row\" is such a row's time per call over the row it changes (above 1: that row is faster). The first size's rows run once unmeasured before the first round (past tiered compilation), and each round runs the rows in its own order (a fixed shuffle per round).");
            text.AppendLine();
            text.AppendLine("| Size | Row | Bytes | Calls | Calls/s median (min–max) | MB/s one way | p50 ms | p99 ms | Client CPU ms/call | Server CPU ms/call | Client peak MB | Server peak MB | Failed | Time ÷ socket copy | Time ÷ memory copy | Time ÷ base row |");
            text.AppendLine("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
            foreach (var p in Payload)
            {
                var r = p.Report;
                text.AppendLine(CultureInfo.InvariantCulture, $"| {r.Cell} | {r.Row} | {p.MessageBytes:N0} | {r.Calls:N0} | {F(r.CallsPerSecond.Median, "N0")} ({F(r.CallsPerSecond.Min, "N0")}–{F(r.CallsPerSecond.Max, "N0")}) | {F(p.MegabytesPerSecond, "N0")} | {F(r.P50Microseconds / 1000, "N3")} | {F(r.P99Microseconds / 1000, "N3")} | {F(r.ClientCpuMicrosecondsPerCall / 1000, "N3")} | {F(r.ServerCpuMicrosecondsPerCall / 1000, "N3")} | {F(r.ClientPeakMegabytes, "N0")} | {F(r.ServerPeakMegabytes, "N0")} | {r.Failures} | {(p.TimeRatioToSocketCopy is { } s ? F(s, "N2") + "×" : "–")} | {(p.TimeRatioToMemoryCopy is { } m ? F(m, "N2") + "×" : "–")} | {(p.TimeRatioToBaseRow is { } d ? F(d, "N2") + "×" : "–")} |");
            }

            if (Payload.FirstOrDefault(p => p.Report.FirstFailure is not null) is { } failedPayload)
            {
                text.AppendLine();
                text.AppendLine($"First failure ({failedPayload.Report.Cell}, {failedPayload.Report.Row}): {failedPayload.Report.FirstFailure}");
            }
        }

        if (Tuning.Count > 0)
        {
            text.AppendLine();
            text.AppendLine("## Per-call settings (issue 30)");
            text.AppendLine();
            text.AppendLine("One Put through the generated client shim (`ISimple` from `MigratedClientFactory`, each proxy its own channel) to the migrated PerCall Multiple service over a Unix socket, server in its own process: the shim as shipped (the runtime's defaults), then each setting grpc-dotnet and ASP.NET Core leave to the application alone, then all of them together, beside the raw 1-byte echo floor. The runtime's defaults include the local call lane (unary calls as frames on the host's `<socket>.calls`, docs/call-lane.md), so every row but *call lane off* (the client's `ClientProxyOptions.CallLane` false: every call an HTTP/2 request, the shim as it was before the lane) takes it. *No deadline*: `ClientProxyOptions.SendTimeout` infinite (grpc-dotnet arms a timer for every call with a deadline; the default is 1 minute). *Inline scheduling host*: a second host of the same service in the server process with `GrpcHostOptions.InlineSocketScheduling` (Kestrel's `UnsafePreferInlineScheduling`). *Client handler*: `ClientProxyOptions.ConfigureHandler` setting SocketsHttpHandler's `ActivityHeadersPropagator` to null (no trace-context headers) and `EnableMultipleHttp2Connections` to false (one connection, as one caller at a time needs). *Slim host*: a host of the same service with Kestrel's `AddServerHeader` false and no minimum request and response data rates (no per-body rate timing), through the host builder. *All together*: a host with inline scheduling and slim, the client with no deadline and the handler settings. Rows interleaved, one run each per round, each round in its own fixed shuffled order (so no setting always runs after the same row); calls/s is the median of the rounds (min–max); CPU is each process's user + system time over all rounds' calls. \"Time ÷ shipped\" is the shipped row's calls/s over the row's (below 1: the setting is faster); \"client CPU ÷ shipped\" the row's client CPU per call over the shipped row's.");
            text.AppendLine();
            text.AppendLine("| Cell | Row | Calls | Calls/s median (min–max) | p50 µs | p99 µs | Client CPU µs/call | Server CPU µs/call | Failed | Lost | Others' CPU % | p50 ÷ floor | Time ÷ shipped | Client CPU ÷ shipped |");
            text.AppendLine("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
            foreach (var t in Tuning)
            {
                var r = t.Report;
                text.AppendLine(CultureInfo.InvariantCulture, $"| {r.Cell} | {r.Row} | {r.Calls:N0} | {F(r.CallsPerSecond.Median, "N0")} ({F(r.CallsPerSecond.Min, "N0")}–{F(r.CallsPerSecond.Max, "N0")}) | {F(r.P50Microseconds)} | {F(r.P99Microseconds)} | {F(r.ClientCpuMicrosecondsPerCall)} | {F(r.ServerCpuMicrosecondsPerCall)} | {r.Failures} | {(r.Lost is { } lost ? lost.ToString(CultureInfo.InvariantCulture) : "–")} | {F(r.OthersCpuPercent, "N0")} | {(r.P50RatioToFloor is { } p ? F(p, "N2") + "×" : "–")} | {(t.TimeRatioToShipped is { } time ? F(time, "N2") + "×" : "–")} | {(t.ClientCpuRatioToShipped is { } cpu ? F(cpu, "N2") + "×" : "–")} |");
            }

            if (Tuning.FirstOrDefault(t => t.Report.FirstFailure is not null) is { } failedTuning)
            {
                text.AppendLine();
                text.AppendLine($"First failure ({failedTuning.Report.Cell}, {failedTuning.Report.Row}): {failedTuning.Report.FirstFailure}");
            }
        }

        if (Scenarios.Count > 0)
        {
            text.AppendLine();
            text.AppendLine("## Load and fault scenarios");
            text.AppendLine();
            text.AppendLine("| Scenario | Result | Clients | Client successes | Client failures | Server counted | Lost | Details |");
            text.AppendLine("|---|---|---:|---:|---:|---:|---:|---|");
            foreach (var s in Scenarios)
            {
                text.AppendLine(CultureInfo.InvariantCulture, $"| {s.Name} | {(s.Passed ? "passed" : "**failed**")} | {s.Clients} | {s.Successes:N0} | {s.Failures:N0} | {s.ServerCounted:N0} | {s.Lost} | {s.Details} |");
            }
        }

        if (Soak is { } soak)
        {
            text.AppendLine();
            text.AppendLine("## Soak");
            text.AppendLine();
            text.AppendLine(CultureInfo.InvariantCulture, $"Workload: {soak.Workload} ({Migration.Benchmarks.Soak.Callers} callers, each its own channel) at {soak.TargetCallsPerSecond:N1} calls/s for {soak.Seconds:N0} s: {soak.Calls:N0} calls ({soak.Calls / soak.Seconds:N0}/s), {soak.Failures} failed{(soak.FirstFailure is { } f ? " (first: " + f + ")" : "")}. Both processes sampled every {soak.SampleIntervalSeconds:N0} s ({soak.Samples.Count} samples); slopes are least squares per minute after a {soak.WarmUpSeconds:N0} s warm-up (the first half of the run, or until both processes' first garbage collection if that is later: the GC sizes its gen0 budget from the L3 cache, and until the first collection the heap only grows); flat = no growth over the measured span beyond the tolerance (slope × span; memory: 5% of its mean or 2 MB; descriptors and mapped lane segments: < 1; a falling series is flat). GC committed is the memory the GC holds (heap, free regions, the allocation budget); the resident set outside it is the runtime, the code and native buffers. Verdict: {(soak.Flat ? "flat" : "**not flat**")}.");
            text.AppendLine();
            text.AppendLine("| Series | First | Last | Slope per minute | Tolerance | Flat |");
            text.AppendLine("|---|---:|---:|---:|---:|---|");
            foreach (var series in soak.Series)
            {
                text.AppendLine(CultureInfo.InvariantCulture, $"| {series.Name} ({series.Unit}) | {F(series.First)} | {F(series.Last)} | {F(series.SlopePerMinute, "N3")} | {F(series.Tolerance)} | {(series.Flat ? "yes" : "**no**")} |");
            }
        }

        text.AppendLine();
        foreach (var note in Notes)
        {
            text.AppendLine($"- {note}");
        }

        return text.ToString();
    }

    /// <summary>The issue's targets, each from rows of this run: time per call (1 ÷ median calls/s) of one row over
    /// another's in the same cell, the 1-thread p50 over the floor's, connect-call-close p50. The adapter and the shim
    /// are also judged by CPU per call of the process they run in: the work they add, which the scheduling of hundreds
    /// of threads on 2 cores stretches less than the calls/s of one round.</summary>
    public IEnumerable<(string Description, double Measured, double Limit, bool Met)> Targets()
    {
        RowReport? Find(string cell, string row) => Rows.FirstOrDefault(r => r.Cell == cell && r.Row == row);
        foreach (var cell in Rows.Select(r => r.Cell).Distinct().Where(c => !c.StartsWith("legacy", StringComparison.Ordinal) && !c.StartsWith("connect", StringComparison.Ordinal)))
        {
            const string Single = "migrated PerCall Single", Multiple = "migrated PerCall Multiple", Shim = Matrix.ShimRow, Plain = Matrix.PlainRow;
            if (Find(cell, Single + Shim) is { } s && Find(cell, Multiple + Shim) is { } m)
            {
                var ratio = Math.Max(s.CallsPerSecond.Median, m.CallsPerSecond.Median) / Math.Min(s.CallsPerSecond.Median, m.CallsPerSecond.Median);
                // The rounds' spread beside the gap: when the two rows' min–max ranges overlap, the gap is within the round-to-round noise.
                var overlap = s.CallsPerSecond.Min <= m.CallsPerSecond.Max && m.CallsPerSecond.Min <= s.CallsPerSecond.Max;
                yield return ($"{cell}: Single vs Multiple through the shim, faster ÷ slower calls/s (rounds' ranges {(overlap ? "overlap" : "do not overlap")}: Single {s.CallsPerSecond.Min:N0}–{s.CallsPerSecond.Max:N0}, Multiple {m.CallsPerSecond.Min:N0}–{m.CallsPerSecond.Max:N0})", ratio, 1.05, ratio <= 1.05);
            }

            if (Find(cell, "hand-written grpc-dotnet" + Plain) is { } hand)
            {
                foreach (var adapter in new[] { Single, Multiple }.Select(n => Find(cell, n + Plain)).OfType<RowReport>())
                {
                    var name = adapter.Row[..adapter.Row.IndexOf(" ←", StringComparison.Ordinal)];
                    var ratio = hand.CallsPerSecond.Median / adapter.CallsPerSecond.Median;
                    yield return ($"{cell}: {name} adapter, time per call ÷ hand-written", ratio, 1.10, ratio <= 1.10);
                    if (CpuRatio(adapter.ServerCpuMicrosecondsPerCall, hand.ServerCpuMicrosecondsPerCall) is { } cpuRatio)
                    {
                        yield return ($"{cell}: {name} adapter, server CPU per call ÷ hand-written", cpuRatio, 1.10, cpuRatio <= 1.10);
                    }
                }
            }

            foreach (var name in new[] { Single, Multiple })
            {
                if (Find(cell, name + Shim) is { } lane && Find(cell, name + Matrix.ShimHttp2Row) is { } http2)
                {
                    // Issue 30: ≥ 3× the calls/s with many callers, p50 ≤ 3× the floor and client CPU ≤ ¼ with one.
                    if (lane.Threads > 1 && !cell.Contains("shared", StringComparison.Ordinal))
                    {
                        var ratio = http2.CallsPerSecond.Median / lane.CallsPerSecond.Median;
                        yield return ($"issue 30 · {cell}: {name} through the shim, time per call on the call lane ÷ over HTTP/2 (≥ 3× the calls/s)", ratio, 1.0 / 3, ratio <= 1.0 / 3);
                    }
                    else if (lane.Threads == 1 && CpuRatio(lane.ClientCpuMicrosecondsPerCall, http2.ClientCpuMicrosecondsPerCall) is { } cpuRatio)
                    {
                        yield return ($"issue 30 · {cell}: {name} through the shim, client CPU per call on the call lane ÷ over HTTP/2", cpuRatio, 0.25, cpuRatio <= 0.25);
                    }
                }

                // Issue 16's shim cost: against the plain client on the same transport.
                var shimOverHttp2 = Find(cell, name + Matrix.ShimHttp2Row) ?? Find(cell, name + Shim);
                if (shimOverHttp2 is { } shim && Find(cell, name + Plain) is { } plain)
                {
                    var ratio = plain.CallsPerSecond.Median / shim.CallsPerSecond.Median;
                    yield return ($"{cell}: {name}, shim time per call ÷ plain client", ratio, 1.10, ratio <= 1.10);
                }

                // The same threading model (a blocked thread per call): what the shim itself adds.
                if (shimOverHttp2 is { } shimOwn && Find(cell, name + Matrix.PlainBlockingRow) is { } blocking)
                {
                    var ratio = blocking.CallsPerSecond.Median / shimOwn.CallsPerSecond.Median;
                    yield return ($"{cell}: {name}, shim time per call ÷ plain client's blocking call (a thread each, as the shim)", ratio, 1.10, ratio <= 1.10);
                    if (CpuRatio(shimOwn.ClientCpuMicrosecondsPerCall, blocking.ClientCpuMicrosecondsPerCall) is { } cpuRatio)
                    {
                        yield return ($"{cell}: {name}, shim client CPU per call ÷ plain client's blocking call", cpuRatio, 1.10, cpuRatio <= 1.10);
                    }
                }
            }

            if (Rows.First(r => r.Cell == cell).Threads == 1 && Find(cell, Multiple + Shim) is { P50RatioToFloor: { } p50Ratio })
            {
                yield return ($"issues 16 and 30 · {cell}: single-thread p50 through the shim ÷ floor p50", p50Ratio, 3, p50Ratio <= 3);
            }
        }

        foreach (var unix in Rows.Where(r => r.Row == "connect-call-close, unix socket"))
        {
            yield return ($"{unix.Cell}: over the Unix socket, p50 ms", unix.P50Microseconds / 1000, 0.6, unix.P50Microseconds <= 600);
            if (Find(unix.Cell, "connect-call-close, loopback TCP") is { } tcp)
            {
                var ratio = unix.P50Microseconds / tcp.P50Microseconds;
                yield return ($"{unix.Cell}: p50, Unix socket ÷ loopback TCP", ratio, 1, ratio < 1);
            }
        }
    }

    /// <summary>A ratio of CPU per call, or none when either side took less than the clock measures (a short --quick run:
    /// process CPU times advance in ticks of 10 ms).</summary>
    private static double? CpuRatio(double measured, double reference) => measured > 0 && reference > 0 ? measured / reference : null;

    public string Json() => JsonSerializer.Serialize(
        new
        {
            utc = DateTime.UtcNow,
            scale = Scale,
            command = Command,
            cores = Environment.ProcessorCount,
            os = RuntimeInformation.OSDescription,
            dotnet = Environment.Version.ToString(),
            loadAverageBefore = LoadBefore,
            loadAverageAfter = LoadAfter,
            passed = Passed,
            rows = Rows,
            targets = Targets().Select(t => new { description = t.Description, measured = t.Measured, limit = t.Limit, met = t.Met }),
            payload = Payload.Select(p => new { size = p.Report.Cell, row = p.Report.Row, messageBytes = p.MessageBytes, megabytesPerSecond = p.MegabytesPerSecond, timeRatioToSocketCopy = p.TimeRatioToSocketCopy, timeRatioToMemoryCopy = p.TimeRatioToMemoryCopy, timeRatioToBaseRow = p.TimeRatioToBaseRow, report = p.Report }),
            tuning = Tuning.Select(t => new { cell = t.Report.Cell, row = t.Report.Row, timeRatioToShipped = t.TimeRatioToShipped, clientCpuRatioToShipped = t.ClientCpuRatioToShipped, report = t.Report }),
            scenarios = Scenarios,
            soak = Soak is null ? null : new { workload = Soak.Workload, seconds = Soak.Seconds, targetCallsPerSecond = Soak.TargetCallsPerSecond, calls = Soak.Calls, failures = Soak.Failures, firstFailure = Soak.FirstFailure, passed = Soak.Passed, flat = Soak.Flat, sampleIntervalSeconds = Soak.SampleIntervalSeconds, warmUpSeconds = Soak.WarmUpSeconds, series = Soak.Series, samples = Soak.Samples },
            notes = Notes,
        },
        new JsonSerializerOptions { WriteIndented = true, PropertyNamingPolicy = JsonNamingPolicy.CamelCase, NumberHandling = System.Text.Json.Serialization.JsonNumberHandling.AllowNamedFloatingPointLiterals });
}
