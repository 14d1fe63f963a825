using System.Diagnostics;
using Google.Protobuf.WellKnownTypes;
using HdrHistogram;

namespace MigrateWcf.Runtime.Benchmarks;

/// <summary>A row of the report: a workload with N callers, and how to make each caller.</summary>
internal sealed record Variant(string Name, int Callers, Func<int, ValueTask<ICaller>> Create)
{
    /// <summary>A row measured by other processes (the floor check): given the window's length, returns the latencies
    /// it recorded; CPU and memory are not measured for it.</summary>
    public Func<TimeSpan, Task<LongHistogram>>? External { get; init; }
}

/// <summary>One row of the report.</summary>
internal sealed record RowResult(
    string Name,
    int Callers,
    long Calls,
    long Failures,
    double Seconds,
    double CallsPerSecond,
    double P50Microseconds,
    double P99Microseconds,
    double ClientCpuMicrosecondsPerCall,
    double ServerCpuMicrosecondsPerCall,
    double ClientPeakMegabytes,
    double ServerPeakMegabytes,
    double ClientBytesPerCall,
    double ServerBytesPerCall,
    double ContextSwitchesPerCall)
{
    public double TotalCpuMicrosecondsPerCall => ClientCpuMicrosecondsPerCall + ServerCpuMicrosecondsPerCall;

    /// <summary>The raw-echo row this row is compared with, and the ratios (null for the floor rows themselves).</summary>
    public string? Floor { get; init; }

    public double? P50RatioToFloor { get; init; }

    public double? ThroughputRatioToFloor { get; init; }

    /// <summary>Each round's window on its own (p50 µs, calls/s), so rows of one group can be compared round by round.</summary>
    public IReadOnlyList<(double P50Microseconds, double CallsPerSecond)> Rounds { get; init; } = [];
}

/// <summary>Runs rows: N callers repeat a call for a warm-up, then a measured window, while both processes' CPU time
/// and resident memory are read (Process.TotalProcessorTime and WorkingSet64 come from /proc/&lt;pid&gt;/stat and status
/// on Linux). Rows compared with each other run interleaved: each of <paramref name="rounds"/> rounds gives every row one
/// window in turn (A B C A B C …), so a change in the machine's load hits all of them alike.</summary>
internal sealed class RowRunner(Process server, Func<Task<Struct>> serverStats, TimeSpan warmup, TimeSpan window, int rounds)
{
    private static readonly TimeSpan MemorySampleInterval = TimeSpan.FromMilliseconds(50);

    // Latencies in Stopwatch ticks, up to a minute, 3 significant digits.
    private static readonly long HighestLatency = 60 * Stopwatch.Frequency;

    public async Task<IReadOnlyList<RowResult>> RunInterleavedAsync(IReadOnlyList<Variant> variants)
    {
        var windows = variants.Select(_ => new List<Window>()).ToArray();
        for (var round = 0; round < rounds; round++)
        {
            for (var i = 0; i < variants.Count; i++)
            {
                windows[i].Add(variants[i].External is { } external
                    ? new Window(await external(window), 0, window.TotalSeconds, default, default, 0, 0, 0, 0, 0)
                    : await RunWindowAsync(variants[i]));
            }
        }

        return variants.Select((variant, i) => Summarize(variant, windows[i])).ToList();
    }

    private sealed record Window(
        LongHistogram Latencies, long Failures, double Seconds, TimeSpan ClientCpu, TimeSpan ServerCpu, double ClientBytes,
        double ServerBytes, double ContextSwitches, long ClientPeak, long ServerPeak);

    /// <summary>What the callers are doing: warming up, measured (a call counts when it starts and ends in this phase),
    /// or stopping. The runner switches phases right after and before its snapshots, so CPU, allocations and calls
    /// cover the same interval even when a busy machine wakes the runner late.</summary>
    private sealed class Phase
    {
        public const int WarmingUp = 0, Measured = 1, Stopping = 2;
        public volatile int Current;
    }

