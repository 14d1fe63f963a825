using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using MigrateWcf.Generator.Corpus.Tests.Infrastructure;

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
            var seed = StableSeed(name, mutant);
            var sources = Mutate(scenario.Sources, new Random(seed), out var description);
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

    /// <summary>Deletes between 1 and 6 tokens (a single token or a short run) from one or more files.</summary>
    private static List<(string Path, string Text)> Mutate(IReadOnlyList<(string Path, string Text)> sources, Random random, out string description)
    {
        var mutated = sources.ToList();
        var deletions = random.Next(1, 7);
        var notes = new List<string>();
        for (var d = 0; d < deletions; d++)
        {
            var fileIndex = random.Next(mutated.Count);
            var (path, text) = mutated[fileIndex];
            var tokens = CSharpSyntaxTree.ParseText(text).GetRoot().DescendantTokens().Where(t => t.Span.Length > 0).ToList();
            if (tokens.Count == 0)
            {
                continue;
            }

            var first = random.Next(tokens.Count);
            var run = random.Next(4) == 0 ? random.Next(2, 6) : 1;
            var last = Math.Min(tokens.Count - 1, first + run - 1);
            var span = TextSpanOf(tokens[first], tokens[last]);
            notes.Add($"{path}: deleted '{Shorten(text.Substring(span.Start, span.Length))}' at {span.Start}");
            mutated[fileIndex] = (path, text.Remove(span.Start, span.Length));
        }

        description = string.Join("; ", notes);
        return mutated;
    }

    private static Microsoft.CodeAnalysis.Text.TextSpan TextSpanOf(SyntaxToken first, SyntaxToken last)
        => Microsoft.CodeAnalysis.Text.TextSpan.FromBounds(first.Span.Start, last.Span.End);

    private static string Shorten(string text) => text.Length <= 40 ? text : text[..40] + "…";

    // string.GetHashCode is randomized per process; failures must reproduce.
    private static int StableSeed(string name, int mutant)
    {
        var hash = 17;
        foreach (var c in name)
        {
            hash = unchecked((hash * 31) + c);
        }

        return unchecked((hash * 31) + mutant) & int.MaxValue;
    }
}
