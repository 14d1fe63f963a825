using System;
using System.Text;

namespace MigrateWcf.Generator.Emit;

/// <summary>Indented C# text with '\n' line ends: four spaces per level, blocks opened and closed explicitly.</summary>
internal sealed class CSharpWriter
{
    private readonly StringBuilder _text = new();
    private int _indent;

    public int Indent => _indent;

    public CSharpWriter Line(string line = "")
    {
        if (line.Length > 0)
        {
            _text.Append(' ', _indent * 4).Append(line);
        }

        _text.Append('\n');
        return this;
    }

    /// <summary>Writes <paramref name="header"/> and an opening brace; the body is indented until <see cref="Close"/>.</summary>
    public CSharpWriter Open(string header)
    {
        Line(header);
        Line("{");
        _indent++;
        return this;
    }

    /// <summary>An opening brace after a header written line by line (a class with constraints).</summary>
    public CSharpWriter OpenBrace()
    {
        Line("{");
        _indent++;
        return this;
    }

    public CSharpWriter Close(string suffix = "")
    {
        _indent--;
        return Line("}" + suffix);
    }

    /// <summary>A <c>/// &lt;summary&gt;</c> comment; the text is escaped for XML.</summary>
    public CSharpWriter Summary(string text)
    {
        Line("/// <summary>" + Xml(text) + "</summary>");
        return this;
    }

    /// <summary>Writes the lines of another writer's text at the current indentation.</summary>
    public CSharpWriter Lines(string text)
    {
        foreach (var line in text.Split('\n'))
        {
            Line(line);
        }

        return this;
    }

    public static string Xml(string text) => text.Replace("&", "&amp;").Replace("<", "&lt;").Replace(">", "&gt;");

    /// <summary>A C# string literal.</summary>
    public static string Literal(string text)
    {
        var literal = new StringBuilder(text.Length + 2).Append('"');
        foreach (var c in text)
        {
            switch (c)
            {
                case '"':
                    literal.Append("\\\"");
                    break;
                case '\\':
                    literal.Append("\\\\");
                    break;
                case '\n':
                    literal.Append("\\n");
                    break;
                case '\r':
                    literal.Append("\\r");
                    break;
                case '\t':
                    literal.Append("\\t");
                    break;
                default:
                    if (char.IsControl(c))
                    {
                        literal.Append("\\u").Append(((int)c).ToString("x4", System.Globalization.CultureInfo.InvariantCulture));
                    }
                    else
                    {
                        literal.Append(c);
                    }

                    break;
            }
        }

        return literal.Append('"').ToString();
    }

    public override string ToString() => _text.ToString();
}
