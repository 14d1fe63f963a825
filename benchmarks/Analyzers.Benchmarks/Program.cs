// Usage: dotnet run -c Release --project benchmarks/Analyzers.Benchmarks -- [--contracts 250] [--rounds 5] [--keep] [--no-wcf] [--no-server]
//        [--baseline-package PATH.nupkg]
//        --engine [--engine-baseline PATH/MigrateWcf.Generator.dll]: the engine's whole run in-process instead (EngineRun.cs)
//        --no-wcf: the same number of files of plain C# and no WCF reference, with and without the analyzers, and with them
//                  forced in (MigrateWcfAnalyzeWithoutWcf=true)
//        --build-time [--corpus-only | --sample-only] [--no-change-only]: build-time generation against committed generated files,
//                  real builds (BuildTimeRun.cs), in the compiler server unless --no-server
//
// Generates a net472 WCF project of N contracts (3 files each, the engine benchmark's corpus) twice: once referencing
// the MigrateWcf.Analyzers package from artifacts/packages, once not; restores both, builds each once to warm up, then
// rebuilds them alternately (`dotnet build --no-restore --no-incremental`), so machine load hits both alike. Reports
// the median wall time of each and their ratio, and, from one more build each, the analyzers' own time as the compiler
// reports it (ReportAnalyzer; the timed builds run without it, as users do).
// --baseline-package: another build of the package (e.g. the previous commit's, copied aside), built as a third project
// in the same rounds (restored from its own folder into its own packages folder, since it has the same id and version),
// so before and after are compared in one interleaved run.
using System.Diagnostics;
using System.Globalization;
using System.Reflection;
using System.Text;
using System.Text.RegularExpressions;
using System.Xml.Linq;
using MigrateWcf.Generator.Benchmarks;
using static Measure;

var contracts = IntArgument(args, "--contracts", 250);
var rounds = IntArgument(args, "--rounds", 5);
var keep = args.Contains("--keep");
var noWcf = args.Contains("--no-wcf");
// The SDK compiles in its compiler server (VBCSCompiler) unless told not to, so the analyzers are loaded and compiled to
// native code once per server, not once per build. This machine's environment sets UseSharedCompilation=false, so each
// build says which it measures: the server (what a developer gets), or with --no-server a csc process per build (a CI
// agent that turns the server off).
var noServer = args.Contains("--no-server");
var compilerServer = noServer ? "-p:UseSharedCompilation=false" : "-p:UseSharedCompilation=true";
if (args.Contains("--build-time"))
{
    return BuildTimeRun.Run(
        typeof(Program).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>().Single(a => a.Key == "RepositoryRoot").Value!, contracts, rounds, args.Contains("--corpus-only"), args.Contains("--sample-only"), args.Contains("--no-change-only"), compilerServer);
}

if (args.Contains("--engine"))
{
    var engineBaseline = Array.IndexOf(args, "--engine-baseline");
    return EngineRun.Run(contracts, rounds, engineBaseline >= 0 && engineBaseline + 1 < args.Length ? args[engineBaseline + 1] : null);
}

var baselineIndex = Array.IndexOf(args, "--baseline-package");
var baselinePackage = baselineIndex >= 0 && baselineIndex + 1 < args.Length ? Path.GetFullPath(args[baselineIndex + 1]) : null;
if (baselinePackage is not null && !File.Exists(baselinePackage))
{
    Console.Error.WriteLine($"--baseline-package: '{baselinePackage}' does not exist.");
    return 2;
}

var repository = typeof(Program).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>().Single(a => a.Key == "RepositoryRoot").Value!;
var packages = Path.Combine(repository, "artifacts", "packages");
var package = Directory.EnumerateFiles(packages, "MigrateWcf.Analyzers.*.nupkg").SingleOrDefault();
if (package is null)
{
    Console.Error.WriteLine($"No MigrateWcf.Analyzers package in {packages}: build the solution (or analyzer/package) first.");
    return 3;
}

var packageVersion = Path.GetFileNameWithoutExtension(package)["MigrateWcf.Analyzers.".Length..];
var referenceAssemblies = XDocument.Load(Path.Combine(repository, "Directory.Packages.props")).Descendants("PackageVersion")
    .Single(p => (string?)p.Attribute("Include") == "Microsoft.NETFramework.ReferenceAssemblies").Attribute("Version")!.Value;

