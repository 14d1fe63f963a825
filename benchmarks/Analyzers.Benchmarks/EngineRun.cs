using System.Diagnostics;
using System.Globalization;
using System.Reflection;
using System.Runtime.Loader;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using MigrateWcf.Generator;
using MigrateWcf.Generator.Benchmarks;
using MigrateWcf.Tests.Shared;
using static Measure;

/// <summary>
/// <c>--engine [--engine-baseline MigrateWcf.Generator.dll]</c>: what the analyzers' one whole-compilation run costs
/// in-process, against the compiler's own binding of the same compilation: <see cref="CompilationAnalysis"/> on a
/// compilation the compiler has bound (<c>GetDiagnostics</c> first) and on an unbound one (which binds the attributes it
/// reads itself). With a baseline engine (another build's MigrateWcf.Generator.dll, loaded into its own load context),
/// both engines run alternately on fresh compilations of the same corpus, so before and after are compared in one run.
/// After each bound whole run, the same analysis is asked for every document's hosting and runtime code, as the
/// analyzers' document action does in a build: the rest of what a build asks of the engine.
/// </summary>
internal static class EngineRun
{
    public static int Run(int contracts, int rounds, string? baselinePath)
    {
        var folder = Directory.CreateTempSubdirectory("migrate-wcf-analyzer-engine-").FullName;
        List<SyntaxTree> trees;
        try
        {
            var files = CorpusGenerator.Generate(folder, contracts);
            var parse = new CSharpParseOptions(LanguageVersion.CSharp7_3);
            trees = Directory.EnumerateFiles(folder, "*.cs", SearchOption.AllDirectories).Order(StringComparer.Ordinal)
                .Select(p => CSharpSyntaxTree.ParseText(File.ReadAllText(p), parse, p)).ToList();
            Console.WriteLine($"# The analyzers' whole-compilation run, in-process");
            Console.WriteLine();
            Console.WriteLine($"{contracts} contracts in {files} files, {rounds} rounds after 2 warm-up rounds; {Environment.ProcessorCount} cores, load average {LoadAverage()} at start, {DateTime.UtcNow:yyyy-MM-dd HH:mm} UTC.");
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }

        CSharpCompilation NewCompilation() => CSharpCompilation.Create("Bench", trees, WcfTestCompilation.Net472References, new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary));
        var engines = new List<(string Name, Engine Whole)> { ("this build", new Engine(typeof(CompilationAnalysis).Assembly)) };
        if (baselinePath is not null)
        {
            var baseline = new BaselineContext(Path.GetFullPath(baselinePath)).LoadFromAssemblyName(new AssemblyName("MigrateWcf.Generator"));
            engines.Insert(0, ("baseline", new Engine(baseline)));
        }

        var compile = new List<double>();
        var bound = engines.ToDictionary(e => e.Name, _ => new List<double>());
        var cold = engines.ToDictionary(e => e.Name, _ => new List<double>());
        // The process's CPU time around each run, besides wall time: on a shared machine other processes stretch wall time,
        // far less the CPU time of this process, which runs nothing else meanwhile (the engine starts no threads).
        var boundCpu = engines.ToDictionary(e => e.Name, _ => new List<double>());
        var boundMegabytes = engines.ToDictionary(e => e.Name, _ => new List<double>());
        var code = engines.ToDictionary(e => e.Name, _ => new List<double>());
        var codeMegabytes = engines.ToDictionary(e => e.Name, _ => new List<double>());
        var codeFindings = new Dictionary<string, int>();
        var coldCpu = engines.ToDictionary(e => e.Name, _ => new List<double>());
        var process = Process.GetCurrentProcess();
        double Cpu()
        {
            process.Refresh();
            return process.TotalProcessorTime.TotalMilliseconds;
        }

        var findings = new Dictionary<string, int>();
        for (var round = 0; round < rounds + 2; round++)
        {
            foreach (var (name, whole) in round % 2 == 0 ? engines : Enumerable.Reverse(engines))
            {
                var compilation = NewCompilation();
                var clock = Stopwatch.StartNew();
                compilation.GetDiagnostics();
                var compileTime = clock.Elapsed.TotalMilliseconds;
                var cpu = Cpu();
                var allocatedBefore = GC.GetTotalAllocatedBytes(precise: true);
                clock.Restart();
                var analysis = whole.Create(compilation);
                findings[name] = whole.Outside(analysis);
                var boundTime = clock.Elapsed.TotalMilliseconds;
                var boundAllocated = (GC.GetTotalAllocatedBytes(precise: true) - allocatedBefore) / 1048576.0;
                var boundCpuTime = Cpu() - cpu;
                allocatedBefore = GC.GetTotalAllocatedBytes(precise: true);
                clock.Restart();
                codeFindings[name] = compilation.SyntaxTrees.Sum(tree => whole.Code(analysis, tree));
                var codeTime = clock.Elapsed.TotalMilliseconds;
                var codeAllocated = (GC.GetTotalAllocatedBytes(precise: true) - allocatedBefore) / 1048576.0;
                var unbound = NewCompilation();
                cpu = Cpu();
                clock.Restart();
                whole.Outside(whole.Create(unbound));
                var coldTime = clock.Elapsed.TotalMilliseconds;
                var coldCpuTime = Cpu() - cpu;
                if (round >= 2)
                {
                    compile.Add(compileTime);
                    bound[name].Add(boundTime);
                    cold[name].Add(coldTime);
                    boundCpu[name].Add(boundCpuTime);
                    boundMegabytes[name].Add(boundAllocated);
                    code[name].Add(codeTime);
                    codeMegabytes[name].Add(codeAllocated);
                    coldCpu[name].Add(coldCpuTime);
                }
            }
        }

