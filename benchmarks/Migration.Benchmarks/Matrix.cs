using System.Diagnostics;
using HdrHistogram;
using LegacyWcf.Contracts.Grpc;
using MigrateWcf.Runtime;
using MigrateWcf.Runtime.Benchmarks;

namespace MigrateWcf.Migration.Benchmarks;

/// <summary>A cell of the matrix: N threads, M calls each, each thread with its own channel (the classic harness) or
/// all on one shared channel, in one machine state (named in the cell: ratios are taken only within a cell).</summary>
internal sealed record Cell(string Size, int Threads, int CallsPerThread, CpuState State, bool SharedChannel = false)
{
    public string Name => $"{Size}, {State.Label()}";
}

/// <summary>A row: how to open <c>threads</c> callers (and what they share, disposed after them). <see cref="Counted"/>:
/// the server counts its calls, so lost calls can be checked. <see cref="External"/>: measured by other processes
/// (the Python floor check) for a window.</summary>
internal sealed record Row(string Name, Func<int, Task<(ICaller[] Callers, IAsyncDisposable? Shared)>> Open, bool Counted = true)
{
    public Func<TimeSpan, Task<LongHistogram>>? External { get; init; }
}

/// <summary>One run of one row in one cell. <see cref="OthersCpu"/>: the machine's busy CPU time over the run minus the
/// client's and the server's (other users, the spinners of the awake state); null where unknown.</summary>
internal sealed record RunResult(LongHistogram Latencies, long Failures, string? FirstFailure, double Seconds, TimeSpan ClientCpu,
    TimeSpan ServerCpu, long ClientPeakBytes, long ServerPeakBytes, long? ServerCounted, TimeSpan? OthersCpu = null);

/// <summary>Runs rows with a fixed amount of work: every caller makes its first call (connection, session), then all
/// start together and each makes its calls; the run lasts until the last one is done. Latencies are kept per caller
/// (an array each) and merged into an HdrHistogram; CPU is each process's user + system time over the run, memory the
/// peak resident set sampled every 50 ms.</summary>
internal sealed class FixedWorkRunner(Func<Process> serverProcess, Func<long>? serverCount)
{
    public FixedWorkRunner(ServerProcess server)
        : this(() => server.Process, () => server.PutCount)
    {
    }

    private static readonly long HighestLatency = 60 * Stopwatch.Frequency;

    public async Task<RunResult> RunAsync(Row row, int threads, int callsPerThread)
    {
        var (callers, shared) = await row.Open(threads);
        try
        {
            // The first call of each caller opens its connection (and, for the shim, its session): not measured.
            var firstFailures = 0L;
            foreach (var caller in callers)
            {
                try
                {
                    await caller.CallAsync();
                }
                catch (Exception)
                {
                    firstFailures++;
                }
            }

            var self = Process.GetCurrentProcess();
            var latencies = new long[threads][];
            var failures = new long[threads];
            var firstFailure = (string?)null;
            // One start for all: blocking callers wait on the event on their own threads, the others await the task
            // (so no thread-pool thread is held while hundreds of callers get ready).
            using var go = new ManualResetEventSlim();
            var goTask = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
            var tasks = new Task[threads];
            for (var i = 0; i < threads; i++)
            {
                var index = i;
                latencies[i] = new long[callsPerThread];
                async Task Loop()
                {
                    var caller = callers[index];
                    var mine = latencies[index];
                    for (var call = 0; call < callsPerThread; call++)
                    {
                        var start = Stopwatch.GetTimestamp();
                        try
                        {
                            if (!await caller.CallAsync())
                            {
                                failures[index]++;
                                mine[call] = -1;
                                continue;
                            }
                        }
                        catch (Exception e)
                        {
                            failures[index]++;
                            mine[call] = -1;
                            Interlocked.CompareExchange(ref firstFailure, $"{e.GetType().Name}: {e.Message}", null);
                            continue;
                        }

                        mine[call] = Stopwatch.GetTimestamp() - start;
                    }
                }

                tasks[i] = callers[i].IsBlocking
                    ? OwnThread.Run(() => { go.Wait(); Loop().GetAwaiter().GetResult(); })
                    : Task.Run(async () => { await goTask.Task; await Loop(); });
            }

            var server = serverProcess();
            var counted0 = serverCount?.Invoke();
            var clientCpu0 = Cpu(self);
            var serverCpu0 = Cpu(server);
            var machine0 = MachineCpu.Busy();
            long clientPeak = 0, serverPeak = 0;
            var begin = Stopwatch.GetTimestamp();
            go.Set();
            goTask.SetResult();
            var all = Task.WhenAll(tasks);
            while (!all.IsCompleted)
            {
                clientPeak = Math.Max(clientPeak, Rss(self));
                serverPeak = Math.Max(serverPeak, Rss(server));
                await Task.WhenAny(all, Task.Delay(50));
            }

            await all;
            var seconds = Stopwatch.GetElapsedTime(begin).TotalSeconds;
            var clientCpu = Cpu(self) - clientCpu0;
            var serverCpu = Cpu(server) - serverCpu0;
            var othersCpu = MachineCpu.Busy() - machine0 - clientCpu - serverCpu;
            var histogram = new LongHistogram(HighestLatency, 3);
            foreach (var value in latencies.SelectMany(l => l).Where(v => v >= 0))
            {
                histogram.RecordValue(Math.Min(value, HighestLatency));
            }

            return new RunResult(histogram, failures.Sum() + firstFailures, firstFailure, seconds, clientCpu, serverCpu,
                Math.Max(clientPeak, Rss(self)), Math.Max(serverPeak, Rss(server)),
                row.Counted && counted0 is { } before ? serverCount!() - before : null, othersCpu < TimeSpan.Zero ? TimeSpan.Zero : othersCpu);
        }
        finally
        {
            foreach (var caller in callers)
            {
                await caller.DisposeAsync();
            }

            if (shared is not null)
            {
                await shared.DisposeAsync();
            }
        }
    }

