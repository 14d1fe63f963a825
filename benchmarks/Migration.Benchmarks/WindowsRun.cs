using System.Globalization;
using System.Runtime.InteropServices;
using System.Text;
using System.Text.Json;
using LegacyWcf.Contracts.Grpc;
using MigrateWcf.Runtime;
using MigrateWcf.Runtime.Benchmarks;

namespace MigrateWcf.Migration.Benchmarks;

/// <summary>
/// <c>--scenario windows</c> (issue 48): the migrated sample on Windows, over named pipes, where WCF's net.pipe
/// services move. Each cell runs the generated client shim against PerCall Single and Multiple on their pipes with the
/// call lane (the default) and without it (every call an HTTP/2 request), and Multiple over loopback TCP; then
/// connect-call-close (a new channel, one Put, close) over a pipe and over TCP, by the plain client and by the shim; then
/// 1 MiB and 16 MiB EchoDocument round trips of the payload service over a pipe, with both lanes, without the bulk lane
/// and without either.
/// Ratios only, within a cell and one run. Run under Wine by scripts/wine-bench.sh, whose result says so in its title:
/// Wine's speed is not Windows'. No legacy rows (the .NET WCF client has no net.pipe binding) and no raw floor.
/// </summary>
internal static class WindowsRun
{
    public const string MarkdownFile = "windows-benchmark.md", JsonFile = "windows-benchmark.json";

    private static readonly TimeSpan Deadline = TimeSpan.FromSeconds(30);

    private const string Shim = " ← client shim (ISimple)", LaneOff = ", call lane off";

    private static string Pipe(ServerTarget target) => $"{target.Name}, named pipe";

    public static IReadOnlyList<Cell> Cells(bool quick) => quick
        ? [new("60×20", 60, 20, CpuState.Idle), new("20×50", 20, 50, CpuState.Idle), new("8×100", 8, 100, CpuState.Idle), new("1×200", 1, 200, CpuState.Idle)]
        : [new("60×200", 60, 200, CpuState.Idle), new("20×500", 20, 500, CpuState.Idle), new("8×1000", 8, 1000, CpuState.Idle), new("1×2000", 1, 2000, CpuState.Idle)];

