using System.Collections.Immutable;
using MigrateWcf.Generator;
using MigrateWcf.Tool.Cli;

namespace MigrateWcf.Tool.Input;

/// <summary>
/// Which <c>.config</c> files go with a project, so the engine reads their <c>&lt;system.serviceModel&gt;</c> with the code
/// (as the analyzers read them as AdditionalFiles): a project's own <c>App.config</c> / <c>Web.config</c> and the
/// <c>.config</c> files its project file lists, or, for loose files, the <c>*.config</c> files in the folders that hold
/// them. Never a configuration of its own: a transform (<c>Web.Release.config</c> beside <c>Web.config</c>),
/// <c>packages.config</c>, or a stray copy (<c>Web - Copy.config</c>, <c>App - copia.config</c> beside the original;
/// <c>Web.config.bak</c> is no <c>.config</c> file at all).
/// </summary>
internal static partial class ConfigurationFileFinder
{
    /// <summary>The configuration of the project in <paramref name="projectFolder"/>: its App.config and Web.config, and the .config files its project file lists (<paramref name="listed"/>, full paths).</summary>
    public static ImmutableArray<string> OfProject(string projectFolder, IEnumerable<string> listed)
        => Directory.Exists(projectFolder)
            ? Select(Directory.EnumerateFiles(projectFolder, "*", SearchOption.TopDirectoryOnly)
                    .Where(f => Path.GetFileName(f) is var name && (name.Equals("App.config", StringComparison.OrdinalIgnoreCase) || name.Equals("Web.config", StringComparison.OrdinalIgnoreCase)))
                    .Concat(listed))
            : ImmutableArray<string>.Empty;

    /// <summary>The configuration of loose files: the .config files in the folders that hold them.</summary>
    public static ImmutableArray<string> InFolders(IEnumerable<string> folders)
        => Select(folders.Distinct(StringComparer.Ordinal)
            .Where(Directory.Exists)
            .SelectMany(folder => Directory.EnumerateFiles(folder, "*", SearchOption.TopDirectoryOnly)));

    /// <summary><paramref name="candidates"/> that are configurations of their own, once each, sorted.</summary>
    private static ImmutableArray<string> Select(IEnumerable<string> candidates)
        => candidates.Where(f => f.EndsWith(".config", StringComparison.OrdinalIgnoreCase))
            .Distinct(StringComparer.Ordinal)
            .Where(f =>
            {
                var name = Path.GetFileName(f);
                var siblings = Directory.EnumerateFiles(Path.GetDirectoryName(f)!, "*.config", new EnumerationOptions { MatchCasing = MatchCasing.CaseInsensitive })
                    .Select(Path.GetFileName).OfType<string>().ToHashSet(StringComparer.OrdinalIgnoreCase);
                return !string.Equals(name, "packages.config", StringComparison.OrdinalIgnoreCase) && !IsTransform(name, siblings) && !IsCopy(name, siblings);
            })
            .Order(StringComparer.Ordinal)
            .ToImmutableArray();

    /// <summary>The files' text for <see cref="EngineOptions.ConfigurationFiles"/>; a file that cannot be read is an input error.</summary>
    public static IReadOnlyList<ConfigurationFile> Read(ImmutableArray<string> paths, InputSet input)
        => paths.Select(path =>
        {
            try
            {
                return new ConfigurationFile(path, File.ReadAllText(path));
            }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException)
            {
                throw CommandLineException.Input($"cannot read '{input.Relative(path)}': {e.Message}", e);
            }
        }).ToList();

    /// <summary>
    /// <c>A - Copy.config</c>, <c>A - copia (2).config</c>: what Windows Explorer and Visual Studio name a copy (the word
    /// in the user's language), when <c>A.config</c> is there too.
    /// </summary>
    private static bool IsCopy(string name, HashSet<string> names)
    {
        var match = CopyName().Match(name);
        return match.Success && names.Contains(match.Groups["original"].Value + ".config");
    }

    [System.Text.RegularExpressions.GeneratedRegex(@"^(?<original>.+?) - \w+( \(\d+\))?\.config$", System.Text.RegularExpressions.RegexOptions.IgnoreCase | System.Text.RegularExpressions.RegexOptions.CultureInvariant)]
    private static partial System.Text.RegularExpressions.Regex CopyName();

    /// <summary><c>A.B.config</c> when <c>A.config</c> is there too.</summary>
    private static bool IsTransform(string name, HashSet<string> names)
    {
        var stem = name[..^".config".Length];
        var dot = stem.IndexOf('.', StringComparison.Ordinal);
        return dot > 0 && names.Contains(stem[..dot] + ".config");
    }
}