    private static TimeSpan Cpu(Process process)
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

/// <summary>The matrix: its cells at full or --quick scale, the rows of each, run interleaved (A B C … A B C …).</summary>
internal static class Matrix
{
    public const string FloorRow = "raw unix echo, 1 byte (floor)";
    public const string ShimRow = " ← client shim (ISimple)";
    public const string ShimHttp2Row = " ← client shim (ISimple), call lane off";
    public const string PlainRow = " ← plain generated client";
    public const string PlainBlockingRow = " ← plain generated client, blocking";
    private static readonly TimeSpan Deadline = TimeSpan.FromSeconds(30);

    /// <summary>The cells: the multi-thread ones in <paramref name="state"/>; the 1-thread one in both states (a lone
    /// ping-pong is where a halted core's wake-up shows: tens of µs on this VM), idle first.</summary>
    public static IReadOnlyList<Cell> Cells(bool quick, CpuState state) => quick
        ? [new("60×20", 60, 20, state), new("20×50", 20, 50, state), new("8×100", 8, 100, state), new("1×200", 1, 200, CpuState.Idle), new("1×200", 1, 200, CpuState.Awake), new("8×100, shared channel", 8, 100, state, SharedChannel: true)]
        : [new("600×500", 600, 500, state), new("200×1000", 200, 1000, state), new("8×10000", 8, 10_000, state), new("1×10000", 1, 10_000, CpuState.Idle), new("1×10000", 1, 10_000, CpuState.Awake), new("8×10000, shared channel", 8, 10_000, state, SharedChannel: true)];

    /// <summary>Connect-call-close is one caller too: both states.</summary>
    public static IReadOnlyList<Cell> ConnectCallClose(bool quick) =>
        [.. new[] { CpuState.Idle, CpuState.Awake }.Select(s => new Cell("connect-call-close", 1, quick ? 50 : 2000, s))];

    public static async Task<IReadOnlyList<RowReport>> RunAsync(ServerProcess server, bool quick, int rounds, CpuState state, Func<string, bool> keep)
    {
        var runner = new FixedWorkRunner(server);
        var reports = new List<RowReport>();
        foreach (var cell in Cells(quick, state))
        {
            var rows = RowsOf(server, cell).Where(r => r.Name == FloorRow || keep(r.Name)).ToList();
            FloorCheck? check = null;
            if (cell.Threads == 1 && !cell.SharedChannel)
            {
                check = new FloorCheck(server.Directory);
                rows.Insert(1, new Row(FloorCheck.Name, _ => throw new InvalidOperationException(), Counted: false) { External = check.MeasureAsync });
            }

            try
            {
                using var waker = CpuWaker.For(cell.State);
                reports.AddRange(await Interleave(runner, cell, rows, rounds, quick));
            }
            finally
            {
                check?.Dispose();
            }
        }

        if (keep("legacy") && LegacyReference.Available() is null)
        {
            using var waker = CpuWaker.For(state);
            reports.AddRange(await LegacyReference.RunAsync(server, quick, rounds, state));
        }

        List<Row> connect =
        [
            new("connect-call-close, unix socket", _ => Open(1, _ => new ConnectCallCloseCaller(server.Endpoint(ServerTarget.MigratedMultiple)))),
            new("connect-call-close, loopback TCP", _ => Open(1, _ => new ConnectCallCloseCaller(server.Endpoint(ServerTarget.MigratedMultipleTcp)))),
        ];
        foreach (var cell in ConnectCallClose(quick))
        {
            using var waker = CpuWaker.For(cell.State);
            reports.AddRange(await Interleave(runner, cell, connect.Where(r => keep(r.Name)).ToList(), rounds, quick));
        }

        return reports;
    }