var root = Directory.CreateTempSubdirectory("migrate-wcf-analyzer-bench-").FullName;
try
{
    // --no-wcf: as many files of plain C# (the corpus's helpers), and no WCF reference: what the analyzers cost a project
    // that is not a WCF one (they should find nothing to do, WcfCompilation).
    var files = noWcf
        ? CorpusGenerator.Generate(Path.Combine(root, "src"), contracts: 0, totalFiles: 3 * contracts)
        : CorpusGenerator.Generate(Path.Combine(root, "src"), contracts);
    var with = WriteProject(root, "WithAnalyzers", packages);
    var without = WriteProject(root, "WithoutAnalyzers", packageSource: null);
    // Each build measured besides the one without analyzers: (project, what the table calls it).
    var others = new List<(string Project, string Label)> { (with, "with MigrateWcf.Analyzers") };
    if (noWcf)
    {
        // The package keeps its analyzers from the compiler in a project without WCF (MigrateWcf_DropAnalyzersWithoutWcf);
        // forced in, they show what that saves.
        others.Add((WriteProject(root, "WithAnalyzersForced", packages, "<MigrateWcfAnalyzeWithoutWcf>true</MigrateWcfAnalyzeWithoutWcf>"), "with MigrateWcf.Analyzers forced in (MigrateWcfAnalyzeWithoutWcf=true)"));
    }

    if (baselinePackage is not null)
    {
        var source = Directory.CreateDirectory(Path.Combine(root, "baseline-source")).FullName;
        File.Copy(baselinePackage, Path.Combine(source, Path.GetFileName(baselinePackage)));
        others.Add((WriteProject(root, "WithBaselineAnalyzers", source), $"with the baseline package ({Path.GetFileName(baselinePackage)})"));
    }

    var projects = others.Select(o => o.Project).Prepend(without).ToArray();
    Console.WriteLine($"# Build time with and without MigrateWcf.Analyzers {packageVersion}");
    Console.WriteLine();
    Console.WriteLine(noServer ? "Each build compiles in a csc process of its own (--no-server: UseSharedCompilation=false)." : "Each build compiles in the SDK's compiler server, as by default (UseSharedCompilation=true).");
    Console.WriteLine((noWcf ? $"No WCF: {files} files of plain C# (net472, no System.ServiceModel reference)" : $"{contracts} contracts in {files} files (net472, System.ServiceModel)") + $", {rounds} interleaved rounds after one warm-up build each; {Environment.ProcessorCount} cores, load average {LoadAverage()} at start, {DateTime.UtcNow:yyyy-MM-dd HH:mm} UTC.");
    Console.WriteLine();

    foreach (var project in projects)
    {
        Run(project, "restore");
        var warm = Run(project, "build", "--no-restore", "--no-incremental", compilerServer);
        if (project == with && !noWcf && !warm.Output.Contains("WCFM", StringComparison.Ordinal))
        {
            Console.Error.WriteLine("The build with the analyzers printed no WCFM diagnostic: the analyzers did not run.");
            return 1;
        }
    }

    // The timed builds are what a user runs: no ReportAnalyzer (it times every analyzer action) and no detailed log.
    var times = projects.ToDictionary(p => p, _ => new List<double>());
    for (var round = 0; round < rounds; round++)
    {
        // Rotate which goes first, so none always follows the same build.
        foreach (var project in projects.Skip(round % projects.Length).Concat(projects.Take(round % projects.Length)))
        {
            var result = Run(project, "build", "--no-restore", "--no-incremental", compilerServer);
            times[project].Add(result.Seconds);
            Console.Error.WriteLine($"round {round + 1}: {Path.GetFileName(Path.GetDirectoryName(project))} {result.Seconds:F2} s");
        }
    }

    var medianWithout = Median(times[without]);
    Console.WriteLine("| Build | Median s | Min s | Max s | Ratio of medians to without |");
    Console.WriteLine("|---|---:|---:|---:|---:|");
    Console.WriteLine($"| without analyzers | {medianWithout:F2} | {times[without].Min():F2} | {times[without].Max():F2} | 1 |");
    foreach (var (project, label) in others)
    {
        Console.WriteLine($"| {label} | {Median(times[project]):F2} | {times[project].Min():F2} | {times[project].Max():F2} | {Median(times[project]) / medianWithout:F3} |");
    }

    Console.WriteLine();
    foreach (var (project, label) in others)
    {
        var ratio = Median(times[project]) / medianWithout;
        // One more build with ReportAnalyzer, untimed, says how long the compiler spent in the analyzers.
        var report = Run(project, "build", "--no-restore", "--no-incremental", compilerServer, "-p:ReportAnalyzer=true", "-v:d").Output;
        var handed = Regex.IsMatch(report, @"/analyzer:\S*MigrateWcf\.Analyzers\.dll");
        var seconds = MigrateWcfAnalyzerSeconds(report);
        Console.WriteLine($"{label}: ratio of medians {ratio:F3} ({(ratio - 1) * 100:+0.0;-0.0}% build time); per round (same round, ÷ without) {string.Join(", ", times[project].Zip(times[without], (a, b) => (a / b).ToString("F3", CultureInfo.InvariantCulture)))}; "
            + (!handed ? "the compiler was given no MigrateWcf analyzer (its command line, one more build)."
                : double.IsNaN(seconds) ? "the compiler was given the analyzers and reports no time for them (ReportAnalyzer, one more build)."
                : $"the analyzers' own time as the compiler reports it (ReportAnalyzer, one more build): {seconds:F3} s."));
    }

    return 0;
}
finally
{
    if (keep)
    {
        Console.Error.WriteLine($"kept {root}");
    }
    else
    {
        Directory.Delete(root, recursive: true);
    }
}

