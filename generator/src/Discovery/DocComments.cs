using System;
using System.Collections.Generic;
using System.Linq;
using System.Text;
using System.Text.RegularExpressions;
using System.Xml;
using System.Xml.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace MigrateWcf.Generator.Discovery;

/// <summary>The parts of an XML doc comment that become proto comments, as plain one-paragraph text.</summary>
internal sealed class DocComment
{
    private static readonly IReadOnlyDictionary<string, string> NoParameters = new Dictionary<string, string>(StringComparer.Ordinal);

    public static readonly DocComment None = new(null, NoParameters, null);

    private DocComment(string? summary, IReadOnlyDictionary<string, string> parameters, string? returns)
    {
        Summary = summary;
        Parameters = parameters;
        Returns = returns;
    }

    public string? Summary { get; }

    public IReadOnlyDictionary<string, string> Parameters { get; }

    public string? Returns { get; }

    /// <summary>
    /// Reads the comment from the declaring syntax's <c>///</c> lines rather than from
    /// <see cref="ISymbol.GetDocumentationCommentXml"/>, which is empty when the project does not generate documentation
    /// (DocumentationMode.None), the common case for old projects.
    /// </summary>
    public static DocComment For(ISymbol symbol)
    {
        foreach (var reference in symbol.OriginalDefinition.DeclaringSyntaxReferences)
        {
            var node = reference.GetSyntax();
            var lines = new StringBuilder();
            foreach (var trivia in node.GetLeadingTrivia())
            {
                // Most leading trivia is indentation and line ends, which hold no "///" line: not turned into text.
                if (trivia.IsKind(SyntaxKind.WhitespaceTrivia) || trivia.IsKind(SyntaxKind.EndOfLineTrivia))
                {
                    continue;
                }

                foreach (var line in trivia.ToFullString().Split('\n'))
                {
                    var trimmed = line.Trim();
                    if (trimmed.StartsWith("///", StringComparison.Ordinal))
                    {
                        lines.AppendLine(trimmed.Substring(3));
                    }
                }
            }

            if (lines.Length > 0)
            {
                return Parse(lines.ToString());
            }
        }

        return None;
    }

    private static DocComment Parse(string xml)
    {
        // Most comments are one <summary> of plain text; reading those needs no XML reader (whose set-up allocates tens
        // of kilobytes per comment). Anything else (other tags, entities) goes through the full parse below.
        const string Open = "<summary>", Close = "</summary>";
        var trimmed = xml.Trim();
        if (trimmed.StartsWith(Open, StringComparison.Ordinal) && trimmed.EndsWith(Close, StringComparison.Ordinal)
            && trimmed.IndexOf('<', Open.Length) == trimmed.Length - Close.Length && trimmed.IndexOf('&') < 0)
        {
            var summary = Normalize(trimmed.Substring(Open.Length, trimmed.Length - Open.Length - Close.Length));
            return new DocComment(summary.Length == 0 ? null : summary, NoParameters, null);
        }

        XElement root;
        try
        {
            root = XElement.Parse("<doc>" + xml + "</doc>", LoadOptions.None);
        }
        catch (XmlException)
        {
            // A malformed comment still says something; keep its text without the tags.
            var text = Normalize(Regex.Replace(xml, "<[^>]*>", " "));
            return new DocComment(text, new Dictionary<string, string>(StringComparer.Ordinal), null);
        }

        var parameters = new Dictionary<string, string>(StringComparer.Ordinal);
        foreach (var param in root.Elements("param"))
        {
            var name = (string?)param.Attribute("name");
            var text = TextOf(param);
            if (name is not null && text is not null && !parameters.ContainsKey(name))
            {
                parameters.Add(name, text);
            }
        }

        return new DocComment(TextOf(root.Element("summary")), parameters, TextOf(root.Element("returns")));
    }

    private static string? TextOf(XElement? element)
    {
        if (element is null)
        {
            return null;
        }

        var builder = new StringBuilder();
        Append(element, builder);
        var text = Normalize(builder.ToString());
        return text.Length == 0 ? null : text;
    }

    private static void Append(XElement element, StringBuilder builder)
    {
        foreach (var node in element.Nodes())
        {
            switch (node)
            {
                case XText text:
                    builder.Append(text.Value);
                    break;
                case XElement child when child.Name.LocalName is "see" or "seealso":
                    var target = (string?)child.Attribute("cref") ?? (string?)child.Attribute("langword") ?? (string?)child.Attribute("href") ?? string.Empty;
                    builder.Append(child.IsEmpty ? ShortCref(target) : child.Value);
                    break;
                case XElement child when child.Name.LocalName is "paramref" or "typeparamref":
                    builder.Append((string?)child.Attribute("name"));
                    break;
                case XElement child when child.Name.LocalName == "para":
                    builder.Append(' ');
                    Append(child, builder);
                    builder.Append(' ');
                    break;
                case XElement child:
                    Append(child, builder);
                    break;
            }
        }
    }

    private static string ShortCref(string cref)
    {
        // "T:Contoso.Orders.Order" → "Order"; "M:Contoso.IService.Get(System.Int32)" → "Get"; "Order.Id" → "Order.Id".
        var value = cref.Length > 2 && cref[1] == ':' ? cref.Substring(2) : cref;
        var paren = value.IndexOf('(');
        if (paren >= 0)
        {
            value = value.Substring(0, paren);
        }

        value = Regex.Replace(value, "\\{[^}]*\\}|`\\d+", string.Empty);
        if (cref.Length > 2 && cref[1] == ':')
        {
            var dot = value.LastIndexOf('.');
            return dot >= 0 ? value.Substring(dot + 1) : value;
        }

        return value;
    }

    private static string Normalize(string text)
        => string.Join(" ", text.Split(new[] { ' ', '\t', '\r', '\n' }, StringSplitOptions.RemoveEmptyEntries).Where(w => w.Length > 0));
}
