using System.Diagnostics;
using System.Globalization;
using LegacyWcf.Contracts.Grpc;
using MigrateWcf.Runtime;

namespace MigrateWcf.Migration.Benchmarks;

/// <summary>One sample of both processes: resident set, GC heap (MB; as the last collection left it, so the sawtooth
/// of allocations between collections is not read as growth), the memory the GC has committed (heap, free regions and
/// the allocation budget it keeps for the next collection: where a growing resident set with a flat heap goes) and
/// open file descriptors (handles).</summary>
internal sealed record SoakSample(double Seconds, double ClientRssMegabytes, double ClientGcHeapMegabytes, double ClientGcCommittedMegabytes, int ClientFds,
    double ServerRssMegabytes, double ServerGcHeapMegabytes, double ServerGcCommittedMegabytes, int ServerFds, int ClientLaneMappings = 0, int ServerLaneMappings = 0);

/// <summary>A series' least-squares slope per minute over the samples after warm-up, and whether it is flat in the
/// sense a leak check needs: its growth over the measured span (slope × span) stays within <see cref="Tolerance"/>
/// (memory: 5% of its mean or 2 MB, whichever is more; descriptors and mapped lane segments: fewer than 1). A falling series is flat.</summary>
internal sealed record SoakSeries(string Name, string Unit, double First, double Last, double SlopePerMinute, double Tolerance, bool Flat);

/// <summary>The soak's outcome: calls at a fixed rate, their failures, the samples and each series' slope.</summary>
internal sealed record SoakResult(string Workload, double Seconds, double TargetCallsPerSecond, long Calls, long Failures, string? FirstFailure,
    double SampleIntervalSeconds, double WarmUpSeconds, IReadOnlyList<SoakSeries> Series, IReadOnlyList<SoakSample> Samples)
{
    public bool Passed => Failures == 0 && Calls > 0;

    public bool Flat => Series.All(s => s.Flat);
}

/// <summary>A process's GC figures: the heap as the last collection left it and the memory the GC has committed
/// (heap, free regions, the allocation budget it keeps). Before the first collection there is no such figure: the heap
/// is then the bytes allocated so far and committed is unknown (NaN). The server process writes its own to a file every
/// second for the driver ("heap committed"); NaN where the file is not there yet.</summary>
internal readonly record struct GcFigures(double HeapBytes, double CommittedBytes)
{
    public static GcFigures OfThisProcess()
    {
        var info = GC.GetGCMemoryInfo();
        return info.Index == 0 ? new(GC.GetTotalMemory(forceFullCollection: false), double.NaN) : new(info.HeapSizeBytes, info.TotalCommittedBytes);
    }

    public override string ToString() => string.Create(CultureInfo.InvariantCulture, $"{HeapBytes:R} {CommittedBytes:R}");

    public static GcFigures Parse(string file)
    {
        var parts = File.Exists(file) ? File.ReadAllText(file).Split(' ') : [];
        return parts.Length == 2
            && double.TryParse(parts[0], CultureInfo.InvariantCulture, out var heap)
            && double.TryParse(parts[1], CultureInfo.InvariantCulture, out var committed)
            ? new(heap, committed)
            : new(double.NaN, double.NaN);
    }
}

/// <summary>--scenario soak: the migrated PerCall Multiple service called through the generated client shim (the
/// original ISimple, each caller its own channel and thread) at a fixed rate for a duration, both processes sampled
/// every few seconds: memory and handles must not grow. With --soak-payload SIZE the calls are the payload service's
/// EchoDocument of SIZE bytes instead, at a rate that moves <see cref="PayloadBytesPerSecond"/> each way.</summary>
internal static class Soak
{
    public const int Callers = 4;
    public const double CallsPerSecond = 400;

    /// <summary>The payload soak's fixed rate in bytes per second each way (20 calls/s at 1 MiB), capped at
    /// <see cref="CallsPerSecond"/> calls.</summary>
    public const double PayloadBytesPerSecond = 20 * 1048576.0;