    public static async Task<int> RunAsync(bool quick, int rounds, string output, string command)
    {
        if (!OperatingSystem.IsWindows())
        {
            Console.Error.WriteLine("migration benchmark: --scenario windows runs on Windows (or under Wine: scripts/wine-bench.sh).");
            return 2;
        }

        var started = DateTime.UtcNow;
        var loadBefore = BenchmarkResult.LoadAverage();
        var rows = new List<RowReport>();
        await using (var server = ServerProcess.Start())
        {
            var runner = new FixedWorkRunner(server);
            GrpcEndpoint Endpoint(ServerTarget target) => server.Endpoint(target);
            foreach (var cell in Cells(quick))
            {
                var cellRows = new List<Row>();
                foreach (var target in new[] { ServerTarget.MigratedSingle, ServerTarget.MigratedMultiple })
                {
                    cellRows.Add(new(Pipe(target) + Shim, threads => Matrix.Shim(Endpoint(target), threads, Options(callLane: true))));
                    cellRows.Add(new(Pipe(target) + Shim + LaneOff, threads => Matrix.Shim(Endpoint(target), threads, Options(callLane: false))));
                }

                cellRows.Add(new(ServerTarget.MigratedMultipleTcp.Name + Shim, threads => Matrix.Shim(Endpoint(ServerTarget.MigratedMultipleTcp), threads, Options(callLane: true))));
                rows.AddRange(await Matrix.Interleave(runner, cell, cellRows, rounds, quick));
            }

            var pipe = Endpoint(ServerTarget.MigratedMultiple);
            var tcp = Endpoint(ServerTarget.MigratedMultipleTcp);
            List<Row> connect =
            [
                new(ConnectPlainPipe, _ => One(new ConnectCallCloseCaller(pipe))),
                new(ConnectPlainTcp, _ => One(new ConnectCallCloseCaller(tcp))),
                new(ConnectShimPipe, _ => One(new ShimConnectCallCloseCaller(pipe, Options(callLane: true)))),
                new(ConnectShimPipe + LaneOff, _ => One(new ShimConnectCallCloseCaller(pipe, Options(callLane: false)))),
            ];
            rows.AddRange(await Matrix.Interleave(runner, new Cell("connect-call-close", 1, quick ? 50 : 300, CpuState.Idle), connect, rounds, quick));

            // Large values: the payload service's EchoDocument (a bytes field) there and back, through the bulk lane's
            // sections (the default), inside the call lane's frames (bulk lane off), and over HTTP/2 (both off).
            var payload = Payload.PipeEndpoint(server.Directory);
            foreach (var (size, bytes, calls) in new[] { ("1 MiB", 1024 * 1024, quick ? 8 : 100), ("16 MiB", 16 * 1024 * 1024, quick ? 2 : 10) })
            {
                var content = Payload.Content(bytes);
                Row Document(string name, bool bulkLane, bool callLane) =>
                    new(name, _ => One(new Payload.DocumentCaller(new PayloadWcf.Grpc.MigratedClientFactory(payload, PayloadOptions(bulkLane, callLane)), content)), Counted: false);
                rows.AddRange(await Matrix.Interleave(runner, new Cell("payload " + size, 1, calls, CpuState.Idle),
                    [Document(DocumentRow, true, true), Document(DocumentRow + BulkOff, false, true), Document(DocumentRow + BothOff, false, false)], rounds, quick));
            }
        }

        var result = new WindowsResult(quick ? "quick" : "full", command, WineVersion(), started, Environment.ProcessorCount, rows, loadBefore, BenchmarkResult.LoadAverage());
        Directory.CreateDirectory(output);
        foreach (var (name, text) in new[] { (MarkdownFile, result.Markdown()), (JsonFile, result.Json()) })
        {
            var path = Path.Combine(output, name);
            await File.WriteAllTextAsync(path + ".tmp", text);
            File.Move(path + ".tmp", path, overwrite: true);
        }

        Console.WriteLine(result.Markdown());
        Console.Error.WriteLine($"[bench] wrote {Path.Combine(output, MarkdownFile)} and .json; {(result.Passed ? "every cell completed with 0 failed and 0 lost calls" : "FAILED or LOST calls: see the report")}");
        return result.Passed ? 0 : 1;
    }

    public const string ConnectPlainPipe = "connect-call-close, plain client, named pipe";
    public const string ConnectPlainTcp = "connect-call-close, plain client, loopback TCP";
    public const string ConnectShimPipe = "connect-call-close, client shim, named pipe";

    private static ClientProxyOptions Options(bool callLane) => new() { SendTimeout = Deadline, CallLane = callLane };

    public const string DocumentRow = "migrated PerCall ← client shim, Document (a bytes field), named pipe";
    public const string BulkOff = ", bulk lane off (in the call lane's frames)";
    public const string BothOff = ", both lanes off (HTTP/2)";

    private static ClientProxyOptions PayloadOptions(bool bulkLane, bool callLane) => new()
    {
        SendTimeout = TimeSpan.FromMinutes(2),
        ShareChannel = false,
        BulkLane = bulkLane,
        CallLane = callLane,
        ConfigureChannel = channel => (channel.MaxReceiveMessageSize, channel.MaxSendMessageSize) = (Payload.MaxMessageBytes, Payload.MaxMessageBytes),
    };

    private static Task<(ICaller[], IAsyncDisposable?)> One(ICaller caller) => Task.FromResult((new[] { caller }, (IAsyncDisposable?)null));

    /// <summary>Wine's version when this process runs under Wine (ntdll exports <c>wine_get_version</c>); null on Windows.</summary>
    public static string? WineVersion()
    {
        if (!OperatingSystem.IsWindows() || !NativeLibrary.TryLoad("ntdll.dll", out var ntdll) || !NativeLibrary.TryGetExport(ntdll, "wine_get_version", out var export))
        {
            return null;
        }

        unsafe
        {
            return Marshal.PtrToStringAnsi(((delegate* unmanaged[Cdecl]<nint>)export)());
        }
    }

