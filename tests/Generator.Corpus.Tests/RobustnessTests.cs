using MigrateWcf.Generator.Corpus.Tests.Infrastructure;
using MigrateWcf.Tests.Shared;

namespace MigrateWcf.Generator.Corpus.Tests;

/// <summary>
/// The engine never throws on bad code: each corpus scenario is mutated by deleting random tokens (seeded, so a
/// failure names a mutant that reproduces) and every mutant goes through <see cref="MigrationEngine.Run"/>.
/// Findings and any output are fine; an exception is a bug.
/// </summary>
public sealed class RobustnessTests
{
    private const int MutantsPerScenario = 8;

    public static TheoryData<string> Scenarios => CorpusScenario.Names();

    [Theory]
    [MemberData(nameof(Scenarios))]
    public void MutantsWithDeletedTokens_NeverCrashTheEngine(string name)
    {
        var scenario = CorpusScenario.Get(name);
        var failures = new List<string>();
        for (var mutant = 0; mutant < MutantsPerScenario; mutant++)
        {
            var seed = TokenDeletion.StableSeed(name, mutant);
            var sources = TokenDeletion.Mutate(scenario.Sources, new Random(seed), out var description);
            try
            {
                var result = EngineRun.Run(scenario.Compile(sources));
                if (result.Findings.IsDefault || result.ProtoFiles.IsDefault || result.LockFileText is null)
                {
                    failures.Add($"mutant {mutant} (seed {seed}; {description}): the result has a default array or a null lock file");
                }
            }
            catch (Exception e)
            {
                failures.Add($"mutant {mutant} (seed {seed}; {description}): {e.GetType().Name}: {e.Message}\n{e.StackTrace}");
            }
        }

        Assert.True(failures.Count == 0, $"{name}: the engine threw on {failures.Count} of {MutantsPerScenario} mutants:\n{string.Join("\n\n", failures)}");
    }

    [Theory]
    [MemberData(nameof(Scenarios))]
    public void EachFileAlone_NeverCrashesTheEngine(string name)
    {
        // One file of a multi-file scenario without the others: types and partial halves go missing.
        foreach (var source in CorpusScenario.Get(name).Sources)
        {
            var result = EngineRun.Run(CorpusScenario.Get(name).Compile([source]));
            Assert.False(result.Findings.IsDefault, $"{source.Path} alone: Findings is a default ImmutableArray");
        }
    }
}
