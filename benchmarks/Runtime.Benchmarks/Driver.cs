using System.Diagnostics;
using System.Reflection;

namespace MigrateWcf.Runtime.Benchmarks;

/// <summary>Starts the server process, runs every row against it in order, and returns the rows with their ratios
/// to the raw-echo floor of the same caller count.</summary>
internal static class Driver
{
    public const int StreamMessages = 10_000;
    public static readonly int[] CallerCounts = [1, 8, 64, 256];

    public static async Task<IReadOnlyList<RowResult>> RunAsync(bool quick, string? only)
    {
        var warmup = TimeSpan.FromSeconds(quick ? 0.3 : 1);
        var duration = TimeSpan.FromSeconds(quick ? 1 : 5);
        var directory = Directory.CreateTempSubdirectory("runtime-bench-");
        var grpcSocket = Path.Combine(directory.FullName, "grpc.sock");
        var rawSocket = Path.Combine(directory.FullName, "raw.sock");
        var tcpPort = BenchServer.FreeTcpPort();
        using var server = StartServer(grpcSocket, rawSocket, tcpPort, profile: false);
        try
        {
            var unix = GrpcEndpoint.UnixSocket(grpcSocket);
            using var statsChannel = GrpcChannel.ForEndpoint(unix);
            var runner = new RowRunner(server, statsChannel, warmup, duration);
            var tcp = GrpcEndpoint.Tcp("127.0.0.1", tcpPort);
            var rows = new List<RowResult>();

            async Task Run(string name, int callers, Func<int, ValueTask<ICaller>> create)
            {
                // --only keeps the matching rows and the 1-caller floor every ratio needs.
                var isOneCallerFloor = name.StartsWith("raw", StringComparison.Ordinal) && callers == 1;
                if (only is not null && !isOneCallerFloor && !name.Contains(only, StringComparison.OrdinalIgnoreCase))
                {
                    return;
                }

                Console.Error.WriteLine($"[bench] {name} ({callers} caller{(callers == 1 ? "" : "s")})");
                rows.Add(await runner.RunAsync(name, callers, create));
            }

            // Both processes warm before any row: every code path a row uses runs first, long enough for tiered
            // compilation to finish, so no row pays for the JIT (each row also has its own warm-up).
            var warmUp = new RowRunner(server, statsChannel, TimeSpan.Zero, TimeSpan.FromSeconds(quick ? 0.5 : 2));
            Console.Error.WriteLine("[bench] warming up both processes");
            using (var warmChannel = GrpcChannel.ForEndpoint(unix))
            {
                await warmUp.RunAsync("warm-up", 8, _ => RawEchoCaller.ConnectAsync(rawSocket));
                await warmUp.RunAsync("warm-up", 8, _ => ValueTask.FromResult<ICaller>(new UnaryCaller(warmChannel, false, 1)));
                await warmUp.RunAsync("warm-up", 2, _ => ValueTask.FromResult<ICaller>(new ConnectCallCloseCaller(unix)));
                await warmUp.RunAsync("warm-up", 2, _ => ValueTask.FromResult<ICaller>(new ConnectCallCloseCaller(tcp)));
                await warmUp.RunAsync("warm-up", 1, _ => ValueTask.FromResult<ICaller>(new UnaryCaller(warmChannel, false, 1 << 20)));
                await warmUp.RunAsync("warm-up", 1, _ => ValueTask.FromResult<ICaller>(new StreamCaller(GrpcChannel.ForEndpoint(unix), StreamMessages)));
            }

            foreach (var callers in CallerCounts)
            {
                await Run("raw unix echo, 1 byte", callers, _ => RawEchoCaller.ConnectAsync(rawSocket));
            }

            foreach (var callers in CallerCounts)
            {
                var shared = GrpcChannel.ForEndpoint(unix);
                await Run("grpc unary unix, shared channel", callers, _ => ValueTask.FromResult<ICaller>(new UnaryCaller(shared, false, 1)));
                shared.Dispose();
                await Run("grpc unary unix, channel per caller", callers, _ => ValueTask.FromResult<ICaller>(new UnaryCaller(GrpcChannel.ForEndpoint(unix), true, 1)));
            }

            await Run("connect-call-close unix", 1, _ => ValueTask.FromResult<ICaller>(new ConnectCallCloseCaller(unix)));
            await Run("connect-call-close tcp loopback", 1, _ => ValueTask.FromResult<ICaller>(new ConnectCallCloseCaller(tcp)));
            await Run("grpc unary unix, 1 MB echo", 1, _ => ValueTask.FromResult<ICaller>(new UnaryCaller(GrpcChannel.ForEndpoint(unix), true, 1 << 20)));
            await Run($"grpc server stream unix, {StreamMessages:N0} messages", 1, _ => ValueTask.FromResult<ICaller>(new StreamCaller(GrpcChannel.ForEndpoint(unix), StreamMessages)));
            return WithRatios(rows);
        }
        finally
        {
            server.Kill(entireProcessTree: true);
            await server.WaitForExitAsync();
            directory.Delete(recursive: true);
        }
    }

