using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Text;

namespace MigrateWcf.Tests.Shared;

/// <summary>
/// Broken code made from good code: random tokens deleted from a set of sources, seeded so that a failing mutant names
/// the seed that reproduces it. Used by every "never throws" test (the engine, the analyzers).
/// </summary>
public static class TokenDeletion
{
    /// <summary>Deletes between 1 and 6 tokens (a single token or a short run) from one or more files.</summary>
    public static List<(string Path, string Text)> Mutate(IReadOnlyList<(string Path, string Text)> sources, Random random, out string description)
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
            var span = TextSpan.FromBounds(tokens[first].Span.Start, tokens[last].Span.End);
            notes.Add($"{path}: deleted '{Shorten(text.Substring(span.Start, span.Length))}' at {span.Start}");
            mutated[fileIndex] = (path, text.Remove(span.Start, span.Length));
        }

        description = string.Join("; ", notes);
        return mutated;
    }

    /// <summary>A seed from a name and a mutant number that is the same in every process (string.GetHashCode is not).</summary>
    public static int StableSeed(string name, int mutant)
    {
        var hash = 17;
        foreach (var c in name)
        {
            hash = unchecked((hash * 31) + c);
        }

        return unchecked((hash * 31) + mutant) & int.MaxValue;
    }

    private static string Shorten(string text) => text.Length <= 40 ? text : text[..40] + "…";
}
