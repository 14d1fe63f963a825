using System.Diagnostics;
using System.Text.Json;

namespace MigrateWcf.Migration.Benchmarks.Tests;

/// <summary>Runs the benchmark as a user does (a process, --quick) and checks that every cell and scenario completed
/// with no failed and no lost call and that both output files are well formed. Timing figures are never asserted:
/// the machine is shared and noisy.</summary>
public sealed class MigrationBenchmarkTests : IDisposable
{
    // The multi-thread cells in the default state (idle); the 1-thread cell in both.
    private static readonly string[] QuickCells = ["60×20, cpu idle", "20×50, cpu idle", "8×100, cpu idle", "1×200, cpu idle", "1×200, cpu awake", "8×100, shared channel, cpu idle"];

    private static readonly string[] GrpcRows =
    [
        "migrated PerCall Single ← client shim (ISimple)",
        "migrated PerCall Single ← client shim (ISimple), call lane off",
        "migrated PerCall Single ← plain generated client",
        "migrated PerCall Multiple ← client shim (ISimple)",
        "migrated PerCall Multiple ← client shim (ISimple), call lane off",
        "migrated PerCall Multiple ← plain generated client",
        "migrated PerCall Multiple ← plain generated client, blocking",
        "hand-written grpc-dotnet ← plain generated client",
    ];

    private readonly string _output = Directory.CreateTempSubdirectory("mwbench-test-").FullName;

    public void Dispose() => Directory.Delete(_output, recursive: true);