// packageSource: the folder MigrateWcf.Analyzers is restored from (each its own packages folder), or null for none.
// extraProperties: more of the PropertyGroup, as XML.
string WriteProject(string root, string name, string? packageSource, string extraProperties = "")
{
    var analyzers = packageSource is not null;
    var folder = Directory.CreateDirectory(Path.Combine(root, name)).FullName;
    var path = Path.Combine(folder, $"{name}.csproj");
    File.WriteAllText(path, $"""
        <Project Sdk="Microsoft.NET.Sdk">
          <PropertyGroup>
            <TargetFramework>net472</TargetFramework>
            <LangVersion>7.3</LangVersion>
            <OutputType>Library</OutputType>
            <EnableDefaultCompileItems>false</EnableDefaultCompileItems>
            <RestoreAdditionalProjectSources>{packageSource ?? packages}</RestoreAdditionalProjectSources>
            <RestorePackagesPath>{Path.Combine(root, ".packages-" + name)}</RestorePackagesPath>
            <NoWarn>$(NoWarn);CS1591</NoWarn>
            {extraProperties}
          </PropertyGroup>
          <ItemGroup>
            <Compile Include="../src/**/*.cs" />
            {(noWcf ? string.Empty : "<Reference Include=\"System.ServiceModel\" /><Reference Include=\"System.Runtime.Serialization\" />")}
            <PackageReference Include="Microsoft.NETFramework.ReferenceAssemblies" Version="{referenceAssemblies}" PrivateAssets="all" />
            {(analyzers ? $"<PackageReference Include=\"MigrateWcf.Analyzers\" Version=\"{packageVersion}\" PrivateAssets=\"all\" />" : string.Empty)}
          </ItemGroup>
        </Project>
        """);
    return path;
}

// ReportAnalyzer (at detailed verbosity) prints per analyzer assembly "   1.195  100   MigrateWcf.Analyzers, Version=..." (seconds, percent).
static double MigrateWcfAnalyzerSeconds(string output)
{
    var match = Regex.Match(output, @"^\s*(?<seconds>[\d.,]+)\s+\d+\s+MigrateWcf\.Analyzers, Version", RegexOptions.Multiline);
    return match.Success ? double.Parse(match.Groups["seconds"].Value.Replace(",", string.Empty, StringComparison.Ordinal), CultureInfo.InvariantCulture) : double.NaN;
}

static int IntArgument(string[] args, string name, int fallback)
{
    var index = Array.IndexOf(args, name);
    return index >= 0 && index + 1 < args.Length && int.TryParse(args[index + 1], out var value) && value > 0 ? value : fallback;
}
