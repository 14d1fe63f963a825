using System.Collections.Immutable;
using System.Xml;
using System.Xml.Linq;
using MigrateWcf.Generator;
using MigrateWcf.Tool.Cli;
using NuGet.Versioning;

namespace MigrateWcf.Tool.Input;

/// <summary>A package a project uses, and where its packages.config (or project file) names it.</summary>
/// <param name="Id">The package id as written.</param>
/// <param name="Version">The version as written (a version range's minimum for a &lt;PackageReference&gt;).</param>
public sealed record PackageEntry(string Id, string Version, SourcePosition Position)
{
    public NuGetVersion NuGetVersion => NuGetVersion.Parse(Version);
}

/// <summary>The one reader of packages.config: <c>&lt;package id version /&gt;</c> entries, for <c>--restore</c> and for the migrated project.</summary>
internal static class PackagesConfigFile
{
    /// <summary>The packages.config beside a project (<paramref name="displayPath"/>, for the message when several spellings are there), or null.</summary>
    public static string? Find(string projectFolder, string displayPath)
        => LetterCase.FindFile(Path.Combine(projectFolder, "packages.config"), projectFolder, $"'{displayPath}' has 'packages.config'");

    /// <summary>
    /// The entries with an id and a valid version, in file order; entries whose id could not be a folder name are
    /// skipped. A file that is not XML is an input error, as for a malformed project.
    /// </summary>
    public static ImmutableArray<PackageEntry> Read(string path, string displayPath)
    {
        try
        {
            return XDocument.Load(path, LoadOptions.SetLineInfo).Root?.Elements().Where(e => e.Name.LocalName == "package")
                .Select(e => (Element: e, Id: e.Attribute("id")?.Value.Trim() ?? string.Empty, Version: e.Attribute("version")?.Value.Trim() ?? string.Empty))
                .Where(p => p.Id.Length > 0 && p.Version.Length > 0 && NuGetVersion.TryParse(p.Version, out _)
                            && p.Id.IndexOfAny(Path.GetInvalidFileNameChars()) < 0 && !p.Id.Contains("..", StringComparison.Ordinal))
                .Select(p => new PackageEntry(p.Id, p.Version, new SourcePosition(path, ((IXmlLineInfo)p.Element).LineNumber, ((IXmlLineInfo)p.Element).LinePosition)))
                .ToImmutableArray() ?? [];
        }
        catch (Exception e) when (e is XmlException or IOException or UnauthorizedAccessException)
        {
            throw CommandLineException.Input($"cannot read '{displayPath}': {e.Message}", e);
        }
    }
}