    [Fact]
    public async Task QuickMatrixAndScenariosCompleteWithNoFailedOrLostCall()
    {
        const int Rounds = 2;
        var (exitCode, stdout, stderr) = await RunAsync("--quick", "--rounds", Rounds.ToString(System.Globalization.CultureInfo.InvariantCulture), "--scenario", "all", "--duration", "4", "--out", _output);
        Assert.True(exitCode == 0, $"exit code {exitCode}\n{stdout}\n{stderr}");

        using var json = JsonDocument.Parse(await File.ReadAllTextAsync(Path.Combine(_output, "migration-benchmark.json")));
        var root = json.RootElement;
        Assert.True(root.GetProperty("passed").GetBoolean());
        Assert.Equal("quick", root.GetProperty("scale").GetString());
        var rows = root.GetProperty("rows").EnumerateArray().ToList();

        // Every cell has the floor and every gRPC row, all in the cell's one machine state; the 1-thread cells (one
        // per state) also the python floor check.
        foreach (var cell in QuickCells)
        {
            var cellRows = rows.Where(r => r.GetProperty("cell").GetString() == cell).ToList();
            var names = cellRows.Select(r => r.GetProperty("row").GetString()).ToList();
            Assert.Contains("raw unix echo, 1 byte (floor)", names);
            Assert.All(GrpcRows, row => Assert.Contains(row, names));
            Assert.Equal(cell.StartsWith("1×200", StringComparison.Ordinal), names.Contains("python raw unix echo, 1 byte (floor check)"));
            Assert.All(cellRows, r => Assert.Equal(cell[(cell.LastIndexOf(", ", StringComparison.Ordinal) + 2)..], r.GetProperty("cpuState").GetString()));
        }

        Assert.All(rows, r => Assert.Contains(r.GetProperty("cpuState").GetString(), new[] { "cpu idle", "cpu awake" }));

        // The legacy sample on Mono (Linux): both implementations through the WCF client, beside a floor.
        var legacy = rows.Where(r => r.GetProperty("cell").GetString()!.StartsWith("legacy net472 on Mono", StringComparison.Ordinal)).Select(r => r.GetProperty("row").GetString()).ToList();
        Assert.Equal(["raw unix echo, 1 byte (floor)", "legacy PerCall Single ← WCF client (ISimple)", "legacy PerCall Multiple ← WCF client (ISimple)"], legacy);
        foreach (var state in new[] { "cpu idle", "cpu awake" })
        {
            var connect = rows.Where(r => r.GetProperty("cell").GetString() == $"connect-call-close, {state}").Select(r => r.GetProperty("row").GetString()).ToList();
            Assert.Equal(["connect-call-close, unix socket", "connect-call-close, loopback TCP"], connect);
        }

        foreach (var row in rows)
        {
            var name = $"{row.GetProperty("cell").GetString()} / {row.GetProperty("row").GetString()}";
            Assert.True(row.GetProperty("failures").GetInt64() == 0, $"{name}: failed calls ({row.GetProperty("firstFailure")})");
            Assert.Equal(Rounds, row.GetProperty("rounds").GetInt32());
            if (row.GetProperty("row").GetString()!.StartsWith("python", StringComparison.Ordinal))
            {
                Assert.True(row.GetProperty("calls").GetInt64() > 0, name);
                continue;
            }

            // Every planned call completed: threads × calls × rounds, and (gRPC rows) the server counted exactly those.
            var planned = row.GetProperty("threads").GetInt64() * row.GetProperty("callsPerThread").GetInt64() * Rounds;
            Assert.True(planned == row.GetProperty("calls").GetInt64(), $"{name}: {row.GetProperty("calls")} of {planned} calls");
            var lost = row.GetProperty("lost");
            // The floor and the legacy host count nothing on the server side.
            if (row.GetProperty("row").GetString()!.StartsWith("raw", StringComparison.Ordinal) || row.GetProperty("row").GetString()!.StartsWith("legacy", StringComparison.Ordinal))
            {
                Assert.Equal(JsonValueKind.Null, lost.ValueKind);
            }
            else
            {
                Assert.True(lost.GetInt64() == 0, $"{name}: {lost} lost calls");
                Assert.True(row.GetProperty("callsPerSecondRatioToFloor").ValueKind == JsonValueKind.Number || row.GetProperty("cell").GetString()!.StartsWith("connect-call-close", StringComparison.Ordinal), name);
            }
        }

        // The issue's targets are reported (judged, never asserted: figures are not tested).
        var targets = root.GetProperty("targets").EnumerateArray().ToList();
        Assert.Contains(targets, t => t.GetProperty("description").GetString()!.Contains("Single vs Multiple", StringComparison.Ordinal));
        Assert.Contains(targets, t => t.GetProperty("description").GetString() == "connect-call-close, cpu awake: p50, Unix socket ÷ loopback TCP");
        Assert.Contains(targets, t => t.GetProperty("description").GetString() == "issues 16 and 30 · 1×200, cpu idle: single-thread p50 through the shim ÷ floor p50");
        Assert.Contains(targets, t => t.GetProperty("description").GetString() == "issues 16 and 30 · 1×200, cpu awake: single-thread p50 through the shim ÷ floor p50");
        // Issue 30's: the lane against the same shim over HTTP/2 (its one-caller CPU target only when a quick run's CPU
        // time is above the clock's tick).
        Assert.Contains(targets, t => t.GetProperty("description").GetString() == "issue 30 · 8×100, cpu idle: migrated PerCall Multiple through the shim, time per call on the call lane ÷ over HTTP/2 (≥ 3× the calls/s)");
        Assert.All(targets, t => Assert.Equal(JsonValueKind.Number, t.GetProperty("measured").ValueKind));

        // Payload sizes: every size has its eight rows (two floors, a shared-memory segment's copy, the bytes field with the runtime's defaults (the
        // bulk lane on), with the lane off, and with each measured transport setting on the lane-off row, and the records through the generated shim), each completed every call with
        // no failure (a first answer that differs from its request is one), and the message of each row is about its
        // size (the records sized by the generated mapper to within one record).
        var payload = root.GetProperty("payload").EnumerateArray().ToList();
        var sizes = new Dictionary<string, long> { ["payload 1 KiB"] = 1024, ["payload 64 KiB"] = 64 * 1024, ["payload 1 MiB"] = 1024 * 1024, ["payload 16 MiB"] = 16 * 1024 * 1024 };
        Assert.Equal(sizes.Count * 8, payload.Count);
        foreach (var (size, bytes) in sizes)
        {
            var sizeRows = payload.Where(p => p.GetProperty("size").GetString() == size + ", cpu idle").ToList();
            Assert.Equal(
                [
                    "raw unix socket copy, length-prefixed (floor)", "in-process memory copy, there and back (memory floor)",
                    "shared memory segment between the processes, copied in and out, length over the socket",
                    "migrated PerCall ← client shim, Document (a bytes field)",
                    "migrated PerCall ← client shim, Document (a bytes field), bulk lane off (every byte over HTTP/2)",
                    "migrated PerCall ← client shim, Document (a bytes field), bulk lane off (every byte over HTTP/2), client stream window 64 KiB (SocketsHttpHandler's default)",
                    "migrated PerCall ← client shim, Document (a bytes field), bulk lane off (every byte over HTTP/2), host with inline socket scheduling",
                    "migrated PerCall ← client shim, List<Reading> (records)",
                ],
                sizeRows.Select(p => p.GetProperty("row").GetString()));
            Assert.All(sizeRows, p =>
            {
                var report = p.GetProperty("report");
                Assert.True(report.GetProperty("failures").GetInt64() == 0, $"{size} {p.GetProperty("row")}: {report.GetProperty("firstFailure")}");
                Assert.Equal(Rounds * report.GetProperty("callsPerThread").GetInt64(), report.GetProperty("calls").GetInt64());
                Assert.InRange(p.GetProperty("messageBytes").GetInt64(), bytes * 9 / 10, bytes * 12 / 10);
            });
            Assert.Equal(JsonValueKind.Null, sizeRows[0].GetProperty("timeRatioToSocketCopy").ValueKind);
            Assert.Equal(JsonValueKind.Number, sizeRows[2].GetProperty("timeRatioToSocketCopy").ValueKind);
            Assert.Equal(JsonValueKind.Number, sizeRows[7].GetProperty("timeRatioToMemoryCopy").ValueKind);
            Assert.Equal(JsonValueKind.Number, sizeRows[2].GetProperty("timeRatioToSocketCopy").ValueKind);
            Assert.Equal([JsonValueKind.Null, JsonValueKind.Number, JsonValueKind.Number, JsonValueKind.Number, JsonValueKind.Null], sizeRows[3..].Select(p => p.GetProperty("timeRatioToBaseRow").ValueKind));
        }

        // Per-call settings (issue 30): each cell has the floor, the shim as shipped, each setting alone and all
        // together, every planned call completed with none failed or lost; each setting's row has its ratios to the
        // shipped row (figures never asserted).
        var tuning = root.GetProperty("tuning").EnumerateArray().ToList();
        string[] tuningCells = ["1×200, cpu awake", "1×200, cpu idle", "8×100, cpu idle"];
        Assert.Equal(tuningCells, tuning.Select(t => t.GetProperty("cell").GetString()).Distinct());
        foreach (var cell in tuningCells)
        {
            var cellRows = tuning.Where(t => t.GetProperty("cell").GetString() == cell).ToList();
            Assert.Equal(
                [
                    "raw unix echo, 1 byte (floor)", "shim as shipped: migrated PerCall Multiple ← client shim (ISimple)",
                    "call lane off: every call an HTTP/2 request (the shim before the lane)",
                    "no deadline (ClientProxyOptions.SendTimeout infinite)", "inline scheduling host (GrpcHostOptions.InlineSocketScheduling)",
                    "client handler: no trace headers, one HTTP/2 connection", "slim host: no Server header, no data-rate timing (Kestrel)", "all together",
                ],
                cellRows.Select(t => t.GetProperty("row").GetString()));
            Assert.All(cellRows, t =>
            {
                var report = t.GetProperty("report");
                var name = $"{cell} / {t.GetProperty("row").GetString()}";
                Assert.True(report.GetProperty("failures").GetInt64() == 0, $"{name}: {report.GetProperty("firstFailure")}");
                Assert.Equal(report.GetProperty("threads").GetInt64() * report.GetProperty("callsPerThread").GetInt64() * Rounds, report.GetProperty("calls").GetInt64());
            });
            Assert.Equal(JsonValueKind.Null, cellRows[0].GetProperty("report").GetProperty("lost").ValueKind);
            Assert.All(cellRows[1..], t => Assert.Equal(0, t.GetProperty("report").GetProperty("lost").GetInt64()));
            Assert.Equal([JsonValueKind.Null, JsonValueKind.Null, .. Enumerable.Repeat(JsonValueKind.Number, 6)], cellRows.Select(t => t.GetProperty("timeRatioToShipped").ValueKind));
        }

        var scenarios = root.GetProperty("scenarios").EnumerateArray().ToDictionary(s => s.GetProperty("name").GetString()!.Split(':')[0]);
        var load = scenarios["load"];
        Assert.True(load.GetProperty("passed").GetBoolean(), load.GetProperty("details").GetString());
        Assert.Equal(0, load.GetProperty("failures").GetInt64());
        Assert.Equal(0, load.GetProperty("lost").GetInt64());
        Assert.Equal(600 * 20, load.GetProperty("successes").GetInt64());
        Assert.Equal(load.GetProperty("successes").GetInt64(), load.GetProperty("serverCounted").GetInt64());
        var kill = scenarios["kill"];
        Assert.True(kill.GetProperty("passed").GetBoolean(), kill.GetProperty("details").GetString());
        Assert.True(kill.GetProperty("failures").GetInt64() > 0, "the kill made no call fail");
        Assert.InRange(kill.GetProperty("lost").GetInt64(), 0, kill.GetProperty("clients").GetInt64());

        // The soak (a few seconds here): calls at the fixed rate, none failed, every sample of both processes, and a
        // slope and a verdict for each series (judged, never asserted: a few seconds are all warm-up).
        var soak = root.GetProperty("soak");
        Assert.True(soak.GetProperty("passed").GetBoolean(), soak.GetProperty("firstFailure").ToString());
        Assert.Equal(0, soak.GetProperty("failures").GetInt64());
        Assert.True(soak.GetProperty("calls").GetInt64() > 0);
        var samples = soak.GetProperty("samples").EnumerateArray().ToList();
        Assert.True(samples.Count >= 3, $"{samples.Count} samples");
        Assert.All(samples, sample =>
        {
            Assert.True(sample.GetProperty("clientRssMegabytes").GetDouble() > 0);
            Assert.True(sample.GetProperty("serverRssMegabytes").GetDouble() > 0);
            Assert.True(sample.GetProperty("clientFds").GetInt32() > 0);
            Assert.True(sample.GetProperty("serverFds").GetInt32() > 0);
        });
        Assert.True(samples[^1].GetProperty("serverGcHeapMegabytes").GetDouble() > 0, "the server's GC heap was never read");
        // What the GC committed holds its heap: committed ≥ heap in every sample taken after a collection (before the
        // first one committed is unknown, written as NaN). The driver has collected by now (the matrix ran before).
        foreach (var side in new[] { "server", "client" })
        {
            Assert.All(samples.Where(sample => sample.GetProperty(side + "GcCommittedMegabytes").ValueKind == JsonValueKind.Number), sample =>
                Assert.True(sample.GetProperty(side + "GcCommittedMegabytes").GetDouble() >= sample.GetProperty(side + "GcHeapMegabytes").GetDouble(), side));
        }

        Assert.Equal(JsonValueKind.Number, samples[^1].GetProperty("clientGcCommittedMegabytes").ValueKind);
        var series = soak.GetProperty("series").EnumerateArray().ToList();
        Assert.Equal(
            ["client resident set", "client GC heap", "client GC committed", "client resident set outside the GC", "client file descriptors",
             "client bulk lane segments mapped", "server resident set", "server GC heap", "server GC committed", "server resident set outside the GC",
             "server file descriptors", "server bulk lane segments mapped"],
            series.Select(s => s.GetProperty("name").GetString()));
        Assert.All(series, s =>
        {
            // Committed memory is known only after a process's first collection, which a few seconds may not reach:
            // those series may have no slope ("NaN"); every other series has one.
            var slope = s.GetProperty("slopePerMinute");
            var name = s.GetProperty("name").GetString()!;
            if (name.Contains("committed", StringComparison.Ordinal) || name.Contains("outside the GC", StringComparison.Ordinal))
            {
                Assert.True(slope.ValueKind == JsonValueKind.Number || slope.GetString() == "NaN", name);
            }
            else
            {
                Assert.Equal(JsonValueKind.Number, slope.ValueKind);
            }

            Assert.Contains(s.GetProperty("flat").ValueKind, new[] { JsonValueKind.True, JsonValueKind.False });
        });

        // The Markdown report: one table line per row, the scenarios' table, and the same verdict.
        var markdown = await File.ReadAllLinesAsync(Path.Combine(_output, "migration-benchmark.md"));
        var header = Array.FindIndex(markdown, l => l.StartsWith("| Cell | Row |", StringComparison.Ordinal));
        Assert.True(header > 0, "no matrix table");
        var tableLines = markdown.Skip(header + 2).TakeWhile(l => l.StartsWith('|')).ToList();
        Assert.Equal(rows.Count, tableLines.Count);
        Assert.All(tableLines, l => Assert.Equal(17, l.Count(c => c == '|')));
        Assert.Equal(2, markdown.Count(l => l.StartsWith("| load:", StringComparison.Ordinal) || l.StartsWith("| kill:", StringComparison.Ordinal)));
        Assert.Contains("## Soak", markdown);
        var payloadHeader = Array.FindIndex(markdown, l => l.StartsWith("| Size | Row |", StringComparison.Ordinal));
        Assert.Equal(payload.Count, markdown.Skip(payloadHeader + 2).TakeWhile(l => l.StartsWith('|')).Count());
        var soakHeader = Array.FindIndex(markdown, l => l.StartsWith("| Series |", StringComparison.Ordinal));
        Assert.Equal(12, markdown.Skip(soakHeader + 2).TakeWhile(l => l.StartsWith('|')).Count());
        var tuningHeader = Array.FindIndex(markdown, l => l.StartsWith("| Cell | Row | Calls | Calls/s median (min–max) | p50 µs | p99 µs | Client CPU", StringComparison.Ordinal));
        Assert.Equal(tuning.Count, markdown.Skip(tuningHeader + 2).TakeWhile(l => l.StartsWith('|')).Count());
        Assert.Empty(Directory.GetFiles(_output, "*.tmp"));

        // The chart: a PNG (ScottPlot on SkiaSharp), named in the notes.
        var png = await File.ReadAllBytesAsync(Path.Combine(_output, "migration-benchmark.png"));
        Assert.Equal(new byte[] { 0x89, (byte)'P', (byte)'N', (byte)'G' }, png[..4]);
        Assert.Contains(root.GetProperty("notes").EnumerateArray(), n => n.GetString()!.StartsWith("Chart: migration-benchmark.png", StringComparison.Ordinal));

        // The payload chart: each row's speed over the raw socket copy's, by size.
        var payloadPng = await File.ReadAllBytesAsync(Path.Combine(_output, "migration-benchmark-payload.png"));
        Assert.Equal(new byte[] { 0x89, (byte)'P', (byte)'N', (byte)'G' }, payloadPng[..4]);
        Assert.Contains(root.GetProperty("notes").EnumerateArray(), n => n.GetString()!.StartsWith("Payload chart: migration-benchmark-payload.png", StringComparison.Ordinal));
    }

