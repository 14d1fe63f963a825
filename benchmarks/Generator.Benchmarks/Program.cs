// Generator benchmark: discovery + mapping + emission over a generated corpus (1,000 contracts, 3,000 files by default),
// the engine alone in-process (time and allocations) and `migrate-wcf analyze <folder>` end to end as its own process.
// Usage: dotnet run -c Release --project benchmarks/Generator.Benchmarks -- [--contracts 1000] [--files N] [--iterations 5] [--warmup 2] [--keep] [--csharp]
// --files N: plain C# files (no WCF) are added until the corpus has N files (issue 15's case: --contracts 250 --files 3000).
// --baseline-tool PATH: another build's migrate-wcf.dll (e.g. the previous commit's), run alternately with this one on the same corpus.
//        [--projects]: the corpus's 40 module folders become 40 SDK-style projects, and `analyze` runs in-process with the
//        projects mapped one at a time and side by side, alternated, to decide the tool's project parallelism.
// --csharp: the engine emits the migrated service's C# too (EngineOptions.CSharp), as `generate` does.
// Runs with the tool's runtime settings (workstation GC, no tiered PGO; see the .csproj).
using System.Diagnostics;
using System.Reflection;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using MigrateWcf.Generator;
using MigrateWcf.Generator.Benchmarks;
using MigrateWcf.Tests.Shared;
using MigrateWcf.Tool.Cli;

var contracts = IntArgument(args, "--contracts", 1000);
var totalFiles = IntArgument(args, "--files", 0);
var baselineIndex = Array.IndexOf(args, "--baseline-tool");
var baselineTool = baselineIndex >= 0 && baselineIndex + 1 < args.Length ? Path.GetFullPath(args[baselineIndex + 1]) : null;
if (baselineTool is not null && !File.Exists(baselineTool))
{
    Console.Error.WriteLine($"--baseline-tool: '{baselineTool}' does not exist.");
    return 2;
}

var iterations = IntArgument(args, "--iterations", 5);
// Two warm-up runs: the second still carries the tier-1 JIT of Roslyn's and the engine's hot code, as the log shows.
var warmups = IntArgument(args, "--warmup", 2);
var toolRuns = IntArgument(args, "--tool-runs", 3);
var keep = args.Contains("--keep");
var verify = args.Contains("--verify");
var engineOnly = args.Contains("--engine-only");
var projects = args.Contains("--projects");
var options = args.Contains("--csharp") ? new EngineOptions { CSharp = new CSharpOptions() } : new EngineOptions();

var folder = Path.Combine(Path.GetTempPath(), $"migrate-wcf-bench-{contracts}-{Environment.ProcessId}");
if (Directory.Exists(folder))
{
    Directory.Delete(folder, recursive: true);
}

