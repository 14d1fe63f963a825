using System.Diagnostics;
using System.Reflection;
using Google.Protobuf.WellKnownTypes;
using Echo = MigrateWcf.Runtime.Benchmarks.Protos.Echo;
using Grpc.Net.Client;

namespace MigrateWcf.Runtime.Benchmarks;

/// <summary>Starts the server process, runs every group of rows against it, and returns the rows with their ratios
/// to the raw-echo floor of the same caller count.</summary>
internal static class Driver
{
    public const int StreamMessages = 10_000;
    public static readonly int[] CallerCounts = [1, 8, 64];

    public static async Task<IReadOnlyList<RowResult>> RunAsync(bool quick, int? roundCount, string? only)
    {
        var rounds = roundCount ?? (quick ? 2 : 5);
        var warmup = TimeSpan.FromSeconds(quick ? 0.1 : 0.3);
        var window = TimeSpan.FromSeconds(quick ? 0.5 : 1);
        var directory = Directory.CreateTempSubdirectory("runtime-bench-");
        var sockets = new Sockets(directory.FullName);
        using var server = StartServer(sockets, profile: false);
        try
        {
            using var statsChannel = EndpointChannel.Create(sockets.GrpcEndpoint);
            var stats = new Echo.EchoClient(statsChannel);
            Func<Task<Struct>> serverStats = () => stats.StatsAsync(new Empty()).ResponseAsync;
            var runner = new RowRunner(server, serverStats, warmup, window, rounds);
            var groups = Groups(sockets, only);

            // Both processes warm before any row: every code path a row uses runs first, long enough for tiered
            // compilation to finish, so no row pays for the JIT (each window also has its own warm-up).
            Console.Error.WriteLine("[bench] warming up both processes");
            var warmUp = new RowRunner(server, serverStats, TimeSpan.Zero, TimeSpan.FromSeconds(quick ? 0.3 : 1), rounds: 1);
            foreach (var group in groups)
            {
                using var resources = group.Open();
                await warmUp.RunInterleavedAsync(group.Variants.Select(v => v with { Callers = Math.Min(v.Callers, 8) }).ToList());
            }

            var rows = new List<RowResult>();
            foreach (var group in groups)
            {
                Console.Error.WriteLine($"[bench] {string.Join(" | ", group.Variants.Select(v => $"{v.Name} ×{v.Callers}"))}");
                using var resources = group.Open();
                rows.AddRange(await runner.RunInterleavedAsync(group.Variants));
            }

            return WithRatios(rows);
        }
        finally
        {
            server.Kill(entireProcessTree: true);
            await server.WaitForExitAsync();
            directory.Delete(recursive: true);
        }
    }

    /// <summary>Rows measured together (interleaved), and the channels they share, opened for the group and closed after.</summary>
    private sealed class Group(IReadOnlyList<Variant> variants, Func<IDisposable>? open = null)
    {
        public IReadOnlyList<Variant> Variants { get; } = variants;

        public IDisposable Open() => open?.Invoke() ?? new Disposables();
    }

    private sealed class Disposables : List<IDisposable>, IDisposable
    {
        public void Dispose() => ForEach(d => d.Dispose());
    }

    private sealed record Sockets(string Directory)
    {
        public string Grpc => Path.Combine(Directory, "grpc.sock");
        public string Raw => Path.Combine(Directory, "raw.sock");
        public GrpcEndpoint GrpcEndpoint => GrpcEndpoint.UnixSocket(Grpc);
    }