    [Fact]
    public async Task PayloadSoak_CallsEchoDocumentOfTheGivenSize_AtItsRate_WithNoFailure()
    {
        var (exitCode, stdout, stderr) = await RunAsync("--quick", "--scenario", "soak", "--soak-payload", "1MiB", "--duration", "4", "--out", _output);
        Assert.True(exitCode == 0, $"exit code {exitCode}\n{stdout}\n{stderr}");

        using var json = JsonDocument.Parse(await File.ReadAllTextAsync(Path.Combine(_output, "migration-benchmark.json")));
        var soak = json.RootElement.GetProperty("soak");
        Assert.Equal("the payload service's EchoDocument of 1 MiB through the client shim", soak.GetProperty("workload").GetString());
        // 20 MiB/s each way: 20 calls/s at 1 MiB; every call's answer had the request's length.
        Assert.Equal(20, soak.GetProperty("targetCallsPerSecond").GetDouble());
        Assert.True(soak.GetProperty("passed").GetBoolean(), soak.GetProperty("firstFailure").ToString());
        Assert.InRange(soak.GetProperty("calls").GetInt64(), 1, (20 * 4) + 4); // 4 s at 20/s, and at most one more per caller
        Assert.Equal(12, soak.GetProperty("series").GetArrayLength());
        // The 1 MiB documents went through the bulk lane (on by default): both processes have its segments mapped.
        var last = soak.GetProperty("samples").EnumerateArray().Last();
        Assert.True(last.GetProperty("clientLaneMappings").GetInt32() > 0, "the client mapped no lane segment");
        Assert.True(last.GetProperty("serverLaneMappings").GetInt32() > 0, "the server mapped no lane segment");
    }