    public static async Task<SoakResult> RunAsync(TimeSpan duration, int? payloadBytes = null)
    {
        var interval = duration < TimeSpan.FromMinutes(1) ? TimeSpan.FromSeconds(1) : TimeSpan.FromSeconds(5);
        // Warm-up: JIT, tiering, pools filling, and the GC's first collection: the gen0 budget is sized from the L3
        // cache (260 MiB on this VM class: ~80 MB), and until it is used up the heap only grows (at 400 calls/s that
        // takes about 100 s). The slope is taken over the second half of the run, or from the first sample after both
        // processes' first collection if that comes later (see Measured).
        var halfway = duration / 2;
        await using var server = ServerProcess.Start();
        var workload = payloadBytes is { } bytes ? PayloadWorkload.Create(server, bytes) : PutWorkload.Create(server);
        var rate = payloadBytes is { } size ? Math.Min(CallsPerSecond, PayloadBytesPerSecond / size) : CallsPerSecond;
        long calls = 0, failures = 0;
        string? firstFailure = null;
        var perCaller = TimeSpan.FromSeconds(Callers / rate);
        var begin = Stopwatch.GetTimestamp();
        var end = begin + (long)(duration.TotalSeconds * Stopwatch.Frequency);
        Console.Error.WriteLine($"[bench] scenario soak: {workload.Name} at {rate:N1} calls/s ({Callers} callers) for {duration.TotalSeconds:N0} s, sampled every {interval.TotalSeconds:N0} s");
        var loops = workload.Calls.Select((call, index) => Runtime.Benchmarks.OwnThread.Run(() =>
        {
            // Paced by due time (not by sleeping a fixed gap), so a slow call does not lower the rate; callers offset.
            var due = begin + (long)(perCaller.TotalSeconds * Stopwatch.Frequency * index / Callers);
            while (true)
            {
                var wait = Stopwatch.GetElapsedTime(Stopwatch.GetTimestamp(), due);
                if (wait > TimeSpan.Zero)
                {
                    Thread.Sleep(wait);
                }

                if (Stopwatch.GetTimestamp() >= end)
                {
                    return;
                }

                try
                {
                    if (!call())
                    {
                        throw new InvalidDataException("the answer is not the request");
                    }

                    Interlocked.Increment(ref calls);
                }
                catch (Exception e)
                {
                    Interlocked.Increment(ref failures);
                    Interlocked.CompareExchange(ref firstFailure, $"{e.GetType().Name}: {e.Message}", null);
                }

                due += (long)(perCaller.TotalSeconds * Stopwatch.Frequency);
            }
        })).ToArray();

        var self = Process.GetCurrentProcess();
        var samples = new List<SoakSample>();
        var all = Task.WhenAll(loops);
        while (!all.IsCompleted)
        {
            samples.Add(Sample(self, server, Stopwatch.GetElapsedTime(begin).TotalSeconds));
            await Task.WhenAny(all, Task.Delay(interval));
        }

        await all;
        var seconds = Stopwatch.GetElapsedTime(begin).TotalSeconds;
        samples.Add(Sample(self, server, seconds));
        await workload.DisposeAsync();
        // (A run too short for a collection keeps the half: its committed series then have no slope.)
        var firstCollected = samples.FirstOrDefault(s => !double.IsNaN(s.ClientGcCommittedMegabytes) && !double.IsNaN(s.ServerGcCommittedMegabytes))?.Seconds ?? 0;
        var warmUp = TimeSpan.FromSeconds(Math.Max(halfway.TotalSeconds, firstCollected));
        var measured = samples.Where(s => s.Seconds >= warmUp.TotalSeconds).ToList();
        SoakSeries Series(string name, string unit, Func<SoakSample, double> value, bool memory)
        {
            var slope = Slope(measured.Select(s => (s.Seconds / 60, value(s))).ToList());
            var known = measured.Select(value).Where(v => !double.IsNaN(v)).ToList();
            var mean = known.Count == 0 ? 0 : known.Average();
            var tolerance = memory ? Math.Max(0.05 * mean, 2) : 1;
            var span = measured.Count < 2 ? 0 : (measured[^1].Seconds - measured[0].Seconds) / 60;
            return new(name, unit, samples.Count == 0 ? double.NaN : value(samples[0]), samples.Count == 0 ? double.NaN : value(samples[^1]), slope, tolerance,
                !double.IsNaN(slope) && slope * span < tolerance);
        }

        return new SoakResult(workload.Name, seconds, rate, calls, failures, firstFailure, interval.TotalSeconds, warmUp.TotalSeconds,
        [
            Series("client resident set", "MB", s => s.ClientRssMegabytes, memory: true),
            Series("client GC heap", "MB", s => s.ClientGcHeapMegabytes, memory: true),
            Series("client GC committed", "MB", s => s.ClientGcCommittedMegabytes, memory: true),
            Series("client resident set outside the GC", "MB", s => s.ClientRssMegabytes - s.ClientGcCommittedMegabytes, memory: true),
            Series("client file descriptors", "fds", s => s.ClientFds, memory: false),
            Series("client bulk lane segments mapped", "mappings", s => s.ClientLaneMappings, memory: false),
            Series("server resident set", "MB", s => s.ServerRssMegabytes, memory: true),
            Series("server GC heap", "MB", s => s.ServerGcHeapMegabytes, memory: true),
            Series("server GC committed", "MB", s => s.ServerGcCommittedMegabytes, memory: true),
            Series("server resident set outside the GC", "MB", s => s.ServerRssMegabytes - s.ServerGcCommittedMegabytes, memory: true),
            Series("server file descriptors", "fds", s => s.ServerFds, memory: false),
            Series("server bulk lane segments mapped", "mappings", s => s.ServerLaneMappings, memory: false),
        ], samples);
    }