try
{
    var fileCount = CorpusGenerator.Generate(folder, contracts, projects, totalFiles);
    Console.Error.WriteLine($"corpus: {contracts} contracts, {fileCount} files{(projects ? $" in {CorpusGenerator.Modules} projects" : string.Empty)} in {folder}");

    // Parsing is the front end's job (the tool does it in parallel); measured for reference, not part of the engine figure.
    var parseWatch = Stopwatch.StartNew();
    var parseOptions = new CSharpParseOptions(LanguageVersion.Latest);
    var trees = Directory.EnumerateFiles(folder, "*.cs", SearchOption.AllDirectories).Order(StringComparer.Ordinal)
        .AsParallel().AsOrdered()
        .Select(p => CSharpSyntaxTree.ParseText(File.ReadAllText(p), parseOptions, p))
        .ToList();
    parseWatch.Stop();
    var references = WcfTestCompilation.Net472References;
    CSharpCompilation NewCompilation() => CSharpCompilation.Create("BenchCorpus", trees, references, new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary));

    if (verify)
    {
        // The corpus must be code a WCF project compiles; a binding error would make the figures meaningless.
        var errors = NewCompilation().GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error).ToList();
        Console.Error.WriteLine($"corpus compiles with {errors.Count} errors{string.Concat(errors.Take(5).Select(e => Environment.NewLine + "  " + e))}");
        if (errors.Count > 0)
        {
            return 1;
        }
    }

    // Fresh compilation each time: Roslyn binds lazily, so the engine pays for binding what it reads, as in a real run.
    var fresh = new List<Sample>();
    EngineResult? result = null;
    for (var i = 0; i < iterations + warmups; i++)
    {
        var compilation = NewCompilation();
        var sample = Measure(() => result = MigrationEngine.Run(compilation, options));
        if (i >= warmups)
        {
            fresh.Add(sample);
        }

        Console.Error.WriteLine($"engine (fresh compilation) run {i}{(i < warmups ? " (warm-up)" : string.Empty)}: {sample.Elapsed.TotalMilliseconds:F0} ms, {sample.AllocatedBytes / 1048576.0:F0} MB");
    }

    // Same compilation again: what the engine's own logic costs once Roslyn's symbols are bound and cached.
    var warmCompilation = NewCompilation();
    MigrationEngine.Run(warmCompilation, options);
    var warm = Enumerable.Range(0, iterations).Select(_ => Measure(() => MigrationEngine.Run(warmCompilation, options))).ToList();

    // Where the engine's time goes: discovery (reads symbols) versus mapping + emission.
    var discoveryCompilation = NewCompilation();
    var discovery = Measure(() => MigrationEngine.Discover(discoveryCompilation));
    Console.Error.WriteLine($"discovery alone (fresh compilation): {discovery.Elapsed.TotalMilliseconds:F0} ms, {discovery.AllocatedBytes / 1048576.0:F0} MB");

    // Mapping + emission alone, through the public entry point that maps an already discovered model.
    var discoveredModel = result!.Model;
    var mapping = Enumerable.Range(0, iterations).Select(_ => Measure(() => MigrationEngine.Map(discoveredModel, [], options))).ToList();

    var summary = result!.Summary;
    Console.Error.WriteLine($"engine found {summary.ServiceContracts} contracts, {summary.Operations} operations, {summary.DataTypes} data types, {result.ProtoFiles.Length} .proto files, {result.CSharpFiles.Length} C# files, {result.Findings.Length} findings");

    var toolAssembly = typeof(CorpusGenerator).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>()
        .Single(a => a.Key == "MigrateWcfToolAssembly").Value!;
    var toolSamples = new List<TimeSpan>();
    var baselineSamples = new List<TimeSpan>();
    var toolExit = 0;
    var baselineExit = 0;
    for (var i = 0; i < (engineOnly ? 0 : toolRuns); i++)
    {
        var (elapsed, exitCode) = RunTool(toolAssembly, folder);
        toolSamples.Add(elapsed);
        toolExit = exitCode;
        Console.Error.WriteLine($"migrate-wcf analyze run {i + 1}: {elapsed.TotalMilliseconds:F0} ms (exit {exitCode}, load average {LoadAverage()})");
        if (baselineTool is not null)
        {
            // Alternated with this build's runs, so both see the same machine load.
            var (baselineElapsed, baselineExitCode) = RunTool(baselineTool, folder);
            baselineSamples.Add(baselineElapsed);
            baselineExit = baselineExitCode;
            Console.Error.WriteLine($"baseline migrate-wcf analyze run {i + 1}: {baselineElapsed.TotalMilliseconds:F0} ms (exit {baselineExitCode}, load average {LoadAverage()})");
        }
    }

    // The tool over the projects, in-process (one JIT, one machine state): one project at a time against side by side,
    // alternated so both see the same load.
    // The same sources without project files, one compilation, for what one compilation per project costs.
    var sequentialTool = new List<(TimeSpan Wall, TimeSpan Cpu)>();
    var parallelTool = new List<(TimeSpan Wall, TimeSpan Cpu)>();
    var singleTool = new List<(TimeSpan Wall, TimeSpan Cpu)>();
    var flatFolder = folder + "-one-compilation";
    if (projects)
    {
        CorpusGenerator.Generate(flatFolder, contracts, totalFiles: totalFiles);
    }

    for (var i = 0; projects && i < iterations + 1; i++)
    {
        foreach (var (name, input, parallelism, samples) in new[]
        {
            ("projects one at a time", folder, 1, sequentialTool),
            ("projects side by side", folder, Environment.ProcessorCount, parallelTool),
            ("one compilation", flatFolder, 1, singleTool),
        })
        {
            var elapsed = AnalyzeInProcess(input, parallelism);
            if (i > 0)
            {
                samples.Add(elapsed);
            }

            Console.Error.WriteLine($"analyze in-process, {name}, run {i}{(i == 0 ? " (warm-up)" : string.Empty)}: {elapsed.Wall.TotalMilliseconds:F0} ms, CPU {elapsed.Cpu.TotalMilliseconds:F0} ms (load average {LoadAverage()})");
        }
    }

    Console.WriteLine($"### Generator benchmark: {contracts:N0} contracts, {fileCount:N0} files ({Environment.ProcessorCount} cores, .NET {Environment.Version}, {(System.Runtime.GCSettings.IsServerGC ? "server" : "workstation")} GC, tiered PGO {(AppContext.TryGetSwitch("System.Runtime.TieredPGO", out var pgo) && !pgo ? "off" : "on")})");
    Console.WriteLine();
    Console.WriteLine("| Measurement | Median | Min | Max | Allocated (median) | Target |");
    Console.WriteLine("|---|---:|---:|---:|---:|---|");
    Console.WriteLine($"| Parse {fileCount:N0} files (parallel, front end; reference only) | {Ms(parseWatch.Elapsed)} | | | | |");
    Row($"Engine: discovery + mapping + emission, fresh compilation ({iterations} runs after {warmups} warm-up runs)", fresh, "< 2 s");
    Row($"Engine on an already-bound compilation ({iterations} runs)", warm, string.Empty);
    Row("of which discovery (symbols → contract model), fresh compilation, 1 run", [discovery], string.Empty);

    Row($"of which mapping + emission (contract model → .proto text, {iterations} runs)", mapping, string.Empty);

    if (toolSamples.Count > 0)
    {
        var sorted = toolSamples.Order().ToList();
        Console.WriteLine($"| `migrate-wcf analyze <folder>` as a process, end to end ({toolRuns} runs, exit {toolExit}) | {Ms(sorted[sorted.Count / 2])} | {Ms(sorted[0])} | {Ms(sorted[^1])} | | < 15 s |");
        if (baselineSamples.Count > 0)
        {
            var baseline = baselineSamples.Order().ToList();
            Console.WriteLine($"| the same with the baseline build (`--baseline-tool`, alternated; exit {baselineExit}) | {Ms(baseline[baseline.Count / 2])} | {Ms(baseline[0])} | {Ms(baseline[^1])} | | |");
            Console.WriteLine();
            Console.WriteLine($"This build / baseline (medians): {sorted[sorted.Count / 2].TotalMilliseconds / baseline[baseline.Count / 2].TotalMilliseconds:F2}. Load average at the end: {LoadAverage()}.");
        }
    }
    if (projects)
    {
        TimeRow($"`analyze` in-process, {CorpusGenerator.Modules} projects mapped one at a time ({iterations} runs, alternated)", sequentialTool);
        TimeRow($"`analyze` in-process, {CorpusGenerator.Modules} projects mapped {Environment.ProcessorCount} at a time ({iterations} runs, alternated)", parallelTool);
        TimeRow($"`analyze` in-process, the same files without project files: one compilation ({iterations} runs, alternated)", singleTool);
        Console.WriteLine();
        Console.WriteLine($"Side by side / one at a time (medians): wall {Median(parallelTool, s => s.Wall) / Median(sequentialTool, s => s.Wall):F2}, CPU {Median(parallelTool, s => s.Cpu) / Median(sequentialTool, s => s.Cpu):F2}; " +
                          $"one at a time / one compilation: wall {Median(sequentialTool, s => s.Wall) / Median(singleTool, s => s.Wall):F2}, CPU {Median(sequentialTool, s => s.Cpu) / Median(singleTool, s => s.Cpu):F2}. Load average at the end: {LoadAverage()}.");
    }

    Console.WriteLine();
    Console.WriteLine($"Engine output: {summary.ServiceContracts:N0} service contracts, {summary.Operations:N0} operations ({summary.OperationsMappedCleanly:N0} clean), {summary.DataTypes:N0} data types ({summary.DataTypesMappedCleanly:N0} clean), {result.ProtoFiles.Length:N0} .proto files, {result.Findings.Length:N0} findings.");
    return 0;
}
finally
{
    foreach (var created in new[] { folder, folder + "-one-compilation" })
    {
        if (!keep && Directory.Exists(created))
        {
            Directory.Delete(created, recursive: true);
        }
    }
}

