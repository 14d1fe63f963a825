using System.Text;
using System.Text.RegularExpressions;

namespace MigrateWcf.Tool.Input;

/// <summary>MSBuild-style wildcards (<c>*</c>, <c>?</c>, <c>**</c>) over paths relative to a project folder.</summary>
internal sealed class Glob
{
    private readonly Regex _regex;

    private Glob(Regex regex) => _regex = regex;

    public static bool HasWildcards(string pattern) => pattern.AsSpan().IndexOfAny('*', '?') >= 0;

    /// <param name="pattern">Relative to the project folder; either separator.</param>
    public static Glob Create(string pattern)
    {
        var normalized = Normalize(pattern);
        var regex = new StringBuilder("^");
        for (var i = 0; i < normalized.Length; i++)
        {
            var c = normalized[i];
            if (c == '*' && i + 1 < normalized.Length && normalized[i + 1] == '*')
            {
                // "**/" matches any number of whole folders, including none; a trailing "**" matches everything below.
                var followedBySlash = i + 2 < normalized.Length && normalized[i + 2] == '/';
                regex.Append(followedBySlash ? "(?:.*/)?" : ".*");
                i += followedBySlash ? 2 : 1;
            }
            else if (c == '*')
            {
                regex.Append("[^/]*");
            }
            else if (c == '?')
            {
                regex.Append("[^/]");
            }
            else
            {
                regex.Append(Regex.Escape(c.ToString()));
            }
        }

        regex.Append('$');
        // Windows projects are written for a case-insensitive file system.
        return new Glob(new Regex(regex.ToString(), RegexOptions.CultureInvariant | RegexOptions.IgnoreCase));
    }

    public bool IsMatch(string relativePath) => _regex.IsMatch(Normalize(relativePath));

    /// <summary>Forward slashes, no leading "./".</summary>
    public static string Normalize(string path)
    {
        var normalized = path.Trim().Replace('\\', '/');
        while (normalized.StartsWith("./", StringComparison.Ordinal))
        {
            normalized = normalized[2..];
        }

        return normalized;
    }

    /// <summary>The folder part before the first wildcard, e.g. "../Shared/" for "../Shared/**/*.cs".</summary>
    public static string FixedPrefix(string pattern)
    {
        var normalized = Normalize(pattern);
        var wildcard = normalized.AsSpan().IndexOfAny('*', '?');
        var head = wildcard < 0 ? normalized : normalized[..wildcard];
        var slash = head.LastIndexOf('/');
        return slash < 0 ? string.Empty : head[..(slash + 1)];
    }
}