    /// <summary>Parses --soak-payload: bytes ("1048576"), KiB ("64KiB") or MiB ("1MiB"), from 1 byte to the payload
    /// scenario's message limit; null otherwise.</summary>
    public static int? ParsePayloadBytes(string text)
    {
        var (number, scale) = text.EndsWith("MiB", StringComparison.Ordinal) ? (text[..^3], 1048576L)
            : text.EndsWith("KiB", StringComparison.Ordinal) ? (text[..^3], 1024L)
            : (text, 1L);
        return long.TryParse(number, NumberStyles.None, CultureInfo.InvariantCulture, out var value) && value > 0 && value <= Payload.MaxMessageBytes / scale
            ? (int)(value * scale)
            : null;
    }

    /// <summary>Parses --duration: seconds ("90", "90s") or minutes ("10m"); null when not a positive duration.</summary>
    public static TimeSpan? ParseDuration(string text)
    {
        var (number, scale) = text.EndsWith('m') ? (text[..^1], 60) : text.EndsWith('s') ? (text[..^1], 1) : (text, 1);
        return double.TryParse(number, NumberStyles.AllowDecimalPoint, CultureInfo.InvariantCulture, out var value) && value > 0 && value * scale <= 86_400
            ? TimeSpan.FromSeconds(value * scale)
            : null;
    }

    private static SoakSample Sample(Process self, ServerProcess server, double seconds)
    {
        const double Mb = 1048576.0;
        self.Refresh();
        var process = server.Process;
        process.Refresh();
        var serverGc = GcFigures.Parse(Path.Combine(server.Directory, ServerTarget.GcHeapFile));
        var clientGc = GcFigures.OfThisProcess();
        return new(seconds, self.WorkingSet64 / Mb, clientGc.HeapBytes / Mb, clientGc.CommittedBytes / Mb, Fds(self.Id),
            process.WorkingSet64 / Mb, serverGc.HeapBytes / Mb, serverGc.CommittedBytes / Mb, Fds(process.Id), LaneMappings(self.Id), LaneMappings(process.Id));
    }

    /// <summary>Bulk lane segments a process has mapped (its own and its peer's): the memfd mappings in /proc/PID/maps;
    /// 0 where there is no /proc.</summary>
    private static int LaneMappings(int pid)
    {
        var maps = $"/proc/{pid}/maps";
        return File.Exists(maps) ? File.ReadLines(maps).Count(line => line.Contains("memfd:migrate-wcf-lane", StringComparison.Ordinal)) : 0;
    }