    /// <summary>A new generated client factory per call (its channel, and with the lane its lane connection and
    /// greeting), one Put through the shim, then close: what a WCF caller that opens a ChannelFactory per call does.</summary>
    private sealed class ShimConnectCallCloseCaller(GrpcEndpoint endpoint, ClientProxyOptions options) : ICaller
    {
        public bool IsBlocking => true;

        public ValueTask<bool> CallAsync()
        {
            using var factory = new MigratedClientFactory(endpoint, options);
            var simple = factory.CreateSimple();
            simple.Put();
            ((IAsyncDisposable)simple).DisposeAsync().AsTask().GetAwaiter().GetResult();
            return ValueTask.FromResult(true);
        }

        public ValueTask DisposeAsync() => ValueTask.CompletedTask;
    }
}

/// <summary>The Windows scenario's result, as Markdown and JSON.</summary>
internal sealed record WindowsResult(string Scale, string Command, string? Wine, DateTime Started, int Cores, IReadOnlyList<RowReport> Rows, string LoadBefore, string LoadAfter)
{
    public bool Passed => Rows.All(r => r.Failures == 0 && r.Lost is null or 0);

    /// <summary>Ratios of calls/s within each cell: each pipe row with the lane over the same without it, Single over
    /// Multiple, and the pipe rows over loopback TCP.</summary>
    public IEnumerable<(string Cell, string What, double Ratio)> Ratios()
    {
        foreach (var cell in Rows.Select(r => r.Cell).Distinct())
        {
            RowReport? Row(string name) => Rows.FirstOrDefault(r => r.Cell == cell && r.Row == name);
            double? Ratio(string over, string under, Func<RowReport, double> figure) =>
                Row(over) is { } a && Row(under) is { } b ? figure(a) / figure(b) : null;
            var single = $"{ServerTarget.MigratedSingle.Name}, named pipe ← client shim (ISimple)";
            var multiple = $"{ServerTarget.MigratedMultiple.Name}, named pipe ← client shim (ISimple)";
            var tcp = $"{ServerTarget.MigratedMultipleTcp.Name} ← client shim (ISimple)";
            var candidates = new (string What, double? Ratio)[]
            {
                ("PerCall Single: lane on ÷ lane off, calls/s", Ratio(single, single + ", call lane off", r => r.CallsPerSecond.Median)),
                ("PerCall Multiple: lane on ÷ lane off, calls/s", Ratio(multiple, multiple + ", call lane off", r => r.CallsPerSecond.Median)),
                ("Single ÷ Multiple (lane on), calls/s", Ratio(single, multiple, r => r.CallsPerSecond.Median)),
                ("Multiple: named pipe with the lane ÷ loopback TCP, calls/s", Ratio(multiple, tcp, r => r.CallsPerSecond.Median)),
                ("Multiple: named pipe without the lane ÷ loopback TCP, calls/s", Ratio(multiple + ", call lane off", tcp, r => r.CallsPerSecond.Median)),
                ("Multiple: named pipe with the lane ÷ loopback TCP, p50", Ratio(multiple, tcp, r => r.P50Microseconds)),
                ("plain client: named pipe ÷ loopback TCP, p50", Ratio(WindowsRun.ConnectPlainPipe, WindowsRun.ConnectPlainTcp, r => r.P50Microseconds)),
                ("shim: lane on ÷ lane off, p50", Ratio(WindowsRun.ConnectShimPipe, WindowsRun.ConnectShimPipe + ", call lane off", r => r.P50Microseconds)),
                ("shim with the lane ÷ plain client, named pipe, p50", Ratio(WindowsRun.ConnectShimPipe, WindowsRun.ConnectPlainPipe, r => r.P50Microseconds)),
                ("bulk lane on ÷ off (call lane frames), round trips/s", Ratio(WindowsRun.DocumentRow, WindowsRun.DocumentRow + WindowsRun.BulkOff, r => r.CallsPerSecond.Median)),
                ("bulk lane on ÷ both lanes off (HTTP/2), round trips/s", Ratio(WindowsRun.DocumentRow, WindowsRun.DocumentRow + WindowsRun.BothOff, r => r.CallsPerSecond.Median)),
            };
            foreach (var (what, ratio) in candidates)
            {
                if (ratio is { } value && double.IsFinite(value))
                {
                    yield return (cell, what, value);
                }
            }
        }
    }

