using System.Globalization;
using System.Reflection;
using MigrateWcf.Migration.Benchmarks;

// The before/after benchmark (issue 16). Usage:
//   MigrateWcf.Migration.Benchmarks [--quick] [--rounds N] [--out DIR] [--only TEXT] [--scenario matrix|payload|tuning|load|kill|soak|all|windows] [--duration 10m] [--soak-payload 1MiB] [--cpu-state idle|awake]
// Writes migration-benchmark.md, .json and .png (a chart) to DIR (default: the repository's benchmarks/results/migration).
// --scenario: matrix (default) runs the threads × calls matrix and connect-call-close; load and kill the scenarios;
// soak a fixed call rate for --duration (default 10m; 10s with --quick; "90", "90s" or "10m") sampling both processes'
// memory and descriptors (--soak-payload SIZE: the payload service's EchoDocument of SIZE bytes, "1MiB", "64KiB" or
// bytes, at 20 MiB/s each way, instead of ISimple.Put at 400 calls/s); tuning the client shim's Put with each of
// grpc-dotnet's and ASP.NET Core's per-call settings alone and together (Tuning.cs); all runs everything; windows (on Windows
// or under Wine, scripts/wine-bench.sh) the migrated sample over named pipes with and without the call lane against
// loopback TCP, into windows-benchmark.md and .json (WindowsRun.cs). --cpu-state: the machine state of the multi-thread cells (default idle: the harness adds
// nothing; awake: low-priority spinners keep the spare cores busy, see CpuState.cs); the 1-thread cells and
// connect-call-close always run in both. --only keeps the matrix rows whose name contains TEXT (plus each cell's floor).
// Exit code: 0 when every cell and scenario completed with no failed and no lost call, 1 otherwise, 2 on bad arguments.
// With --serve DIR --tcp-port N --counter FILE (used internally) it is the server process.
if (args.Length > 0 && args[0] == "--serve")
{
    string Value(string flag) => args[Array.IndexOf(args, flag) + 1];
    return await MigratedServer.RunAsync(args[1], int.Parse(Value("--tcp-port"), CultureInfo.InvariantCulture), Value("--counter"));
}

const string Usage = "Usage: ./bench.sh [--quick] [--rounds N] [--out DIR] [--only TEXT] [--scenario matrix|payload|tuning|load|kill|soak|all|windows] [--duration 10m] [--soak-payload 1MiB] [--cpu-state idle|awake]";
var quick = false;
int? rounds = null;
string? only = null;
var scenario = "matrix";
var cpuState = CpuState.Idle;
TimeSpan? duration = null;
int? soakPayloadBytes = null;
var output = typeof(Matrix).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>().Single(a => a.Key == "DefaultResultsDirectory").Value!;
for (var i = 0; i < args.Length; i++)
{
    switch (args[i])
    {
        case "--quick":
            quick = true;
            break;
        case "--rounds" when i + 1 < args.Length && int.TryParse(args[i + 1], NumberStyles.None, CultureInfo.InvariantCulture, out var n) && n > 0:
            rounds = n;
            i++;
            break;
        case "--only" when i + 1 < args.Length:
            only = args[++i];
            break;
        case "--out" when i + 1 < args.Length:
            output = Path.GetFullPath(args[++i]);
            break;
        case "--scenario" when i + 1 < args.Length && args[i + 1] is "matrix" or "payload" or "tuning" or "load" or "kill" or "soak" or "all" or "windows":
            scenario = args[++i];
            break;
        case "--duration" when i + 1 < args.Length && Soak.ParseDuration(args[i + 1]) is { } parsed:
            duration = parsed;
            i++;
            break;
        case "--soak-payload" when i + 1 < args.Length && Soak.ParsePayloadBytes(args[i + 1]) is { } bytes:
            soakPayloadBytes = bytes;
            i++;
            break;
        case "--cpu-state" when i + 1 < args.Length && CpuStates.TryParse(args[i + 1], out var state):
            cpuState = state;
            i++;
            break;
        default:
            Console.Error.WriteLine($"migration benchmark: unknown or incomplete argument '{args[i]}'. {Usage}");
            return 2;
    }
}

if (File.Exists(output))
{
    Console.Error.WriteLine($"migration benchmark: --out {output} is a file, not a folder.");
    return 2;
}

