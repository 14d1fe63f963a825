using System;
using System.Collections.Generic;
using System.Text;

namespace MigrateWcf.Generator.Emit;

/// <summary>Indented C# text with '\n' line ends: four spaces per level, blocks opened and closed explicitly.</summary>
internal sealed class CSharpWriter
{
    private readonly StringBuilder _text = new();
    private readonly SortedSet<string> _usings = new(StringComparer.Ordinal);
    private int _usingsAt = -1;
    private int _usingsIndent;
    private string? _namespace;
    private IReadOnlyCollection<string>? _declared;
    private int _indent;

    public int Indent => _indent;

    public CSharpWriter Line(string line = "")
    {
        if (line.Length == 0)
        {
            _text.Append('\n');
            return this;
        }

        if (_namespace is null || line.IndexOf('\n') >= 0)
        {
            // Text laid out by its emitter (several lines already) is kept as written.
            _text.Append(' ', _indent * 4).Append(_namespace is null ? line : CSharpNames.Shorten(line, _namespace, _declared!, _usings)).Append('\n');
            return this;
        }

        foreach (var (text, extra) in LineBreaks.Split(CSharpNames.Shorten(line, _namespace, _declared!, _usings), _indent * 4))
        {
            _text.Append(' ', (_indent + extra) * 4).Append(text).Append('\n');
        }

        return this;
    }

    /// <summary>Whether <paramref name="text"/> fits on a line at the current indentation, with its names as written.</summary>
    public bool Fits(string text) => Fits(text, _indent);

    /// <summary>Whether <paramref name="text"/> fits on a line at <paramref name="indent"/>, with its names as written.</summary>
    public bool Fits(string text, int indent)
        => indent * 4 + (_namespace is null ? text : CSharpNames.Shorten(text, _namespace, _declared!, new SortedSet<string>(StringComparer.Ordinal))).Length <= Width;

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

    /// <summary>The longest line the writer aims for (a long string literal or name may still pass it).</summary>
    public const int Width = 120;

    /// <summary>Columns left on a line at the current indentation.</summary>
    public int Room => Width - _indent * 4;

    /// <summary>A <c>/// &lt;summary&gt;</c> comment, on one line when it fits, else wrapped at word boundaries; the text is
    /// escaped for XML.</summary>
    public CSharpWriter Summary(string text)
    {
        var single = "/// <summary>" + Xml(text) + "</summary>";
        if (single.Length <= Room)
        {
            return Line(single);
        }

        Line("/// <summary>");
        var line = new StringBuilder();
        foreach (var word in Xml(text).Split(' '))
        {
            if (line.Length > 0 && line.Length + 1 + word.Length + 4 > Room)
            {
                Line("/// " + line);
                line.Clear();
            }

            line.Append(line.Length > 0 ? " " : string.Empty).Append(word);
        }

        if (line.Length > 0)
        {
            Line("/// " + line);
        }

        return Line("/// </summary>");
    }

    /// <summary><paramref name="expression"/> without the parentheses around all of it, for a place where any expression
    /// stands alone (an assignment's right side, a lambda body, an argument).</summary>
    public static string Unparenthesized(string expression)
    {
        if (expression.Length < 2 || expression[0] != '(' || expression[expression.Length - 1] != ')')
        {
            return expression;
        }

        var depth = 0;
        for (var i = 0; i < expression.Length; i++)
        {
            switch (expression[i])
            {
                case '"':
                case '\'':
                    i = LineBreaks.LiteralEnd(expression, i);
                    break;
                case '(':
                    depth++;
                    break;
                case ')':
                    depth--;
                    if (depth == 0 && i < expression.Length - 1)
                    {
                        return expression;
                    }

                    break;
            }
        }

        return expression.Substring(1, expression.Length - 2);
    }

    /// <summary>
    /// Opens the file's namespace, where its <c>using</c> directives go: each namespace <see cref="Using"/> names, and
    /// those <see cref="CSharpNames"/> imports when it shortens the names written, once each, sorted.
    /// </summary>
    /// <param name="declared">The type names generated code declares (which imported names must not collide with).</param>
    public CSharpWriter OpenNamespace(string @namespace, IReadOnlyCollection<string> declared)
    {
        Open("namespace " + @namespace);
        _usingsAt = _text.Length;
        _usingsIndent = _indent;
        _namespace = @namespace;
        _declared = declared;
        return this;
    }

    /// <summary>Imports a namespace at the place <see cref="UsingsHere"/> marked (for extension methods such as LINQ's).</summary>
    public void Using(string @namespace)
    {
        if (_usingsAt < 0)
        {
            throw new InvalidOperationException("This writer has no place for using directives.");
        }

        _usings.Add(@namespace);
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

    public override string ToString()
    {
        if (_usings.Count == 0)
        {
            return _text.ToString();
        }

        var directives = new StringBuilder();
        foreach (var @namespace in _usings)
        {
            directives.Append(' ', _usingsIndent * 4).Append("using ").Append(@namespace).Append(";\n");
        }

        return _text.ToString().Insert(_usingsAt, directives.Append('\n').ToString());
    }
}
