using System;
using System.Collections.Generic;
using System.Linq;
using System.Text;
using MigrateWcf.Generator.Model;

namespace MigrateWcf.Generator.Mapping;

/// <summary>Name conversions between C#/XML names and proto style (PascalCase messages, snake_case fields, UPPER_SNAKE values).</summary>
internal static class ProtoNames
{
    private enum WordCase
    {
        Lower,
        Upper,
        Capitalized,
    }

    /// <summary>
    /// Splits a C# or XML name into words ("CustomerID" → Customer, ID; "XMLParser2" → XML, Parser2; "order_id" → order,
    /// id) and writes them in one case, joined by <paramref name="separator"/>. Names are converted thousands of times a
    /// run, so the words are never materialised.
    /// </summary>
    private static string JoinWords(string name, WordCase wordCase, string separator)
    {
        // Written into a stack buffer (names are short), so a conversion allocates only its result.
        var capacity = name.Length * (separator.Length + 1);
        var buffer = capacity <= 256 ? stackalloc char[256] : new char[capacity];
        var length = 0;
        var wordLength = 0;
        for (var i = 0; i < name.Length; i++)
        {
            var c = name[i];
            if (!char.IsLetterOrDigit(c) || c > 127)
            {
                wordLength = 0;
                continue;
            }

            if (char.IsUpper(c) && wordLength > 0)
            {
                var previous = name[i - 1];
                var nextIsLower = i + 1 < name.Length && char.IsLower(name[i + 1]);
                if (char.IsLower(previous) || char.IsDigit(previous) || (char.IsUpper(previous) && nextIsLower))
                {
                    wordLength = 0;
                }
            }

            if (wordLength == 0 && length > 0)
            {
                separator.AsSpan().CopyTo(buffer.Slice(length));
                length += separator.Length;
            }

            buffer[length++] = wordCase switch
            {
                WordCase.Lower => char.ToLowerInvariant(c),
                WordCase.Upper => char.ToUpperInvariant(c),
                _ => wordLength == 0 ? char.ToUpperInvariant(c) : c,
            };
            wordLength++;
        }

        return length == name.Length && buffer.Slice(0, length).SequenceEqual(name.AsSpan()) ? name : buffer.Slice(0, length).ToString();
    }

    /// <summary>The JSON name protoc gives a field by default: underscores dropped, the letter after each one upper-cased.</summary>
    public static string DefaultJsonName(string fieldName)
    {
        var builder = new StringBuilder(fieldName.Length);
        var upper = false;
        foreach (var c in fieldName)
        {
            if (c == '_')
            {
                upper = true;
                continue;
            }

            builder.Append(upper ? char.ToUpperInvariant(c) : c);
            upper = false;
        }

        return builder.ToString();
    }

    public static string ToSnake(string name) => ValidIdentifier(JoinWords(name, WordCase.Lower, "_"), "field");

    public static string ToUpperSnake(string name) => ValidIdentifier(JoinWords(name, WordCase.Upper, "_"), "VALUE");

    /// <summary>PascalCase keeping inner capitals: "orderLine" → OrderLine, "ArrayOfstring" → ArrayOfstring.</summary>
    public static string ToPascal(string name) => ValidIdentifier(JoinWords(name, WordCase.Capitalized, string.Empty), "Type");

    private static string ValidIdentifier(string text, string fallback)
    {
        if (text.Length == 0)
        {
            return fallback;
        }

        return char.IsDigit(text[0]) ? fallback.Substring(0, 1) + text : text;
    }

