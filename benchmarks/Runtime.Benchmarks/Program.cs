using System.Reflection;
using MigrateWcf.Runtime.Benchmarks;

// Runtime benchmark. Usage: MigrateWcf.Runtime.Benchmarks [--quick] [--out DIR] [--only TEXT]
// Writes runtime-benchmark.md and runtime-benchmark.json to DIR (default: the repository's benchmarks/results).
// --profile-allocations instead writes allocation-profile.md: the types the rows --only selects allocate per call,
// client and server (default: the unary echo on a shared channel at 8 callers and the 1 MB echo).
// --rounds sets how many interleaved rounds each group of rows runs (default 5, --quick 2).
// --only runs just the rows whose name contains TEXT (plus the 1-caller floor), for profiling one row.
// With --serve (used internally) it is the server process instead.
if (args.Length > 0 && args[0] == "--serve")
{
    string Value(string flag) => args[Array.IndexOf(args, flag) + 1];
    return await BenchServer.RunAsync(Value("--grpc_socket"), Value("--raw_socket"), args.Contains("--profile"));
}

var quick = false;
int? rounds = null;
string? only = null;
var profileAllocations = false;
var output = typeof(Driver).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>().Single(a => a.Key == "DefaultResultsDirectory").Value!;
for (var i = 0; i < args.Length; i++)
{
    switch (args[i])
    {
        case "--quick":
            quick = true;
            break;
        case "--profile-allocations":
            profileAllocations = true;
            break;
        case "--rounds" when i + 1 < args.Length:
            rounds = int.Parse(args[++i], System.Globalization.CultureInfo.InvariantCulture);
            break;
        case "--only" when i + 1 < args.Length:
            only = args[++i];
            break;
        case "--out" when i + 1 < args.Length:
            output = Path.GetFullPath(args[++i]);
            break;
        default:
            Console.Error.WriteLine($"Unknown argument '{args[i]}'. Usage: [--quick] [--rounds N] [--out DIR] [--only TEXT] [--profile-allocations]");
            return 2;
    }
}

if (profileAllocations)
{
    var profile = await Driver.ProfileAllocationsAsync(quick, only);
    Directory.CreateDirectory(output);
    await File.WriteAllTextAsync(Path.Combine(output, "allocation-profile.md"), profile);
    Console.WriteLine(profile);
    return 0;
}

var scale = quick ? "quick" : "full";
var command = "dotnet run -c Release --project benchmarks/Runtime.Benchmarks --" + (args.Length > 0 ? " " + string.Join(' ', args) : "");
var loadBefore = Report.LoadAverage();
var rows = await Driver.RunAsync(quick, rounds, only);
var loadAfter = Report.LoadAverage();
var targets = Report.Judge(rows);
Directory.CreateDirectory(output);
var markdown = Report.Markdown(rows, targets, scale, command, loadBefore, loadAfter);
await File.WriteAllTextAsync(Path.Combine(output, "runtime-benchmark.md"), markdown);
await File.WriteAllTextAsync(Path.Combine(output, "runtime-benchmark.json"), Report.Json(rows, targets, scale, command, loadBefore, loadAfter));
Console.WriteLine(markdown);
Console.Error.WriteLine($"[bench] wrote {Path.Combine(output, "runtime-benchmark.md")} and .json");
return rows.Any(r => r.Failures > 0) ? 1 : 0;