        Console.WriteLine();
        Console.WriteLine("| Run | Median ms | Min ms | Max ms | Median CPU ms | Median MB allocated |");
        Console.WriteLine("|---|---:|---:|---:|---:|---:|");
        Console.WriteLine($"| compiler: GetDiagnostics | {Median(compile):F0} | {compile.Min():F0} | {compile.Max():F0} | | |");
        foreach (var (name, _) in engines)
        {
            Console.WriteLine($"| whole run ({name}), bound compilation | {Median(bound[name]):F0} | {bound[name].Min():F0} | {bound[name].Max():F0} | {Median(boundCpu[name]):F0} | {Median(boundMegabytes[name]):F1} |");
            Console.WriteLine($"| whole run ({name}), unbound compilation | {Median(cold[name]):F0} | {cold[name].Min():F0} | {cold[name].Max():F0} | {Median(coldCpu[name]):F0} | |");
            Console.WriteLine($"| every document's code ({name}), bound compilation | {Median(code[name]):F0} | {code[name].Min():F0} | {code[name].Max():F0} | | {Median(codeMegabytes[name]):F1} |");
        }

        Console.WriteLine();
        foreach (var (name, _) in engines)
        {
            Console.WriteLine($"Whole run ({name}) on a bound compilation ÷ the compiler's GetDiagnostics: {Median(bound[name]) / Median(compile):F3}; findings outside types: {findings[name]}; findings in the documents' code: {codeFindings[name]}.");
        }

        if (baselinePath is not null)
        {
            foreach (var (label, times) in new[] { ("bound", bound), ("unbound", cold), ("bound, CPU time", boundCpu), ("unbound, CPU time", coldCpu) })
            {
                Console.WriteLine($"This build ÷ baseline, {label} compilation: ratio of medians {Median(times["this build"]) / Median(times["baseline"]):F3}; per round {string.Join(", ", times["this build"].Zip(times["baseline"], (a, b) => (a / b).ToString("F2", CultureInfo.InvariantCulture)))}.");
            }

            if (findings["this build"] != findings["baseline"] || codeFindings["this build"] != codeFindings["baseline"])
            {
                Console.Error.WriteLine($"The two engines found different numbers of findings outside types ({findings["this build"]} against {findings["baseline"]}) or in code ({codeFindings["this build"]} against {codeFindings["baseline"]}).");
                return 1;
            }
        }

        return 0;
    }

    /// <summary>
    /// One build's CompilationAnalysis, called through reflection so another build's engine runs the same way: Create,
    /// FindingsOutsideTypes (which makes the whole run) and CodeFindingsIn, each giving a count of findings.
    /// </summary>
    private sealed class Engine
    {
        private readonly MethodInfo _create;
        private readonly MethodInfo _outside;
        private readonly MethodInfo _code;

        public Engine(Assembly engine)
        {
            var type = engine.GetType(typeof(CompilationAnalysis).FullName!, throwOnError: true)!;
            _create = type.GetMethod(nameof(CompilationAnalysis.Create))!;
            _outside = type.GetMethod(nameof(CompilationAnalysis.FindingsOutsideTypes))!;
            _code = type.GetMethod(nameof(CompilationAnalysis.CodeFindingsIn))!;
        }

        public object Create(Compilation compilation) => _create.Invoke(null, [compilation]) ?? throw new InvalidOperationException("the corpus references no WCF");

        public int Outside(object analysis) => Length(_outside.Invoke(analysis, [CancellationToken.None])!);

        public int Code(object analysis, SyntaxTree tree) => Length(_code.Invoke(analysis, [tree, CancellationToken.None])!);

        private static int Length(object findings) => (int)findings.GetType().GetProperty("Length")!.GetValue(findings)!;
    }

    /// <summary>Loads the baseline engine by itself; Roslyn and everything else come from the default context, shared with this build's engine.</summary>
    private sealed class BaselineContext(string path) : AssemblyLoadContext("baseline engine")
    {
        protected override Assembly? Load(AssemblyName assemblyName)
            => assemblyName.Name == "MigrateWcf.Generator" ? LoadFromAssemblyPath(path) : null;
    }
}