    /// <summary>
    /// The proto package for a contract namespace. Rules, in order: DataContract's default namespace
    /// (<c>http://schemas.datacontract.org/2004/07/Clr.Namespace</c>) and WCF's default <c>http://tempuri.org/</c> use the
    /// C# namespace; an http(s) URI uses the host without <c>www.</c> and its last label (the TLD), then the path
    /// segments; a URN uses its segments after <c>urn:</c>. Each segment is snake_case, and one starting with a digit is
    /// prefixed with <c>v</c>: <c>http://contoso.com/orders/2024</c> → <c>contoso.orders.v2024</c>.
    /// </summary>
    public static string Package(string contractNamespace, string clrNamespace)
    {
        IEnumerable<string> segments;
        if (contractNamespace.StartsWith(WcfNamespaces.DataContractPrefix, StringComparison.OrdinalIgnoreCase))
        {
            segments = contractNamespace.Substring(WcfNamespaces.DataContractPrefix.Length).Split('.');
        }
        else if (contractNamespace.Length == 0 || string.Equals(contractNamespace.TrimEnd('/'), WcfNamespaces.TempUri.TrimEnd('/'), StringComparison.OrdinalIgnoreCase))
        {
            segments = clrNamespace.Split('.');
        }
        else if (Uri.TryCreate(contractNamespace, UriKind.Absolute, out var uri) && (uri.Scheme == Uri.UriSchemeHttp || uri.Scheme == Uri.UriSchemeHttps))
        {
            var host = uri.Host.Split('.').Where(l => l.Length > 0).ToList();
            if (host.Count > 0 && host[0].Equals("www", StringComparison.OrdinalIgnoreCase))
            {
                host.RemoveAt(0);
            }

            if (host.Count > 1)
            {
                host.RemoveAt(host.Count - 1);
            }

            segments = host.Concat(uri.AbsolutePath.Split('/'));
        }
        else if (contractNamespace.StartsWith("urn:", StringComparison.OrdinalIgnoreCase))
        {
            segments = contractNamespace.Substring(4).Split(':', '/', '.');
        }
        else
        {
            segments = contractNamespace.Split(':', '/', '.');
        }

        var parts = segments.Select(PackageSegment).Where(s => s.Length > 0).ToList();
        if (parts.Count == 0)
        {
            parts = clrNamespace.Split('.').Select(PackageSegment).Where(s => s.Length > 0).ToList();
        }

        if (parts.Count == 0)
        {
            parts.Add("migrated");
        }

        return Join(parts);
    }

    /// <summary>
    /// Segments joined into a package. A "google" segment would capture google.protobuf.* in protoc's scope lookup, and a
    /// lower "migrate_wcf" segment the common types; such segments get a trailing underscore.
    /// </summary>
    private static string Join(List<string> parts)
    {
        for (var i = 0; i < parts.Count; i++)
        {
            if (parts[i] == "google" || (i > 0 && parts[i] == "migrate_wcf"))
            {
                parts[i] += "_";
            }
        }

        return string.Join(".", parts);
    }

    /// <summary>
    /// A project's package segment (<see cref="ProjectQualifier"/>): its name in snake_case (<c>LegacyWcf.Contracts</c> →
    /// <c>legacy_wcf_contracts</c>), "project" when nothing is left, escaped like any other top segment.
    /// </summary>
    public static string ProjectSegment(string projectName)
    {
        var segment = PackageSegment(projectName);
        return Join(new List<string> { segment.Length == 0 ? "project" : segment });
    }

    /// <summary>
    /// <paramref name="package"/> below the project segment: <c>legacy_wcf_contracts.contoso.orders</c>. Escapes are
    /// undone and made again, since a segment's position decides whether it needs one.
    /// </summary>
    public static string Qualified(string segment, string package)
    {
        var parts = new List<string> { segment.TrimEnd('_') };
        parts.AddRange(package.Split('.').Select(p => p.TrimEnd('_')));
        return Join(parts);
    }

    private static string PackageSegment(string segment)
    {
        var snake = JoinWords(segment, WordCase.Lower, "_");
        return snake.Length > 0 && char.IsDigit(snake[0]) ? "v" + snake : snake;
    }

    /// <summary>The csharp_namespace of generated messages: the source namespace plus <c>.Grpc</c>, so generated classes never clash with the DataContract classes they mirror.</summary>
    public static string CSharpNamespace(string clrNamespace) => clrNamespace.Length == 0 ? "Grpc" : clrNamespace + ".Grpc";
}