    /// <summary>Open descriptors of a process: entries of /proc/PID/fd (Linux); the handle count elsewhere.</summary>
    private static int Fds(int pid)
    {
        var folder = $"/proc/{pid}/fd";
        if (Directory.Exists(folder))
        {
            return Directory.GetFileSystemEntries(folder).Length;
        }

        using var process = Process.GetProcessById(pid);
        return process.HandleCount;
    }

    /// <summary>Least-squares slope of y over x; NaN with fewer than two points.</summary>
    private static double Slope(IReadOnlyList<(double X, double Y)> points)
    {
        var valid = points.Where(p => !double.IsNaN(p.Y)).ToList();
        if (valid.Count < 2)
        {
            return double.NaN;
        }

        var meanX = valid.Average(p => p.X);
        var meanY = valid.Average(p => p.Y);
        var denominator = valid.Sum(p => (p.X - meanX) * (p.X - meanX));
        return denominator == 0 ? double.NaN : valid.Sum(p => (p.X - meanX) * (p.Y - meanY)) / denominator;
    }
}

/// <summary>What the soak's callers call: one delegate per caller (true when the answer is right), and what to close.</summary>
internal sealed class SoakWorkload(string name, IReadOnlyList<Func<bool>> calls, Func<ValueTask> dispose) : IAsyncDisposable
{
    public string Name { get; } = name;

    public IReadOnlyList<Func<bool>> Calls { get; } = calls;

    public ValueTask DisposeAsync() => dispose();
}

/// <summary>ISimple.Put on the migrated PerCall Multiple service, through the client shim, a channel per caller.</summary>
internal static class PutWorkload
{
    public static SoakWorkload Create(ServerProcess server)
    {
        var factory = new MigratedClientFactory(server.Endpoint(ServerTarget.MigratedMultiple), new ClientProxyOptions { SendTimeout = TimeSpan.FromSeconds(30), ShareChannel = false });
        var proxies = Enumerable.Range(0, Soak.Callers).Select(_ => factory.CreateSimple()).ToArray();
        return new("the migrated PerCall Multiple service's Put through the client shim", [.. proxies.Select(proxy => (Func<bool>)(() =>
        {
            proxy.Put();
            return true;
        }))], async () =>
        {
            foreach (var proxy in proxies)
            {
                await ((IAsyncDisposable)proxy).DisposeAsync();
            }

            factory.Dispose();
        });
    }
}

/// <summary>The payload service's EchoDocument of a fixed size through its client shim, a channel per caller; the answer
/// is checked by length (the payload scenario checks the bytes).</summary>
internal static class PayloadWorkload
{
    public static SoakWorkload Create(ServerProcess server, int bytes)
    {
        var options = new ClientProxyOptions
        {
            SendTimeout = TimeSpan.FromSeconds(30),
            ShareChannel = false,
            ConfigureChannel = channel => (channel.MaxReceiveMessageSize, channel.MaxSendMessageSize) = (Payload.MaxMessageBytes, Payload.MaxMessageBytes),
        };
        var factory = new PayloadWcf.Grpc.MigratedClientFactory(GrpcEndpoint.UnixSocket(Path.Combine(server.Directory, ServerTarget.PayloadSocket)), options);
        var content = new byte[bytes];
        new Random(bytes).NextBytes(content);
        var proxies = Enumerable.Range(0, Soak.Callers).Select(_ => factory.CreatePayloadEcho()).ToArray();
        var name = bytes % 1048576 == 0 ? $"{bytes / 1048576} MiB" : bytes % 1024 == 0 ? $"{bytes / 1024} KiB" : $"{bytes} bytes";
        return new($"the payload service's EchoDocument of {name} through the client shim", [.. proxies.Select(proxy => (Func<bool>)(() =>
            proxy.EchoDocument(new PayloadWcf.Document { Name = "soak.bin", Content = content }).Content?.Length == bytes))], async () =>
        {
            foreach (var proxy in proxies)
            {
                await ((IAsyncDisposable)proxy).DisposeAsync();
            }

            factory.Dispose();
        });
    }
}