static Sample Measure(Action action)
{
    GC.Collect();
    GC.WaitForPendingFinalizers();
    GC.Collect();
    var before = GC.GetTotalAllocatedBytes(precise: true);
    var watch = Stopwatch.StartNew();
    action();
    watch.Stop();
    return new Sample(watch.Elapsed, GC.GetTotalAllocatedBytes(precise: true) - before);
}

static (TimeSpan Elapsed, int ExitCode) RunTool(string toolAssembly, string folder)
{
    var start = new ProcessStartInfo("dotnet")
    {
        RedirectStandardOutput = true,
        RedirectStandardError = true,
        UseShellExecute = false,
    };
    start.ArgumentList.Add(toolAssembly);
    start.ArgumentList.Add("analyze");
    start.ArgumentList.Add(folder);
    start.ArgumentList.Add("--format");
    start.ArgumentList.Add("json");
    var watch = Stopwatch.StartNew();
    using var process = Process.Start(start)!;
    var stdout = process.StandardOutput.ReadToEndAsync();
    var stderr = process.StandardError.ReadToEndAsync();
    process.WaitForExit();
    watch.Stop();
    if (process.ExitCode is not (0 or 1))
    {
        throw new InvalidOperationException($"migrate-wcf analyze exited {process.ExitCode}: {stderr.Result}");
    }

    _ = stdout.Result;
    return (watch.Elapsed, process.ExitCode);
}

