using System.Globalization;
using System.Reflection;
using MigrateWcf.Generator.Benchmarks;
using static Measure;

/// <summary>
/// <c>--build-time [--contracts 250] [--rounds 5]</c>: what build-time generation (docs/build-time-generation.md) costs a
/// build, against the same migrated project with its generated files committed (<c>generate --committed</c>). Two inputs:
/// the legacy sample (samples/LegacyWcf's two projects) and a corpus of N generated contracts (the engine benchmark's).
/// Each is generated three ways into its own folder: committed; build-time with the engine named by path
/// (<c>MigrateWcfEngine</c>, as the MigrateWcf.Build package gives it); build-time as this repository's projects are,
/// the engine's project built by the targets. Every project is restored and built once, then each round, in a rotating
/// order: a full build of the project (its bin/ and obj/ output for Release removed; restore kept, references up to
/// date), a no-change build, and, after one original source is touched (a newline added, in a copy), a build. Release, as the solution built tool/
/// and runtime/ (build the solution in Release first).
/// </summary>
internal static class BuildTimeRun
{
    private sealed record Variant(string Name, string Project, string[] Properties);

    /// <param name="corpusOnly">Only the corpus, committed against the engine by path, full and no-change builds: a full build
    /// of 250 contracts takes minutes here (a protoc run per .proto file, then a large compile).</param>
    /// <param name="noChangeOnly">No-change builds only (after the warm-up build each project gets anyway).</param>
    /// <param name="compilerServer">The <c>UseSharedCompilation</c> property every build gets (Program.cs: the server unless --no-server).</param>
    /// <param name="sampleOnly">Only the legacy sample (all three variants, every kind of build).</param>
    public static int Run(string repository, int contracts, int rounds, bool corpusOnly, bool sampleOnly, bool noChangeOnly, string compilerServer)
    {
        var tool = typeof(BuildTimeRun).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>().Single(a => a.Key == "MigrateWcfToolAssembly").Value!;
        if (!File.Exists(tool))
        {
            Console.Error.WriteLine($"No {tool}: build the solution first (dotnet build Migration.sln -c Release).");
            return 3;
        }

        var root = Directory.CreateTempSubdirectory("migrate-wcf-build-time-bench-").FullName;
        try
        {
            var files = CorpusGenerator.Generate(Path.Combine(root, "src"), contracts);
            // A copy, which the rounds may touch: the legacy contracts and services, without their bin/ and obj/.
            var legacy = Path.Combine(root, "LegacyWcf");
            foreach (var project in new[] { "Contracts", "Services" })
            {
                var from = Path.Combine(repository, "samples", "LegacyWcf", project);
                foreach (var file in Directory.EnumerateFiles(from, "*", SearchOption.AllDirectories)
                    .Where(f => !Path.GetRelativePath(from, f).Split(Path.DirectorySeparatorChar)[0].Equals("bin", StringComparison.Ordinal)
                        && !Path.GetRelativePath(from, f).Split(Path.DirectorySeparatorChar)[0].Equals("obj", StringComparison.Ordinal)))
                {
                    var to = Path.Combine(legacy, project, Path.GetRelativePath(from, file));
                    Directory.CreateDirectory(Path.GetDirectoryName(to)!);
                    File.Copy(file, to);
                }
            }

            var inputs = new (string Name, string ProjectName, string[] Paths, string? Touched)[]
            {
                ("the legacy sample", "LegacyWcf.Migrated",
                    [Path.Combine(legacy, "Contracts", "LegacyWcf.Contracts.csproj"), Path.Combine(legacy, "Services", "LegacyWcf.Services.csproj")],
                    Path.Combine(legacy, "Contracts", "ServiceContracts.cs")),
                ($"{contracts} contracts", "Corpus.Migrated", [Path.Combine(root, "src")],
                    corpusOnly ? null : Directory.EnumerateFiles(Path.Combine(root, "src"), "*.cs", SearchOption.AllDirectories).Order(StringComparer.Ordinal).First()),
            };
            if (corpusOnly)
            {
                inputs = inputs[1..];
            }
            else if (sampleOnly)
            {
                inputs = inputs[..1];
            }

            Console.WriteLine("# Build-time generation against committed generated files");
            Console.WriteLine();
            Console.WriteLine((corpusOnly ? $"{contracts} generated contracts ({files} files);" : sampleOnly ? "The legacy sample;" : $"The legacy sample and {contracts} generated contracts ({files} files);") + $" {rounds} rounds after one warm-up build each, the order rotating; Release; {Environment.ProcessorCount} cores, load average {LoadAverage()} at start, {DateTime.UtcNow:yyyy-MM-dd HH:mm} UTC.");
            Console.WriteLine(compilerServer.EndsWith("true", StringComparison.Ordinal) ? "Every build compiles in the SDK's compiler server, as by default (UseSharedCompilation=true)." : "Every build compiles in a csc process of its own (--no-server: UseSharedCompilation=false).");
            Console.WriteLine();
            foreach (var input in inputs)
            {
                var variants = new List<Variant>
                {
                    new("committed", Generate(root, tool, repository, input.Paths, input.ProjectName, "committed", committed: true), [compilerServer]),
                    new("build-time, engine by path", Generate(root, tool, repository, input.Paths, input.ProjectName, "by-path", committed: false), [$"-p:MigrateWcfEngine={tool}", compilerServer]),
                };
                if (!corpusOnly)
                {
                    variants.Add(new("build-time, engine's project built", Generate(root, tool, repository, input.Paths, input.ProjectName, "by-project", committed: false), [compilerServer]));
                }

                Compare(input.Name, noChangeOnly ? null : input.Touched, [.. variants], rounds, noChangeOnly);
            }

            return 0;
        }
        finally
        {
            Directory.Delete(root, recursive: true);
        }
    }

