using NuGet.Packaging;
using NuGet.Packaging.Core;
using NuGet.Versioning;

namespace MigrateWcf.Tool.Input;

/// <summary>
/// A packages.config solution's <c>packages/</c> folder, as <c>nuget restore</c> lays it out: one <c>&lt;id&gt;.&lt;version&gt;</c>
/// folder per package, which HintPaths point into.
/// </summary>
internal static class PackagesFolder
{
    /// <summary>The folder above the path segment <paramref name="packageFolderName"/> of <paramref name="path"/>, or null.</summary>
    public static string? Of(string path, string packageFolderName)
    {
        for (var folder = Path.GetDirectoryName(path); folder is not null; folder = Path.GetDirectoryName(folder))
        {
            if (string.Equals(Path.GetFileName(folder), packageFolderName, StringComparison.OrdinalIgnoreCase))
            {
                return Path.GetDirectoryName(folder);
            }
        }

        return null;
    }

    /// <summary>The versions of <paramref name="id"/> whose folders <paramref name="packagesFolder"/> holds.</summary>
    public static IReadOnlyCollection<NuGetVersion> Versions(string packagesFolder, string id)
        => !Directory.Exists(packagesFolder)
            ? []
            : Directory.EnumerateDirectories(packagesFolder)
                .Select(Path.GetFileName)
                .Where(name => name is not null && name.Length > id.Length + 1 && name.StartsWith(id + ".", StringComparison.OrdinalIgnoreCase))
                .Select(name => NuGetVersion.TryParse(name![(id.Length + 1)..], out var version) ? version : null)
                .OfType<NuGetVersion>()
                .Distinct()
                .ToList();

    /// <summary>The folder of <paramref name="id"/> at <paramref name="version"/> (any letter case, any spelling of the version), or null.</summary>
    public static string? FolderOf(string packagesFolder, string id, NuGetVersion version)
        => !Directory.Exists(packagesFolder)
            ? null
            : Directory.EnumerateDirectories(packagesFolder)
                .Where(d => Path.GetFileName(d) is { } name && name.StartsWith(id + ".", StringComparison.OrdinalIgnoreCase)
                            && NuGetVersion.TryParse(name[(id.Length + 1)..], out var v) && v == version)
                .Order(StringComparer.Ordinal)
                .FirstOrDefault();

    /// <summary>
    /// The package a path lies in: a folder named <c>&lt;id&gt;.&lt;version&gt;</c> below a folder named <c>packages</c> (the
    /// version from the first segment that starts with a digit), or, under a packages folder of another name, one named
    /// after a package of <paramref name="knownIds"/> (the project's packages.config); null for any other path.
    /// </summary>
    public static (string Id, NuGetVersion Version, string Folder)? PackageOf(string path, IEnumerable<string>? knownIds = null)
    {
        var ids = knownIds?.ToList() ?? [];
        for (var folder = Path.GetDirectoryName(path); folder is not null; folder = Path.GetDirectoryName(folder))
        {
            var name = Path.GetFileName(folder);
            foreach (var id in ids)
            {
                if (name.Length > id.Length + 1 && name.StartsWith(id + ".", StringComparison.OrdinalIgnoreCase) && NuGetVersion.TryParse(name[(id.Length + 1)..], out var known))
                {
                    return (id, known, folder);
                }
            }

            if (!string.Equals(Path.GetFileName(Path.GetDirectoryName(folder)), "packages", StringComparison.OrdinalIgnoreCase))
            {
                continue;
            }

            var segments = name.Split('.');
            for (var i = 1; i < segments.Length; i++)
            {
                if (segments[i].Length > 0 && char.IsAsciiDigit(segments[i][0]) && NuGetVersion.TryParse(string.Join('.', segments[i..]), out var version))
                {
                    return (string.Join('.', segments[..i]), version, folder);
                }
            }
        }

        return null;
    }

    /// <summary>The dependency groups of the package extracted in <paramref name="packageFolder"/> (its .nuspec), or none.</summary>
    public static IEnumerable<PackageDependencyGroup> DependencyGroups(string packageFolder)
    {
        var nuspec = Directory.Exists(packageFolder) ? Directory.EnumerateFiles(packageFolder, "*.nuspec").Order(StringComparer.Ordinal).FirstOrDefault() : null;
        if (nuspec is null)
        {
            return [];
        }

        try
        {
            return new NuspecReader(nuspec).GetDependencyGroups().ToList();
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException or System.Xml.XmlException or PackagingException or InvalidDataException)
        {
            // A nuspec NuGet cannot read says nothing about the family; the ids and versions still do.
            return [];
        }
    }
}