var command = "./bench.sh" + (args.Length > 0 ? " " + string.Join(' ', args) : "");
if (scenario == "windows")
{
    // Its own report (windows-benchmark.md): the Linux matrix's floor, legacy rows and targets have no Windows counterpart here.
    return await WindowsRun.RunAsync(quick, rounds ?? (quick ? 2 : 3), output, "scripts/wine-bench.sh" + (args.Length > 2 ? " " + string.Join(' ', args.Where(a => a is not "--scenario" and not "windows")) : ""));
}

var loadBefore = BenchmarkResult.LoadAverage();
IReadOnlyList<RowReport> rows = [];
if (scenario is "matrix" or "all")
{
    await using var server = ServerProcess.Start();
    rows = RowReport.WithRatios(await Matrix.RunAsync(server, quick, rounds ?? (quick ? 2 : 3), cpuState, name => only is null || name.Contains(only, StringComparison.OrdinalIgnoreCase)));
}

IReadOnlyList<PayloadRow> payload = [];
if (scenario is "payload" or "all")
{
    await using var server = ServerProcess.Start();
    payload = await Payload.RunAsync(server, quick, rounds ?? (quick ? 2 : 3), cpuState);
}

IReadOnlyList<TuningRow> tuning = [];
if (scenario is "tuning" or "all")
{
    await using var server = ServerProcess.Start();
    tuning = await Tuning.RunAsync(server, quick, rounds ?? (quick ? 2 : 3));
}

var scenarios = new List<ScenarioResult>();
if (scenario is "load" or "all")
{
    scenarios.Add(await Scenarios.LoadAsync(quick));
}

if (scenario is "kill" or "all")
{
    scenarios.Add(await Scenarios.KillAsync(quick));
}

SoakResult? soak = null;
if (scenario is "soak" or "all")
{
    soak = await Soak.RunAsync(duration ?? TimeSpan.FromSeconds(quick ? 10 : 600), soakPayloadBytes);
}

Directory.CreateDirectory(output);
var chartProblem = Chart.TryWrite(rows, Path.Combine(output, Chart.FileName + ".tmp"));
if (chartProblem is null)
{
    File.Move(Path.Combine(output, Chart.FileName + ".tmp"), Path.Combine(output, Chart.FileName), overwrite: true);
}

var payloadChartProblem = payload.Count == 0 ? null : Chart.TryWritePayload(payload, Path.Combine(output, Chart.PayloadFileName + ".tmp"));
if (payload.Count > 0 && payloadChartProblem is null)
{
    File.Move(Path.Combine(output, Chart.PayloadFileName + ".tmp"), Path.Combine(output, Chart.PayloadFileName), overwrite: true);
}

var result = new BenchmarkResult(quick ? "quick" : "full", command, rows, payload, tuning, scenarios, soak, loadBefore, BenchmarkResult.LoadAverage(),
    [.. Notes.All, chartProblem ?? $"Chart: {Chart.FileName} (calls/s and p50 by cell).",
        .. payload.Count == 0 ? [] : new[] { payloadChartProblem ?? $"Payload chart: {Chart.PayloadFileName} (each row's round trips/s over the raw socket copy's, by size)." }]);
foreach (var (name, text) in new[] { ("migration-benchmark.md", result.Markdown()), ("migration-benchmark.json", result.Json()) })
{
    // Each file replaced whole: a reader never sees half a report.
    var path = Path.Combine(output, name);
    await File.WriteAllTextAsync(path + ".tmp", text);
    File.Move(path + ".tmp", path, overwrite: true);
}

Console.WriteLine(result.Markdown());
Console.Error.WriteLine($"[bench] wrote {Path.Combine(output, "migration-benchmark.md")} and .json; {(result.Passed ? "every cell and scenario completed with 0 failed and 0 lost calls" : "FAILED or LOST calls: see the report")}");
return result.Passed ? 0 : 1;

/// <summary>What the report says it does not measure, and why.</summary>
internal static class Notes
{
    public static readonly IReadOnlyList<string> All =
    [
        "Not measured here: the legacy sample on .NET Framework over net.pipe (Windows only: the .NET WCF client has no net.pipe binding, so on Windows the legacy rows are skipped with that reason).",
        "The legacy rows run the net472 sample on Mono over net.tcp at a reduced scale: Mono, behaviour reference, not WCF's speed (Mono sleeps 50 ms before every receive).",
        "The serializer and mapper micro-benchmarks (BenchmarkDotNet: DataContractSerializer vs the generated mappers + protobuf) are benchmarks/Serialization.Benchmarks.",
    ];
}