    /// <summary>Where the bytes of a unary call go, by type, in the client (this process) and the server: sampled
    /// while <paramref name="callerCount"/> callers share a channel, for a 1-byte and a 1 MB echo.</summary>
    public static async Task<string> ProfileAllocationsAsync(bool quick, int callerCount)
    {
        var duration = TimeSpan.FromSeconds(quick ? 2 : 6);
        var directory = Directory.CreateTempSubdirectory("runtime-bench-");
        var grpcSocket = Path.Combine(directory.FullName, "grpc.sock");
        using var server = StartServer(grpcSocket, Path.Combine(directory.FullName, "raw.sock"), BenchServer.FreeTcpPort(), profile: true);
        try
        {
            var unix = GrpcEndpoint.UnixSocket(grpcSocket);
            using var channel = GrpcChannel.ForEndpoint(unix);
            var text = new System.Text.StringBuilder("# Allocation profile (sampled by GCAllocationTick)\n\n");
            foreach (var payload in new[] { 1, 1 << 20 })
            {
                var callers = Enumerable.Range(0, callerCount).Select(_ => new UnaryCaller(channel, false, payload)).ToArray();
                await Task.WhenAll(callers.Select(c => c.CallAsync().AsTask()));
                await channel.CreateCallInvoker().AsyncUnaryCall(EchoService.AllocationProfileMethod, null, default, new Google.Protobuf.WellKnownTypes.Int64Value());
                using var sampler = new AllocationSampler();
                long calls = 0;
                var end = Stopwatch.GetTimestamp() + (long)(duration.TotalSeconds * Stopwatch.Frequency);
                await Task.WhenAll(callers.Select(async c =>
                {
                    while (Stopwatch.GetTimestamp() < end)
                    {
                        await c.CallAsync();
                        Interlocked.Increment(ref calls);
                    }
                }));
                var serverReport = (await channel.CreateCallInvoker().AsyncUnaryCall(EchoService.AllocationProfileMethod, null, default, new Google.Protobuf.WellKnownTypes.Int64Value { Value = calls })).Value;
                foreach (var (side, report) in new[] { ("client", sampler.TakeReport(calls)), ("server", serverReport) })
                {
                    text.AppendLine($"## {side}, unary echo of {payload:N0} byte(s), {calls:N0} calls by {callerCount} callers on one channel\n");
                    text.AppendLine("| Type | Share of sampled bytes | ≈ bytes per call |");
                    text.AppendLine("|---|---:|---:|");
                    text.AppendLine(report);
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

    public static bool IsFloor(RowResult row) => row.Name.StartsWith("raw", StringComparison.Ordinal);

    private static Process StartServer(string grpcSocket, string rawSocket, int tcpPort, bool profile)
    {
        // The same program in server mode, as its own process: run through the host that runs us.
        var self = Environment.ProcessPath ?? "dotnet";
        var info = new ProcessStartInfo(self) { RedirectStandardOutput = true, UseShellExecute = false };
        if (Path.GetFileNameWithoutExtension(self) == "dotnet")
        {
            info.ArgumentList.Add("exec");
            info.ArgumentList.Add(Assembly.GetEntryAssembly()!.Location);
        }

        foreach (var argument in new[] { "--serve", "--grpc_socket", grpcSocket, "--raw_socket", rawSocket, "--tcp_port", tcpPort.ToString(System.Globalization.CultureInfo.InvariantCulture) })
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