    private static string Generate(string root, string tool, string repository, string[] inputs, string projectName, string folder, bool committed)
    {
        var output = Path.Combine(root, projectName + "-" + folder);
        string[] arguments =
        [
            "exec", tool, "generate", .. inputs, "--project-name", projectName,
            "--runtime-project", Path.Combine(repository, "runtime", "MigrateWcf.Runtime.csproj"), "--no-host", "--no-verify",
            .. committed ? ["--committed"] : Array.Empty<string>(), "--out",
        ];
        Measure.Run(output, arguments);
        return Path.Combine(output, projectName + ".csproj");
    }

    /// <param name="touched">The original source a round touches before its third build; null: no such build.</param>
    private static void Compare(string input, string? touched, Variant[] variants, int rounds, bool noChangeOnly)
    {
        foreach (var variant in variants)
        {
            Measure.Run(variant.Project, "restore");
            Measure.Run(variant.Project, ["build", "--no-restore", "-c", "Release", "-nologo", .. variant.Properties]);
        }

        string[] kinds = noChangeOnly ? ["no-change build"] : touched is null ? ["full build", "no-change build"] : ["full build", "no-change build", "build after one original source is touched"];
        var times = kinds.ToDictionary(k => k, _ => variants.ToDictionary(v => v.Name, _ => new List<double>()));
        for (var round = 0; round < rounds; round++)
        {
            var order = variants.Skip(round % variants.Length).Concat(variants.Take(round % variants.Length)).ToList();
            foreach (var variant in order)
            {
                if (noChangeOnly)
                {
                    times[kinds[0]][variant.Name].Add(Build(variant));
                    continue;
                }

                var folder = Path.GetDirectoryName(variant.Project)!;
                foreach (var output in new[] { Path.Combine(folder, "bin", "Release"), Path.Combine(folder, "obj", "Release") }.Where(Directory.Exists))
                {
                    Directory.Delete(output, recursive: true);
                }

                times[kinds[0]][variant.Name].Add(Build(variant));
                times[kinds[1]][variant.Name].Add(Build(variant));
            }

            if (touched is not null)
            {
                File.AppendAllText(touched, "\n");
                foreach (var variant in order)
                {
                    times[kinds[2]][variant.Name].Add(Build(variant));
                }
            }

            Console.Error.WriteLine($"{input}: round {round + 1} of {rounds} done");
        }

        Console.WriteLine($"## {input}");
        Console.WriteLine();
        Console.WriteLine("| Build | Project | Median s | Min s | Max s | ÷ committed (medians) | ÷ committed, per round |");
        Console.WriteLine("|---|---|---:|---:|---:|---:|---|");
        foreach (var kind in kinds)
        {
            var committed = times[kind][variants[0].Name];
            foreach (var variant in variants)
            {
                var mine = times[kind][variant.Name];
                var perRound = string.Join(", ", mine.Zip(committed, (a, b) => (a / b).ToString("F2", CultureInfo.InvariantCulture)));
                Console.WriteLine($"| {kind} | {variant.Name} | {Median(mine):F2} | {mine.Min():F2} | {mine.Max():F2} | {Median(mine) / Median(committed):F3} | {perRound} |");
            }
        }

        Console.WriteLine();
    }

    private static double Build(Variant variant) => Measure.Run(variant.Project, ["build", "--no-restore", "-c", "Release", "-nologo", .. variant.Properties]).Seconds;
}