/// <summary>`migrate-wcf analyze` in this process: wall time, and the CPU time the process used (all threads).</summary>
static (TimeSpan Wall, TimeSpan Cpu) AnalyzeInProcess(string folder, int parallelism)
{
    var output = new StringWriter();
    var error = new StringWriter();
    var deps = new CliDependencies(output, error) { ProjectParallelism = parallelism };
    GC.Collect();
    GC.WaitForPendingFinalizers();
    var cpu = Process.GetCurrentProcess().TotalProcessorTime;
    var watch = Stopwatch.StartNew();
    var exitCode = MigrateWcfCommandLine.InvokeAsync(["analyze", folder, "--format", "json"], deps).GetAwaiter().GetResult();
    watch.Stop();
    cpu = Process.GetCurrentProcess().TotalProcessorTime - cpu;
    if (exitCode is not (0 or 1))
    {
        throw new InvalidOperationException($"migrate-wcf analyze exited {exitCode}: {error}");
    }

    return (watch.Elapsed, cpu);
}

static double Median(List<(TimeSpan Wall, TimeSpan Cpu)> samples, Func<(TimeSpan Wall, TimeSpan Cpu), TimeSpan> part)
    => samples.Select(part).Order().ElementAt(samples.Count / 2).TotalMilliseconds;

static string LoadAverage() => File.Exists("/proc/loadavg") ? File.ReadAllText("/proc/loadavg").Split(' ')[0] : "n/a";

static void TimeRow(string name, List<(TimeSpan Wall, TimeSpan Cpu)> samples)
{
    var times = samples.Select(s => s.Wall).Order().ToList();
    Console.WriteLine($"| {name} | {Ms(times[times.Count / 2])} | {Ms(times[0])} | {Ms(times[^1])} | CPU {Median(samples, s => s.Cpu):N0} ms | |");
}

static void Row(string name, List<Sample> samples, string target)
{
    var times = samples.Select(s => s.Elapsed).Order().ToList();
    var allocated = samples.Select(s => s.AllocatedBytes).Order().ToList();
    Console.WriteLine($"| {name} | {Ms(times[times.Count / 2])} | {Ms(times[0])} | {Ms(times[^1])} | {allocated[allocated.Count / 2] / 1048576.0:N0} MB | {target} |");
}

static string Ms(TimeSpan t) => $"{t.TotalMilliseconds:N0} ms";

static int IntArgument(string[] args, string name, int fallback)
{
    var index = Array.IndexOf(args, name);
    return index >= 0 && index + 1 < args.Length && int.TryParse(args[index + 1], out var value) && value > 0 ? value : fallback;
}

internal readonly record struct Sample(TimeSpan Elapsed, long AllocatedBytes);
