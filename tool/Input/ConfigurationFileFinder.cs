using System.Collections.Immutable;
using MigrateWcf.Generator;
using MigrateWcf.Tool.Cli;

namespace MigrateWcf.Tool.Input;

/// <summary>
/// Which <c>.config</c> files go with a project, so the engine reads their <c>&lt;system.serviceModel&gt;</c> with the code
/// (as the analyzers read them as AdditionalFiles): the <c>*.config</c> files in the project's folder, or, for loose
/// files, in the folders that hold them. A transform (<c>Web.Release.config</c> beside <c>Web.config</c>) is not a
/// configuration of its own and is left out; so is <c>packages.config</c>.
/// </summary>
internal static class ConfigurationFileFinder
{
    public static ImmutableArray<string> InFolders(IEnumerable<string> folders)
        => folders.Distinct(StringComparer.Ordinal)
            .Where(Directory.Exists)
            .SelectMany(folder =>
            {
                var configs = Directory.EnumerateFiles(folder, "*", SearchOption.TopDirectoryOnly)
                    .Where(f => f.EndsWith(".config", StringComparison.OrdinalIgnoreCase))
                    .ToList();
                var names = configs.Select(f => Path.GetFileName(f)).ToHashSet(StringComparer.OrdinalIgnoreCase);
                return configs.Where(f => !string.Equals(Path.GetFileName(f), "packages.config", StringComparison.OrdinalIgnoreCase) && !IsTransform(Path.GetFileName(f), names));
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

    /// <summary><c>A.B.config</c> when <c>A.config</c> is there too.</summary>
    private static bool IsTransform(string name, HashSet<string> names)
    {
        var stem = name[..^".config".Length];
        var dot = stem.IndexOf('.', StringComparison.Ordinal);
        return dot > 0 && names.Contains(stem[..dot] + ".config");
    }
}
