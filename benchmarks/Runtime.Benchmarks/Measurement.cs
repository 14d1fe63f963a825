using System.Diagnostics;

namespace MigrateWcf.Runtime.Benchmarks;

/// <summary>One thing a caller repeats: a raw echo, a gRPC call, or a connect-call-close.</summary>
internal interface ICaller : IAsyncDisposable
{
    /// <summary>Does one call; returns false when the answer was wrong (counted as a failure).</summary>
    ValueTask<bool> CallAsync();
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
}

/// <summary>Runs a row: N callers repeat a call for warm-up then a measured window, while both processes' CPU time
/// and resident memory are read (Process.TotalProcessorTime and WorkingSet64 come from /proc/&lt;pid&gt;/stat and status on Linux).</summary>
internal sealed class RowRunner(Process server, GrpcChannel statsChannel, TimeSpan warmup, TimeSpan duration)
{
    private static readonly TimeSpan MemorySampleInterval = TimeSpan.FromMilliseconds(50);

    public async Task<RowResult> RunAsync(string name, int callers, Func<int, ValueTask<ICaller>> createCaller)
    {
        var instances = new ICaller[callers];
        for (var i = 0; i < callers; i++)
        {
            instances[i] = await createCaller(i);
        }

        var self = Process.GetCurrentProcess();
        var measureStart = Stopwatch.GetTimestamp() + (long)(warmup.TotalSeconds * Stopwatch.Frequency);
        var measureEnd = measureStart + (long)(duration.TotalSeconds * Stopwatch.Frequency);
        var latencies = new List<long>[callers];
        var failures = new long[callers];
        var tasks = new Task[callers];
        for (var i = 0; i < callers; i++)
        {
            var index = i;
            latencies[i] = new List<long>(4096);
            tasks[i] = Task.Run(() => LoopAsync(instances[index], measureStart, measureEnd, latencies[index], failures, index));
        }

        await Task.Delay(Until(measureStart));
        var clientCpu0 = CpuTime(self);
        var serverCpu0 = CpuTime(server);
        var client0 = EchoService.CurrentStats();
        var server0 = await ServerStatsAsync();
        long clientPeak = 0, serverPeak = 0;
        while (Stopwatch.GetTimestamp() < measureEnd)
        {
            clientPeak = Math.Max(clientPeak, Rss(self));
            serverPeak = Math.Max(serverPeak, Rss(server));
            var left = Until(measureEnd);
            await Task.Delay(left < MemorySampleInterval ? left : MemorySampleInterval);
        }

        var clientCpu = CpuTime(self) - clientCpu0;
        var serverCpu = CpuTime(server) - serverCpu0;
        var client1 = EchoService.CurrentStats();
        var server1 = await ServerStatsAsync();
        var clientAllocated = Delta(client0, client1, "allocatedBytes");
        var serverAllocated = Delta(server0, server1, "allocatedBytes");
        var switches = Delta(client0, client1, "contextSwitches") + Delta(server0, server1, "contextSwitches");
        await Task.WhenAll(tasks);
        foreach (var instance in instances)
        {
            await instance.DisposeAsync();
        }

        var all = latencies.SelectMany(l => l).ToArray();
        Array.Sort(all);
        var calls = all.LongLength;
        var seconds = duration.TotalSeconds;
        return new RowResult(
            name,
            callers,
            calls,
            failures.Sum(),
            seconds,
            calls / seconds,
            Percentile(all, 0.50),
            Percentile(all, 0.99),
            calls == 0 ? double.NaN : clientCpu.TotalMicroseconds / calls,
            calls == 0 ? double.NaN : serverCpu.TotalMicroseconds / calls,
            clientPeak / 1048576.0,
            serverPeak / 1048576.0,
            calls == 0 ? double.NaN : clientAllocated / calls,
            calls == 0 ? double.NaN : serverAllocated / calls,
            calls == 0 ? double.NaN : switches / calls);
    }

    private Task<Google.Protobuf.WellKnownTypes.Struct> ServerStatsAsync() =>
        statsChannel.CreateCallInvoker().AsyncUnaryCall(EchoService.StatsMethod, null, default, new Google.Protobuf.WellKnownTypes.Empty()).ResponseAsync;

    private static double Delta(Google.Protobuf.WellKnownTypes.Struct before, Google.Protobuf.WellKnownTypes.Struct after, string field) =>
        after.Fields[field].NumberValue - before.Fields[field].NumberValue;

    private static async Task LoopAsync(ICaller caller, long measureStart, long measureEnd, List<long> latencies, long[] failures, int index)
    {
        while (true)
        {
            var start = Stopwatch.GetTimestamp();
            if (start >= measureEnd)
            {
                return;
            }

            bool ok;
            try
            {
                ok = await caller.CallAsync();
            }
            catch (Exception e) when (e is RpcException or IOException or System.Net.Sockets.SocketException or HttpRequestException)
            {
                ok = false;
            }

            var end = Stopwatch.GetTimestamp();
            if (!ok)
            {
                failures[index]++;
            }
            else if (start >= measureStart && end <= measureEnd)
            {
                latencies.Add(end - start);
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

    private static double Percentile(long[] sorted, double p)
    {
        if (sorted.Length == 0)
        {
            return double.NaN;
        }

        var index = (int)Math.Min(sorted.Length - 1, Math.Ceiling(p * sorted.Length) - 1);
        return sorted[Math.Max(0, index)] * 1e6 / Stopwatch.Frequency;
    }
}