    /// <summary>The rows of a cell, one run each per round (A B C … A B C …), reported over all rounds.
    /// <paramref name="shuffle"/>: each round runs the rows in its own fixed shuffled order, so no row is always the one
    /// after the same other (a row compared with its neighbours would otherwise carry their after-effects).</summary>
    internal static async Task<IEnumerable<RowReport>> Interleave(FixedWorkRunner runner, Cell cell, List<Row> rows, int rounds, bool quick, bool shuffle = false)
    {
        var results = rows.Select(_ => new List<RunResult>()).ToArray();
        for (var round = 0; round < rounds; round++)
        {
            var order = Enumerable.Range(0, rows.Count).ToArray();
            if (shuffle)
            {
                new Random(round).Shuffle(order);
            }

            foreach (var i in order)
            {
                Console.Error.WriteLine($"[bench] {cell.Name} round {round + 1}/{rounds}: {rows[i].Name}");
                results[i].Add(rows[i].External is { } external
                    ? External(await external(TimeSpan.FromSeconds(quick ? 0.3 : 1)))
                    : await runner.RunAsync(rows[i], cell.Threads, cell.CallsPerThread));
            }
        }

        return rows.Select((row, i) => RowReport.Of(cell, row.Name, results[i], row.External is not null));
    }

    private static RunResult External(LongHistogram latencies) =>
        new(latencies, 0, null, latencies.TotalCount == 0 ? 1 : latencies.TotalCount * latencies.GetMean() / Stopwatch.Frequency, default, default, 0, 0, null);

    private static List<Row> RowsOf(ServerProcess server, Cell cell)
    {
        var rows = new List<Row>
        {
            new(FloorRow, threads => Open(threads, i => RawEchoCaller.Connect(server.RawSocket).AsTask().Result), Counted: false),
        };
        foreach (var target in new[] { ServerTarget.MigratedSingle, ServerTarget.MigratedMultiple })
        {
            rows.Add(new($"{target.Name}{ShimRow}", threads => Shim(server.Endpoint(target), threads, cell.SharedChannel)));

            // The shim as it was before the local call lane (every call an HTTP/2 request): issue 30's "before", and
            // the row issue 16's shim cost is judged on (the plain clients take HTTP/2 too).
            rows.Add(new($"{target.Name}{ShimHttp2Row}", threads => Shim(server.Endpoint(target), threads, new ClientProxyOptions { SendTimeout = Deadline, ShareChannel = cell.SharedChannel, CallLane = false })));
            rows.Add(new($"{target.Name}{PlainRow}", threads => Plain(server.Endpoint(target), threads, cell.SharedChannel)));
        }

        // The shim blocks a thread per call, as the legacy callers do; this row isolates its own cost from that model's.
        rows.Add(new($"{ServerTarget.MigratedMultiple.Name}{PlainBlockingRow}", threads => Plain(server.Endpoint(ServerTarget.MigratedMultiple), threads, cell.SharedChannel, blocking: true)));

        rows.Add(new($"{ServerTarget.HandWritten.Name}{PlainRow}", threads => Plain(server.Endpoint(ServerTarget.HandWritten), threads, cell.SharedChannel)));
        return rows;
    }

    private static Task<(ICaller[], IAsyncDisposable?)> Open(int threads, Func<int, ICaller> create) =>
        Task.FromResult((Enumerable.Range(0, threads).Select(create).ToArray(), (IAsyncDisposable?)null));

    /// <summary>Proxies from the generated factory: with a shared channel all proxies use the factory's, otherwise each opens its own.</summary>
    private static Task<(ICaller[], IAsyncDisposable?)> Shim(GrpcEndpoint endpoint, int threads, bool shared) =>
        Shim(endpoint, threads, new ClientProxyOptions { SendTimeout = Deadline, ShareChannel = shared });

    /// <summary>Proxies from a generated factory with <paramref name="options"/> (the tuning scenario's settings).</summary>
    internal static Task<(ICaller[], IAsyncDisposable?)> Shim(GrpcEndpoint endpoint, int threads, ClientProxyOptions options)
    {
        var factory = new MigratedClientFactory(endpoint, options);
        var callers = Enumerable.Range(0, threads).Select(_ => (ICaller)new ShimPutCaller(factory.CreateSimple())).ToArray();
        return Task.FromResult((callers, (IAsyncDisposable?)new Disposing(factory.Dispose)));
    }

    private static Task<(ICaller[], IAsyncDisposable?)> Plain(GrpcEndpoint endpoint, int threads, bool shared, bool blocking = false)
    {
        var channel = shared ? EndpointChannel.Create(endpoint) : null;
        var callers = Enumerable.Range(0, threads)
            .Select(_ => (ICaller)new PlainPutCaller(channel ?? EndpointChannel.Create(endpoint), ownsChannel: channel is null, Deadline, blocking)).ToArray();
        return Task.FromResult((callers, channel is null ? null : (IAsyncDisposable?)new Disposing(channel.Dispose)));
    }

    private sealed class Disposing(Action dispose) : IAsyncDisposable
    {
        public ValueTask DisposeAsync()
        {
            dispose();
            return ValueTask.CompletedTask;
        }
    }
}