    private static List<Group> Groups(Sockets sockets, string? only)
    {
        var groups = new List<Group>();

        void Add(IReadOnlyList<Variant> variants, Func<IDisposable>? open = null)
        {
            // --only keeps the matching rows and the 1-caller floor every ratio needs.
            var kept = variants.Where(v => only is null || v.Name.Contains(only, StringComparison.OrdinalIgnoreCase)
                || (IsFloor(v.Name) && v.Callers == 1)).ToList();
            if (kept.Count > 0)
            {
                groups.Add(new Group(kept, open));
            }
        }

        // Each caller count's floor runs interleaved with the gRPC rows it is the floor of; the 1-caller floor also with
        // its check by a second implementation.
        foreach (var callers in CallerCounts)
        {
            GrpcChannel? shared = null;
            FloorCheck? check = null;
            List<Variant> variants =
            [
                new(FloorName, callers, _ => RawEchoCaller.Connect(sockets.Raw)),
                new("grpc unary, shared channel", callers, _ => Caller(new UnaryCaller(shared!, false, 1))),
                new("grpc unary, channel per caller", callers, _ => Caller(new UnaryCaller(EndpointChannel.Create(sockets.GrpcEndpoint), true, 1))),
            ];
            if (callers == 1)
            {
                variants.Insert(1, new(FloorCheck.Name, 1, _ => throw new InvalidOperationException()) { External = window => check!.MeasureAsync(window) });
            }

            Add(variants, () => new Disposables
            {
                (shared = EndpointChannel.Create(sockets.GrpcEndpoint)),
                callers == 1 ? (check = new FloorCheck(sockets.Directory)) : new Disposables(),
            });
        }

        // The client session's per-call cost (issue 28): a blocking unary echo through the channel alone, through
        // ClientSession's interceptor, and through the CallInvoker subclass it replaced, on one shared channel.
        GrpcChannel? sessionChannel = null;
        ClientSession? session = null;
        Add(
        [
            new(BlockingBareName, 1, _ => Caller(new BlockingUnaryCaller(sessionChannel!.CreateCallInvoker()))),
            new(SessionInvokerName, 1, _ => Caller(new BlockingUnaryCaller(
                new SessionCallInvoker(session!.Id, new FaultDetailRegistry(), new ClientProxyOptions(), sessionChannel!.CreateCallInvoker())))),
            new(SessionInterceptorName, 1, _ => Caller(new BlockingUnaryCaller(session!.CallInvoker))),
        ], () =>
        {
            // The session is never closed: the benchmark's server does not serve migrate_wcf.Session.
            sessionChannel = EndpointChannel.Create(sockets.GrpcEndpoint);
            session = new ClientSession(sessionChannel.CreateCallInvoker());
            return sessionChannel;
        });

        Add(
        [
            new("grpc connect-call-close", 1, _ => Caller(new ConnectCallCloseCaller(() => EndpointChannel.Create(sockets.GrpcEndpoint)))),
            new($"grpc server stream, {StreamMessages:N0} messages", 1, _ => Caller(new StreamCaller(EndpointChannel.Create(sockets.GrpcEndpoint), StreamMessages))),
            new("grpc unary, 1 MB echo", 1, _ => Caller(new UnaryCaller(EndpointChannel.Create(sockets.GrpcEndpoint), true, 1 << 20))),
        ]);
        return groups;
    }

    private static ValueTask<ICaller> Caller(ICaller caller) => ValueTask.FromResult(caller);

