using System.Text;

namespace MigrateWcf.Generator.Corpus.Tests.Infrastructure;

/// <summary>A line diff (longest common subsequence) printed unified-style with a few lines of context.</summary>
public static class TextDiff
{
    private const int Context = 3;

    public static string Unified(string expected, string actual, string label)
    {
        var a = Lines(expected);
        var b = Lines(actual);
        var lcs = new int[a.Length + 1, b.Length + 1];
        for (var i = a.Length - 1; i >= 0; i--)
        {
            for (var j = b.Length - 1; j >= 0; j--)
            {
                lcs[i, j] = a[i] == b[j] ? lcs[i + 1, j + 1] + 1 : Math.Max(lcs[i + 1, j], lcs[i, j + 1]);
            }
        }

        var ops = new List<(char Kind, string Line)>();
        int x = 0, y = 0;
        while (x < a.Length || y < b.Length)
        {
            if (x < a.Length && y < b.Length && a[x] == b[y])
            {
                ops.Add((' ', a[x++]));
                y++;
            }
            else if (y < b.Length && (x == a.Length || lcs[x, y + 1] >= lcs[x + 1, y]))
            {
                ops.Add(('+', b[y++]));
            }
            else
            {
                ops.Add(('-', a[x++]));
            }
        }

        var text = new StringBuilder().Append("--- expected/").Append(label).Append('\n').Append("+++ actual/").Append(label).Append('\n');
        var lastPrinted = -1;
        for (var k = 0; k < ops.Count; k++)
        {
            if (ops[k].Kind == ' ')
            {
                continue;
            }

            var from = Math.Max(lastPrinted + 1, k - Context);
            if (from > lastPrinted + 1 && lastPrinted >= 0)
            {
                text.Append("@@\n");
            }

            for (var c = from; c < k; c++)
            {
                text.Append(' ').Append(ops[c].Line).Append('\n');
            }

            var end = k;
            while (end < ops.Count && (ops[end].Kind != ' ' || NextChangeWithin(ops, end)))
            {
                end++;
            }

            var stop = Math.Min(ops.Count, end + Context);
            for (var c = k; c < stop; c++)
            {
                text.Append(ops[c].Kind).Append(ops[c].Line).Append('\n');
            }

            lastPrinted = stop - 1;
            k = stop - 1;
        }

        return text.ToString();
    }

    // Joins two hunks when fewer than 2 × Context unchanged lines separate them.
    private static bool NextChangeWithin(List<(char Kind, string Line)> ops, int index)
    {
        for (var i = index; i < ops.Count && i < index + 2 * Context; i++)
        {
            if (ops[i].Kind != ' ')
            {
                return true;
            }
        }

        return false;
    }

    private static string[] Lines(string text) => text.Length == 0 ? [] : text.TrimEnd('\n').Split('\n');
}
