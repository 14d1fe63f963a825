using System.Globalization;
using System.Text.RegularExpressions;

namespace MigrateWcf.Tool.Verification;

internal enum BuildSeverity
{
    Warning,
    Error,
}

/// <summary>
/// One error or warning MSBuild printed: where (a file, or a tool name such as <c>MSBUILD</c>; <see cref="Line"/> 0
/// when it gave no position), its code (<c>CS0246</c>, <c>NU1101</c>, <c>MSB3021</c>; empty when it has none) and text.
/// </summary>
internal sealed record BuildDiagnostic(string Origin, int Line, int Column, BuildSeverity Severity, string Code, string Message)
{
    public bool HasPosition => Line > 0;
}

/// <summary>
/// Reads MSBuild's console output in its canonical diagnostic format,
/// <c>origin(line,col): [subcategory] error|warning CODE: text [project]</c>, the format every MSBuild logger, the C#
/// compiler, NuGet and the SDK's tasks print (also <c>origin : error CODE: text</c> without a position). MSBuild prints
/// each diagnostic twice (as it happens and in the summary), once per project that reports it: they are read once.
/// </summary>
internal static partial class MSBuildOutput
{
    // origin: anything up to the position or the colon before the category (a Windows drive's colon is skipped because
    // what follows it is not a category); position: (line), (line,col), (line-line) or (line,col,endLine,endCol);
    // project: MSBuild's " [path.csproj]" or " [path.csproj::TargetFramework=…]" suffix, not part of the text.
    [GeneratedRegex(
        """^\s*(?:(?<origin>.*?)(?:\((?<position>\d+(?:[,-]\d+){0,3})\))?\s*:\s*)?(?:(?<subcategory>[^:]*?)\s+)?(?<severity>(?i:error|warning))(?:\s+(?<code>[A-Za-z_][\w.-]*))?\s*:\s?(?<text>.*?)(?:\s+\[(?<project>[^\[\]]*?\.(?:\w*proj|sln|slnx)(?:::[^\[\]]*)?)\])?\s*$""",
        RegexOptions.CultureInvariant)]
    private static partial Regex Canonical();

    /// <summary>The distinct diagnostics in <paramref name="output"/>, in the order they first appear.</summary>
    public static IReadOnlyList<BuildDiagnostic> Parse(string output)
    {
        var seen = new HashSet<BuildDiagnostic>();
        var diagnostics = new List<BuildDiagnostic>();
        foreach (var line in output.Split('\n'))
        {
            if (Read(line.TrimEnd('\r')) is { } diagnostic && seen.Add(diagnostic))
            {
                diagnostics.Add(diagnostic);
            }
        }

        return diagnostics;
    }

    /// <summary>The diagnostic one line holds, or null when it holds none.</summary>
    public static BuildDiagnostic? Read(string line)
    {
        var match = Canonical().Match(line);
        if (!match.Success)
        {
            return null;
        }

        var numbers = match.Groups["position"].Success
            ? match.Groups["position"].Value.Split(',', '-').Select(n => int.Parse(n, CultureInfo.InvariantCulture)).ToArray()
            : [];
        // "(10-12)" is a range of lines: a line and no column.
        var column = numbers.Length > 1 && match.Groups["position"].Value.Contains(',', StringComparison.Ordinal) ? numbers[1] : 0;
        return new BuildDiagnostic(
            match.Groups["origin"].Value.Trim(),
            numbers.Length > 0 ? numbers[0] : 0,
            column,
            match.Groups["severity"].Value.Equals("error", StringComparison.OrdinalIgnoreCase) ? BuildSeverity.Error : BuildSeverity.Warning,
            match.Groups["code"].Value,
            match.Groups["text"].Value.Trim());
    }
}
