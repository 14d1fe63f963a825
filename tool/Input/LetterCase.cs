using MigrateWcf.Tool.Cli;

namespace MigrateWcf.Tool.Input;

/// <summary>
/// The one place item paths of a project (compile items, project references, HintPaths, listed .config files,
/// packages.config, solution entries) meet the disk. Projects written on Windows spell paths in any letter case, and a
/// repository cloned on a case-sensitive file system can even hold one Windows folder as two (<c>Operation/</c> and
/// <c>operation/</c>), so a path that does not exist as written is looked up segment by segment ignoring case, through
/// every folder that matches; the real on-disk path is what everything downstream uses.
/// </summary>
internal static class LetterCase
{
    /// <summary>
    /// The file at <paramref name="fullPath"/>; else the one file whose path equals it ignoring letter case; else null.
    /// Several such files are an input error: <paramref name="naming"/> (e.g. <c>'A.csproj' compiles 'B.cs'</c>) starts
    /// its message, which lists them relative to <paramref name="relativeTo"/>.
    /// </summary>
    public static string? FindFile(string fullPath, string relativeTo, string naming)
    {
        if (File.Exists(fullPath))
        {
            return fullPath;
        }

        var matches = Matches(fullPath, file: true);
        return matches.Count switch
        {
            0 => null,
            1 => matches[0],
            _ => throw CommandLineException.Input(
                $"{naming}, which does not exist in that letter case and matches {matches.Count} files that differ only in it: "
                + string.Join(", ", matches.Select(m => $"'{Path.GetRelativePath(relativeTo, m)}'"))
                + "; rename or remove all but one."),
        };
    }

    /// <summary>
    /// Every folder whose path equals <paramref name="fullPath"/> ignoring letter case, the exact one included, sorted:
    /// what Windows sees as that one folder.
    /// </summary>
    public static IReadOnlyList<string> Folders(string fullPath) => Matches(fullPath, file: false);

    private static List<string> Matches(string fullPath, bool file)
    {
        var root = Path.GetPathRoot(fullPath);
        if (string.IsNullOrEmpty(root))
        {
            return [];
        }

        var segments = fullPath[root.Length..].Split(Path.DirectorySeparatorChar, StringSplitOptions.RemoveEmptyEntries);
        if (segments.Length == 0)
        {
            return file || !Directory.Exists(root) ? [] : [root];
        }

        var folders = new List<string> { root };
        for (var i = 0; i < segments.Length && folders.Count > 0; i++)
        {
            var last = i == segments.Length - 1;
            var segment = segments[i];
            folders = folders
                .SelectMany(folder => Children(folder, segment, files: last && file))
                .Distinct(StringComparer.Ordinal)
                .Order(StringComparer.Ordinal)
                .ToList();
        }

        return folders;
    }

    /// <summary>The folders (or files) in <paramref name="folder"/> named <paramref name="name"/> ignoring case; an unreadable folder has none.</summary>
    private static IEnumerable<string> Children(string folder, string name, bool files)
    {
        try
        {
            var options = new EnumerationOptions { IgnoreInaccessible = true, AttributesToSkip = 0 };
            return (files ? Directory.EnumerateFiles(folder, "*", options) : Directory.EnumerateDirectories(folder, "*", options))
                .Where(entry => string.Equals(Path.GetFileName(entry), name, StringComparison.OrdinalIgnoreCase))
                .ToList();
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return [];
        }
    }
}