    public string Markdown()
    {
        var where = Wine is null ? "Windows" : $"Wine {Wine} on Linux, not Windows";
        var text = new StringBuilder();
        text.AppendLine(CultureInfo.InvariantCulture, $"# The migrated sample over named pipes: {where}");
        text.AppendLine();
        var caveat = Wine is null
            ? "Ratios within a cell of this run."
            : "Under Wine every pipe and socket call goes through Wine's server and its emulation of the Windows APIs: these are figures of Wine, not of Windows, and only the ratios within a cell of this one run say anything; what Windows itself does is not measured here (docs/known-gaps.md).";
        text.AppendLine(CultureInfo.InvariantCulture, $"`{Command}`, {Scale} scale, {Started:yyyy-MM-dd HH:mm} UTC, {Cores} cores, load average (1/5/15 min) {LoadBefore} before, {LoadAfter} after. {caveat}");
        text.AppendLine();
        text.AppendLine("The generated client shim (`ISimple` from the generated `MigratedClientFactory`, a thread per caller, a channel each) calls `Put` on the migrated PerCall services; connect-call-close opens a channel (the plain generated client) or a client factory (the shim), makes one call and closes; the payload cells send one caller's `Document` (a bytes field of the cell's size) to the payload service and back. Calls/s: the median of the rounds (min–max).");
        text.AppendLine();
        // Wine's process times move in coarse steps and often give the driver and the server the same figure: no CPU
        // column under Wine (the JSON keeps the raw figures).
        var cpu = Wine is null;
        text.AppendLine("| Cell | Row | Calls/s | p50 µs | p99 µs |" + (cpu ? " CPU µs/call (client + server) |" : string.Empty) + " Failed | Lost |");
        text.AppendLine("|---|---|---:|---:|---:|" + (cpu ? "---:|" : string.Empty) + "---:|---:|");
        foreach (var row in Rows)
        {
            var cpuCell = cpu ? $" {row.ClientCpuMicrosecondsPerCall:N1} + {row.ServerCpuMicrosecondsPerCall:N1} |" : string.Empty;
            text.AppendLine(CultureInfo.InvariantCulture,
                $"| {row.Cell} | {row.Row} | {row.CallsPerSecond.Median:N0} ({row.CallsPerSecond.Min:N0}–{row.CallsPerSecond.Max:N0}) | {row.P50Microseconds:N1} | {row.P99Microseconds:N1} |{cpuCell} {row.Failures} | {(row.Lost is { } lost ? lost.ToString(CultureInfo.InvariantCulture) : "–")} |");
        }

        text.AppendLine();
        text.AppendLine("| Cell | Ratio | Value |");
        text.AppendLine("|---|---|---:|");
        foreach (var (cell, what, ratio) in Ratios())
        {
            text.AppendLine(CultureInfo.InvariantCulture, $"| {cell} | {what} | {ratio:0.00}× |");
        }

        text.AppendLine();
        text.AppendLine(Passed ? "Every row completed with 0 failed and 0 lost calls." : "FAILED or LOST calls: see the Failed and Lost columns.");
        return text.ToString();
    }

    public string Json() => JsonSerializer.Serialize(new
    {
        scale = Scale,
        command = Command,
        wine = Wine,
        started = Started,
        cores = Cores,
        loadBefore = LoadBefore,
        loadAfter = LoadAfter,
        passed = Passed,
        rows = Rows,
        ratios = Ratios().Select(r => new { cell = r.Cell, what = r.What, ratio = r.Ratio }),
    }, new JsonSerializerOptions { WriteIndented = true, NumberHandling = System.Text.Json.Serialization.JsonNumberHandling.AllowNamedFloatingPointLiterals });
}