    [Theory]
    [InlineData("--soak-payload", "0")]
    [InlineData("--soak-payload", "65MiB")]
    [InlineData("--soak-payload", "1 MB")]
    [InlineData("--soak-payload", "99999999999999MiB")]
    [InlineData("--scenario", "sleep")]
    [InlineData("--duration", "0")]
    [InlineData("--duration", "ten")]
    [InlineData("--rounds", "0")]
    [InlineData("--cpu-state", "busy")]
    [InlineData("--nonsense")]
    public async Task BadArgumentsExitTwoWithOneLineAndWriteNothing(params string[] arguments)
    {
        var (exitCode, stdout, stderr) = await RunAsync([.. arguments, "--out", Path.Combine(_output, "out")]);
        Assert.Equal(2, exitCode);
        Assert.Equal("", stdout);
        Assert.Single(stderr.Trim().Split('\n'));
        Assert.Contains("Usage: ./bench.sh", stderr);
        Assert.False(Directory.Exists(Path.Combine(_output, "out")));
    }

    private static async Task<(int ExitCode, string Stdout, string Stderr)> RunAsync(params string[] arguments)
    {
        var info = new ProcessStartInfo(Environment.GetEnvironmentVariable("DOTNET_HOST_PATH") ?? "dotnet")
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        info.ArgumentList.Add("exec");
        info.ArgumentList.Add(Path.Combine(AppContext.BaseDirectory, "MigrateWcf.Migration.Benchmarks.dll"));
        foreach (var argument in arguments)
        {
            info.ArgumentList.Add(argument);
        }

        using var process = Process.Start(info)!;
        var stdout = process.StandardOutput.ReadToEndAsync();
        var stderr = process.StandardError.ReadToEndAsync();
        using var timeout = new CancellationTokenSource(TimeSpan.FromMinutes(5));
        try
        {
            await process.WaitForExitAsync(timeout.Token);
        }
        catch (OperationCanceledException)
        {
            process.Kill(entireProcessTree: true);
            throw new TimeoutException($"the benchmark did not finish in 5 minutes:\n{await stderr}");
        }

        return (process.ExitCode, await stdout, await stderr);
    }
}
