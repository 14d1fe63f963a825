using Microsoft.CodeAnalysis;
using MigrateWcf.Analyzers.Tests.Infrastructure;
using MigrateWcf.Generator;
using MigrateWcf.Tool.Cli;
using MigrateWcf.Tests.Shared;
using MigrateWcf.Tool.Input;

namespace MigrateWcf.Analyzers.Tests;

/// <summary>
/// Over every corpus scenario (the broken ones included), every analyzer together: no analyzer throws (no AD0001), and
/// the diagnostics are exactly what <c>migrate-wcf analyze</c> finds for the same compilation, place and message for
/// place and message. One engine, one answer.
/// </summary>
public class OneEngineOneAnswerTests
{
    public static TheoryData<string> Scenarios => Corpus.Scenarios();

    [Theory]
    [MemberData(nameof(Scenarios))]
    public async Task Analyzers_ReportWhatMigrateWcfAnalyzeFinds_AndNeverThrow(string scenario)
    {
        // The tool's own input reader and compiler, and its own analyze run over the same files.
        var input = InputResolver.Resolve(Corpus.Folder(scenario));
        var quiet = new CliDependencies(TextWriter.Null, TextWriter.Null);
        var compilation = SourceCompiler.Compile(input, new Progress(quiet, input.FileCount), CancellationToken.None).Single().Compilation;
        var tool = MigrationRun.Execute(input, lockFileText: _ => null, quiet, CancellationToken.None);
        // The .config files the tool passes to the engine, given to the analyzers as AdditionalFiles.
        var configs = input.Projects.Single().ConfigurationFiles.Select(p => new InMemoryAdditionalText(p, File.ReadAllText(p))).ToArray();

        var (diagnostics, exceptions) = await AllAnalyzers.RunAsync(compilation, configs);

        Assert.Empty(exceptions);
        Assert.DoesNotContain(diagnostics, d => d.Id == "AD0001");
        Assert.Equal(
            tool.Projects.Single().Result.Findings.Select(AllAnalyzers.Describe).Order(StringComparer.Ordinal),
            diagnostics.Select(AllAnalyzers.Describe).Order(StringComparer.Ordinal));
    }

    [Theory]
    [MemberData(nameof(Scenarios))]
    public async Task ConfigFilesAsAdditionalFiles_AreReportedAsTheEngineReadsThem(string scenario)
    {
        var folder = Corpus.Folder(scenario);
        var configs = Directory.EnumerateFiles(folder, "*.config", SearchOption.AllDirectories)
            .Where(f => !f.Contains($"{Path.DirectorySeparatorChar}expected{Path.DirectorySeparatorChar}", StringComparison.Ordinal))
            .Select(f => new ConfigurationFile(f, File.ReadAllText(f)))
            .ToList();
        var input = InputResolver.Resolve(folder);
        var compilation = SourceCompiler.Compile(input, new Progress(new CliDependencies(TextWriter.Null, TextWriter.Null), 0), CancellationToken.None).Single().Compilation;
        var engine = MigrationEngine.Run(compilation, new EngineOptions { ConfigurationFiles = configs });

        var (diagnostics, exceptions) = await AllAnalyzers.RunAsync(compilation, configs.Select(c => new InMemoryAdditionalText(c.Path, c.Text)).ToArray());

        Assert.Empty(exceptions);
        Assert.Equal(
            engine.Findings.Select(AllAnalyzers.Describe).Order(StringComparer.Ordinal),
            diagnostics.Select(AllAnalyzers.Describe).Order(StringComparer.Ordinal));
    }
}

/// <summary>
/// The analyzers never throw on code being typed: every corpus scenario with random tokens deleted (seeded, the same
/// mutator as the engine's robustness tests), every analyzer together, .config files included. No AD0001, no exception.
/// </summary>
public class AnalyzerRobustnessTests
{
    private const int MutantsPerScenario = 8;

    public static TheoryData<string> Scenarios => Corpus.Scenarios();

    [Theory]
    [MemberData(nameof(Scenarios))]
    public async Task MutantsWithDeletedTokens_NeverMakeAnAnalyzerThrow(string scenario)
    {
        var folder = Corpus.Folder(scenario);
        var sources = InputResolver.Resolve(folder).Projects.SelectMany(p => p.Files).Select(f => (Path: f, Text: File.ReadAllText(f))).ToList();
        var configs = Directory.EnumerateFiles(folder, "*.config", SearchOption.AllDirectories)
            .Where(f => !f.Contains($"{Path.DirectorySeparatorChar}expected{Path.DirectorySeparatorChar}", StringComparison.Ordinal))
            .Select(f => new InMemoryAdditionalText(f, File.ReadAllText(f)))
            .ToArray();
        var failures = new List<string>();
        for (var mutant = 0; mutant < MutantsPerScenario; mutant++)
        {
            var seed = TokenDeletion.StableSeed(scenario, mutant);
            var mutated = TokenDeletion.Mutate(sources, new Random(seed), out var description);
            var compilation = WcfTestCompilation.Create(mutated, withCoreWcf: scenario.StartsWith("CoreWcf/", StringComparison.Ordinal));

            var (diagnostics, exceptions) = await AllAnalyzers.RunAsync(compilation, configs);

            failures.AddRange(exceptions.Select(e => $"mutant {mutant} (seed {seed}; {description}): {e}"));
            failures.AddRange(diagnostics.Where(d => d.Id == "AD0001").Select(d => $"mutant {mutant} (seed {seed}; {description}): {d}"));
        }

        Assert.True(failures.Count == 0, $"{scenario}: {failures.Count} analyzer failure(s):\n{string.Join("\n\n", failures)}");
    }
}
