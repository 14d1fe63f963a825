using System.Collections.Generic;
using System.Linq;

namespace MigrateWcf.Generator.Emit;

/// <summary>
/// Breaks a line of C# longer than <see cref="CSharpWriter.Width"/> where a person would: before an expression body's
/// <c>=&gt;</c>, before a conditional's <c>?</c> (and <c>:</c>), else after the opening parenthesis of the longest
/// argument or parameter list (one item per line when they still do not fit). Continuation lines are indented one
/// level more. String and character literals are never broken; a line with no such place stays as it is.
/// </summary>
internal static class LineBreaks
{
    /// <summary>The lines <paramref name="line"/> becomes at <paramref name="column"/>, each with the levels it is
    /// indented beyond the first.</summary>
    public static List<(string Text, int Extra)> Split(string line, int column)
    {
        var lines = new List<(string Text, int Extra)>();
        Add(lines, line, column, 0);
        return lines;
    }

    private static void Add(List<(string Text, int Extra)> lines, string text, int column, int extra)
    {
        var start = column + extra * 4;
        if (start + text.Length <= CSharpWriter.Width || text.StartsWith("//", System.StringComparison.Ordinal) || text.StartsWith("#", System.StringComparison.Ordinal))
        {
            lines.Add((text, extra));
            return;
        }

        var marks = Scan(text);
        // An expression body breaks before its arrow; a lambda inside a list keeps its parameter beside the arrow.
        var arrow = extra == 0 ? marks.FirstOrDefault(m => m.Depth == 0 && m.Kind == MarkKind.Arrow) : default;
        if (arrow.Kind == MarkKind.Arrow)
        {
            lines.Add((text.Substring(0, arrow.At).TrimEnd(), extra));
            Add(lines, text.Substring(arrow.At + 1), column, extra + 1);
            return;
        }

        var question = marks.FirstOrDefault(m => m.Depth == 0 && m.Kind == MarkKind.Question);
        if (question.Kind == MarkKind.Question)
        {
            lines.Add((text.Substring(0, question.At).TrimEnd(), extra));
            var rest = text.Substring(question.At + 1);
            var colon = Scan(rest).FirstOrDefault(m => m.Depth == 0 && m.Kind == MarkKind.Colon);
            if (start + 4 + rest.Length <= CSharpWriter.Width || colon.Kind != MarkKind.Colon)
            {
                Add(lines, rest, column, extra + 1);
            }
            else
            {
                Add(lines, rest.Substring(0, colon.At).TrimEnd(), column, extra + 1);
                Add(lines, rest.Substring(colon.At + 1), column, extra + 1);
            }

            return;
        }

        // The outermost, longest list in parentheses: a call's arguments or a method's parameters.
        var lists = marks.Where(m => m.Kind == MarkKind.Open && m.End > m.At + 1).ToList();
        if (lists.Count == 0)
        {
            lines.Add((text, extra));
            return;
        }

        var outermost = lists.Min(m => m.Depth);
        var list = lists.Where(m => m.Depth == outermost).OrderByDescending(m => m.End - m.At).First();
        var inner = text.Substring(list.At + 1, list.End - list.At - 1);
        var tail = text.Substring(list.End);
        lines.Add((text.Substring(0, list.At + 1), extra));
        if (start + 4 + inner.Length + tail.Length <= CSharpWriter.Width)
        {
            lines.Add((inner + tail, extra + 1));
            return;
        }

        var commas = Scan(inner).Where(m => m.Depth == 0 && m.Kind == MarkKind.Comma).Select(m => m.At).ToList();
        var from = 0;
        foreach (var comma in commas)
        {
            Add(lines, inner.Substring(from, comma + 1 - from).Trim(), column, extra + 1);
            from = comma + 1;
        }

        Add(lines, inner.Substring(from).Trim() + tail, column, extra + 1);
    }

    private enum MarkKind
    {
        None,
        Arrow,
        Question,
        Colon,
        Comma,
        Open,
    }

    /// <param name="At">The index of the mark: the space before <c>=&gt;</c>, <c>?</c> or <c>:</c>; the comma; the
    /// opening parenthesis.</param>
    /// <param name="End">For an opening parenthesis, the index of its closing one.</param>
    private readonly record struct Mark(MarkKind Kind, int At, int Depth, int End = -1);

    /// <summary>The places a line may break, with their nesting depth in (), [], {} and type arguments.</summary>
    private static List<Mark> Scan(string text)
    {
        var marks = new List<Mark>();
        var open = new Stack<(char Bracket, int Mark)>();
        for (var i = 0; i < text.Length; i++)
        {
            var c = text[i];
            switch (c)
            {
                case '"':
                case '\'':
                    i = LiteralEnd(text, i);
                    break;
                // A list follows a name (a call, a declaration) or a type argument list; other parentheses group.
                case '(' when i > 0 && (char.IsLetterOrDigit(text[i - 1]) || text[i - 1] is '_' or '>'):
                    marks.Add(new Mark(MarkKind.Open, i, open.Count));
                    open.Push((c, marks.Count - 1));
                    break;
                case '(':
                case '[':
                case '{':
                    open.Push((c, -1));
                    break;
                // A type argument list: '<' right after a name, no space (the emitters space a comparison).
                case '<' when i > 0 && (char.IsLetterOrDigit(text[i - 1]) || text[i - 1] == '_') && i + 1 < text.Length && text[i + 1] != ' ' && text[i + 1] != '=':
                    open.Push((c, -1));
                    break;
                case ')':
                case ']':
                case '}':
                case '>' when open.Count > 0 && open.Peek().Bracket == '<':
                    if (open.Count == 0)
                    {
                        return marks;
                    }

                    var (_, mark) = open.Pop();
                    if (mark >= 0)
                    {
                        marks[mark] = marks[mark] with { End = i };
                    }

                    break;
                case ',':
                    marks.Add(new Mark(MarkKind.Comma, i, open.Count));
                    break;
                case ' ' when Follows(text, i, "=> "):
                    marks.Add(new Mark(MarkKind.Arrow, i, open.Count));
                    break;
                case ' ' when Follows(text, i, "? "):
                    marks.Add(new Mark(MarkKind.Question, i, open.Count));
                    break;
                case ' ' when Follows(text, i, ": "):
                    marks.Add(new Mark(MarkKind.Colon, i, open.Count));
                    break;
            }
        }

        // A list still open at the line's end (a lambda's body follows on the next lines) is no list to break.
        return marks.Where(m => m.Kind != MarkKind.Open || m.End > 0).ToList();
    }

    /// <summary>The index of the closing quote of the string or character literal opening at <paramref name="start"/>
    /// (the emitters write regular literals only: no verbatim, raw or interpolated ones); the text's length when it is
    /// not closed.</summary>
    public static int LiteralEnd(string text, int start)
    {
        var quote = text[start];
        for (var i = start + 1; i < text.Length; i++)
        {
            if (text[i] == '\\')
            {
                i++;
            }
            else if (text[i] == quote)
            {
                return i;
            }
        }

        return text.Length;
    }

    private static bool Follows(string text, int space, string token)
        => string.CompareOrdinal(text, space + 1, token, 0, token.Length) == 0;
}