    /// <summary>Where the bytes of each row <paramref name="only"/> selects go, by type, in the client (this process) and
    /// the server: sampled while the row's callers call for a few seconds. Without <paramref name="only"/>: the unary
    /// echo on a shared channel at 8 callers and the 1 MB echo.</summary>
    public static async Task<string> ProfileAllocationsAsync(bool quick, string? only)
    {
        var duration = TimeSpan.FromSeconds(quick ? 2 : 6);
        var directory = Directory.CreateTempSubdirectory("runtime-bench-");
        var sockets = new Sockets(directory.FullName);
        using var server = StartServer(sockets, profile: true);
        try
        {
            using var statsChannel = EndpointChannel.Create(sockets.GrpcEndpoint);
            var stats = new Echo.EchoClient(statsChannel);
            var text = new System.Text.StringBuilder("# Allocation profile (sampled by GCAllocationTick)\n\n");
            foreach (var group in Groups(sockets, only))
            {
                using var resources = group.Open();
                foreach (var variant in group.Variants.Where(v => v.External is null && !IsFloor(v.Name)
                    && (only is not null || (v.Name.Contains("shared", StringComparison.Ordinal) && v.Callers == 8) || v.Name.Contains("1 MB", StringComparison.Ordinal))))
                {
                    var callers = new ICaller[variant.Callers];
                    for (var i = 0; i < callers.Length; i++)
                    {
                        callers[i] = await variant.Create(i);
                        await callers[i].CallAsync();
                    }

                    await stats.AllocationProfileAsync(new Int64Value());
                    using var sampler = new AllocationSampler();
                    long calls = 0;
                    var end = Stopwatch.GetTimestamp() + (long)(duration.TotalSeconds * Stopwatch.Frequency);
                    await Task.WhenAll(callers.Select(c => Task.Run(async () =>
                    {
                        while (Stopwatch.GetTimestamp() < end)
                        {
                            await c.CallAsync();
                            Interlocked.Increment(ref calls);
                        }
                    })));
                    var serverReport = (await stats.AllocationProfileAsync(new Int64Value { Value = calls })).Value;
                    foreach (var (side, report) in new[] { ("client", sampler.TakeReport(calls)), ("server", serverReport) })
                    {
                        text.AppendLine($"## {side}: {variant.Name}, {variant.Callers} caller(s), {calls:N0} calls\n");
                        text.AppendLine("| Type | Share of sampled bytes | ≈ bytes per call |");
                        text.AppendLine("|---|---:|---:|");
                        text.AppendLine(report);
                    }

                    foreach (var caller in callers)
                    {
                        await caller.DisposeAsync();
                    }
                }
            }

            return text.ToString();
        }
        finally
        {
            server.Kill(entireProcessTree: true);
            await server.WaitForExitAsync();
            directory.Delete(recursive: true);
        }
    }

    private static List<RowResult> WithRatios(List<RowResult> rows)
    {
        var floors = rows.Where(IsFloor).ToDictionary(r => r.Callers);
        return rows.Select(row =>
        {
            if (IsFloor(row))
            {
                return row;
            }

            var floor = floors.TryGetValue(row.Callers, out var same) ? same : floors[1];
            return row with
            {
                Floor = $"{floor.Name} x{floor.Callers}",
                P50RatioToFloor = row.P50Microseconds / floor.P50Microseconds,
                ThroughputRatioToFloor = row.CallsPerSecond / floor.CallsPerSecond,
            };
        }).ToList();
    }

    public const string FloorName = "raw unix echo, 1 byte";

    public const string BlockingBareName = "grpc blocking unary, channel only";
    public const string SessionInvokerName = "grpc blocking unary, session CallInvoker subclass (before)";
    public const string SessionInterceptorName = "grpc blocking unary, session Interceptor";

    public static bool IsFloor(RowResult row) => IsFloor(row.Name);

    private static bool IsFloor(string name) => name.StartsWith("raw", StringComparison.Ordinal);

    private static Process StartServer(Sockets sockets, bool profile)
    {
        // The same program in server mode, as its own process: run through the host that runs us.
        var self = Environment.ProcessPath ?? "dotnet";
        var info = new ProcessStartInfo(self) { RedirectStandardOutput = true, UseShellExecute = false };
        if (Path.GetFileNameWithoutExtension(self) == "dotnet")
        {
            info.ArgumentList.Add("exec");
            info.ArgumentList.Add(Assembly.GetEntryAssembly()!.Location);
        }

        foreach (var argument in new[] { "--serve", "--grpc_socket", sockets.Grpc, "--raw_socket", sockets.Raw })
        {
            info.ArgumentList.Add(argument);
        }

        if (profile)
        {
            info.ArgumentList.Add("--profile");
        }

        var process = Process.Start(info) ?? throw new InvalidOperationException("The server process did not start.");
        var line = process.StandardOutput.ReadLine();
        if (line != "READY")
        {
            process.Kill(entireProcessTree: true);
            throw new InvalidOperationException($"The server process printed '{line}' instead of READY.");
        }

        return process;
    }
}