    private async Task<Window> RunWindowAsync(Variant variant)
    {
        var callers = variant.Callers;
        var instances = new ICaller[callers];
        for (var i = 0; i < callers; i++)
        {
            instances[i] = await variant.Create(i);
        }

        var self = Process.GetCurrentProcess();
        var phase = new Phase();
        var histograms = new LongHistogram[callers];
        var failures = new long[callers];
        var tasks = new Task[callers];
        for (var i = 0; i < callers; i++)
        {
            var index = i;
            histograms[i] = new LongHistogram(HighestLatency, 3);
            tasks[i] = instances[i].IsBlocking
                ? OwnThread.Run(() => LoopAsync(instances[index], phase, histograms[index], failures, index).GetAwaiter().GetResult())
                : Task.Run(() => LoopAsync(instances[index], phase, histograms[index], failures, index));
        }

        await Task.Delay(warmup);
        var clientCpu0 = CpuTime(self);
        var serverCpu0 = CpuTime(server);
        var client0 = EchoStats.Current();
        var server0 = await serverStats();
        var start = Stopwatch.GetTimestamp();
        phase.Current = Phase.Measured;
        var measureEnd = start + (long)(window.TotalSeconds * Stopwatch.Frequency);
        long clientPeak = 0, serverPeak = 0;
        while (Stopwatch.GetTimestamp() < measureEnd)
        {
            clientPeak = Math.Max(clientPeak, Rss(self));
            serverPeak = Math.Max(serverPeak, Rss(server));
            var left = Until(measureEnd);
            await Task.Delay(left < MemorySampleInterval ? left : MemorySampleInterval);
        }

        phase.Current = Phase.Stopping;
        var seconds = (double)(Stopwatch.GetTimestamp() - start) / Stopwatch.Frequency;
        var clientCpu = CpuTime(self) - clientCpu0;
        var serverCpu = CpuTime(server) - serverCpu0;
        var client1 = EchoStats.Current();
        var server1 = await serverStats();
        await Task.WhenAll(tasks);
        foreach (var instance in instances)
        {
            await instance.DisposeAsync();
        }

        var latencies = new LongHistogram(HighestLatency, 3);
        foreach (var histogram in histograms)
        {
            latencies.Add(histogram);
        }

        return new Window(
            latencies,
            failures.Sum(),
            seconds,
            clientCpu,
            serverCpu,
            Delta(client0, client1, "allocatedBytes"),
            Delta(server0, server1, "allocatedBytes"),
            Delta(client0, client1, "contextSwitches") + Delta(server0, server1, "contextSwitches"),
            Math.Max(clientPeak, Rss(self)),
            Math.Max(serverPeak, Rss(server)));
    }

    private RowResult Summarize(Variant variant, List<Window> windows)
    {
        var latencies = new LongHistogram(HighestLatency, 3);
        foreach (var w in windows)
        {
            latencies.Add(w.Latencies);
        }

        var calls = latencies.TotalCount;
        var seconds = windows.Sum(w => w.Seconds);
        double PerCall(double total) => calls == 0 || variant.External is not null ? double.NaN : total / calls;
        return new RowResult(
            variant.Name,
            variant.Callers,
            calls,
            windows.Sum(w => w.Failures),
            seconds,
            calls / seconds,
            Microseconds(latencies, 50),
            Microseconds(latencies, 99),
            PerCall(windows.Sum(w => w.ClientCpu.TotalMicroseconds)),
            PerCall(windows.Sum(w => w.ServerCpu.TotalMicroseconds)),
            variant.External is null ? windows.Max(w => w.ClientPeak) / 1048576.0 : double.NaN,
            variant.External is null ? windows.Max(w => w.ServerPeak) / 1048576.0 : double.NaN,
            PerCall(windows.Sum(w => w.ClientBytes)),
            PerCall(windows.Sum(w => w.ServerBytes)),
            PerCall(windows.Sum(w => w.ContextSwitches)))
        {
            Rounds = windows.Select(w => (Microseconds(w.Latencies, 50), w.Latencies.TotalCount / w.Seconds)).ToList(),
        };
    }

    private static double Microseconds(LongHistogram latencies, double percentile) =>
        latencies.TotalCount == 0 ? double.NaN : latencies.GetValueAtPercentile(percentile) * 1e6 / Stopwatch.Frequency;

    private static double Delta(Struct before, Struct after, string field) =>
        after.Fields[field].NumberValue - before.Fields[field].NumberValue;

    private static async Task LoopAsync(ICaller caller, Phase phase, LongHistogram latencies, long[] failures, int index)
    {
        while (true)
        {
            var startPhase = phase.Current;
            if (startPhase == Phase.Stopping)
            {
                return;
            }

            var start = Stopwatch.GetTimestamp();
            bool ok;
            try
            {
                ok = await caller.CallAsync();
            }
            catch (Exception e) when (e is global::Grpc.Core.RpcException or IOException or System.Net.Sockets.SocketException or HttpRequestException
                or System.ServiceModel.CommunicationException or TimeoutException)
            {
                ok = false;
            }

            var end = Stopwatch.GetTimestamp();
            if (!ok)
            {
                failures[index]++;
            }
            else if (startPhase == Phase.Measured && phase.Current == Phase.Measured)
            {
                latencies.RecordValue(end - start);
            }
        }
    }

    private static TimeSpan Until(long timestamp)
    {
        var ticks = timestamp - Stopwatch.GetTimestamp();
        return ticks <= 0 ? TimeSpan.Zero : TimeSpan.FromSeconds((double)ticks / Stopwatch.Frequency);
    }

    private static TimeSpan CpuTime(Process process)
    {
        process.Refresh();
        return process.TotalProcessorTime;
    }

    private static long Rss(Process process)
    {
        process.Refresh();
        return process.WorkingSet64;
    }
}
