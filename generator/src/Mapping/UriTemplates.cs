using System;
using System.Collections.Generic;
using System.Linq;

namespace MigrateWcf.Generator.Mapping;

/// <summary>What one path segment of a WCF UriTemplate is.</summary>
internal enum UriSegmentKind
{
    /// <summary>Text matched as written (<c>products</c>).</summary>
    Literal,

    /// <summary>A whole segment bound to a parameter (<c>{id}</c>).</summary>
    Variable,

    /// <summary>The rest of the path: <c>{*rest}</c> (bound to a parameter) or a bare <c>*</c> (bound to nothing).</summary>
    Wildcard,
}

/// <param name="Text">The literal text, or the variable's name (null for a bare <c>*</c>).</param>
internal sealed record UriSegment(UriSegmentKind Kind, string? Text);

/// <summary>A query pair: <c>key={variable}</c>, or a literal <c>key=value</c> (<see cref="Variable"/> null).</summary>
internal sealed record UriQueryPart(string Key, string? Variable, string? Literal);

/// <summary>
/// A WCF UriTemplate taken apart: path segments, query pairs, and what an HttpRule path template cannot say (each a
/// sentence for a WCFM1020 finding). <see cref="Unservable"/> is set when no rule can stand for the template at all.
/// </summary>
internal sealed record UriTemplateParts(
    IReadOnlyList<UriSegment> Segments,
    IReadOnlyList<UriQueryPart> Query,
    IReadOnlyList<string> Differences,
    string? Unservable);

/// <summary>Parses WCF UriTemplates (System.UriTemplate's syntax) for mapping to google.api.http paths.</summary>
internal static class UriTemplates
{
    public static UriTemplateParts Parse(string template)
    {
        var segments = new List<UriSegment>();
        var query = new List<UriQueryPart>();
        var differences = new List<string>();
        string? unservable = null;

        var text = template.Trim();
        var hash = text.IndexOf('#');
        if (hash >= 0)
        {
            text = text.Substring(0, hash);
        }

        var question = text.IndexOf('?');
        var path = question >= 0 ? text.Substring(0, question) : text;
        var queryText = question >= 0 ? text.Substring(question + 1) : string.Empty;

        var parts = path.Split('/');
        for (var i = 0; i < parts.Length; i++)
        {
            var part = parts[i];
            var last = i == parts.Length - 1;
            if (part.Length == 0)
            {
                // A leading slash, a trailing slash or "//": WCF matches with or without them.
                continue;
            }

            if (part == "*")
            {
                if (!last)
                {
                    unservable ??= "a '*' that is not the last path segment";
                }

                segments.Add(new UriSegment(UriSegmentKind.Wildcard, null));
                continue;
            }

            var open = part.IndexOf('{');
            var close = part.IndexOf('}');
            if (open < 0 && close < 0)
            {
                if (part.IndexOfAny(new[] { ':', '*' }) >= 0)
                {
                    unservable ??= $"the path segment '{part}' holds a character an HttpRule path cannot have as text";
                }

                segments.Add(new UriSegment(UriSegmentKind.Literal, part));
                continue;
            }

            if (open != 0 || close != part.Length - 1 || part.IndexOf('{', 1) >= 0)
            {
                unservable ??= $"the compound path segment '{part}' (an HttpRule variable is a whole segment)";
                segments.Add(new UriSegment(UriSegmentKind.Literal, part));
                continue;
            }

            var inner = part.Substring(1, part.Length - 2).Trim();
            if (inner.StartsWith("*", StringComparison.Ordinal))
            {
                if (!last)
                {
                    unservable ??= $"the wildcard '{part}' is not the last path segment";
                }

                segments.Add(new UriSegment(UriSegmentKind.Wildcard, inner.Substring(1).Trim()));
                continue;
            }

            var equals = inner.IndexOf('=');
            if (equals >= 0)
            {
                var name = inner.Substring(0, equals).Trim();
                differences.Add($"the default value of the path variable '{part}' (WCF matches the URL without that segment; transcoding requires it)");
                segments.Add(new UriSegment(UriSegmentKind.Variable, name));
                continue;
            }

            segments.Add(new UriSegment(UriSegmentKind.Variable, inner));
        }

        foreach (var pair in queryText.Split(new[] { '&' }, StringSplitOptions.RemoveEmptyEntries))
        {
            var equals = pair.IndexOf('=');
            var key = (equals >= 0 ? pair.Substring(0, equals) : pair).Trim();
            var value = equals >= 0 ? pair.Substring(equals + 1).Trim() : string.Empty;
            if (value.Length > 2 && value[0] == '{' && value[value.Length - 1] == '}' && value.IndexOf('{', 1) < 0)
            {
                query.Add(new UriQueryPart(key, value.Substring(1, value.Length - 2).Trim(), null));
            }
            else
            {
                differences.Add($"the query literal '{pair}' (WCF requires it to match; transcoding cannot require a query value and ignores it)");
                query.Add(new UriQueryPart(key, null, value));
            }
        }

        return new UriTemplateParts(segments, query, differences, unservable);
    }

    /// <summary>Finds the parameter a template variable names (WCF matches names case-insensitively).</summary>
    public static string? Match(string variable, IEnumerable<string> parameters)
        => parameters.FirstOrDefault(p => string.Equals(p, variable, StringComparison.Ordinal))
            ?? parameters.FirstOrDefault(p => string.Equals(p, variable, StringComparison.OrdinalIgnoreCase));
}
