using System.Collections.Immutable;
using System.Xml;
using System.Xml.Linq;
using MigrateWcf.Tool.Cli;

namespace MigrateWcf.Tool.Input;

/// <summary>
/// Reads which C# files a .csproj compiles without MSBuild: SDK-style projects take every .cs below their folder (minus
/// bin, obj and hidden folders, and the folders of projects nested below it) plus their &lt;Compile Include&gt; items,
/// minus &lt;Compile Remove&gt;; old-style projects take exactly their &lt;Compile Include&gt; items. Items with MSBuild
/// properties ($(…)) cannot be evaluated and are skipped. Also reads the projects it references.
/// </summary>
internal static class ProjectFileReader
{
    public static SourceSet Read(string projectPath, string displayPath)
    {
        XDocument document;
        try
        {
            document = XDocument.Load(projectPath, LoadOptions.SetLineInfo);
        }
        catch (XmlException e)
        {
            throw CommandLineException.Input($"'{displayPath}' is not a valid project file: {e.Message}", e);
        }
        catch (Exception e) when (e is UnauthorizedAccessException or IOException)
        {
            throw CommandLineException.Input($"cannot read '{displayPath}': {e.Message}", e);
        }

        var root = document.Root;
        if (root is null || root.Name.LocalName != "Project")
        {
            throw CommandLineException.Input($"'{displayPath}' is not an MSBuild project (its root element is not <Project>).");
        }

        var projectFolder = Path.GetDirectoryName(projectPath)!;
        var isSdkStyle = root.Attribute("Sdk") is not null
                         || root.Elements().Any(e => e.Name.LocalName == "Sdk")
                         || root.Elements().Any(e => e.Name.LocalName == "Import" && e.Attribute("Sdk") is not null);

        var files = new HashSet<string>(StringComparer.Ordinal);
        if (isSdkStyle && !string.Equals(Property(root, "EnableDefaultCompileItems"), "false", StringComparison.OrdinalIgnoreCase))
        {
            // MSBuild's default glob would also take a nested project's files; each file goes to the nearest project
            // instead, as nested projects are meant (an outer project that does compile them lists them explicitly).
            files.UnionWith(InputResolver.EnumerateSources(projectFolder, skipNestedProjects: true));
        }

        var compileItems = Items(root, "Compile").ToList();
        foreach (var item in compileItems)
        {
            var include = item.Attribute("Include")?.Value;
            if (include is null)
            {
                continue;
            }

            var excluded = Expand(projectFolder, item.Attribute("Exclude")?.Value, displayPath, mustExist: false);
            files.UnionWith(Expand(projectFolder, include, displayPath, mustExist: true).Except(excluded));
        }

        foreach (var item in compileItems)
        {
            files.ExceptWith(Expand(projectFolder, item.Attribute("Remove")?.Value, displayPath, mustExist: false));
        }

        var references = new SortedSet<string>(StringComparer.Ordinal);
        foreach (var include in Items(root, "ProjectReference").Select(i => i.Attribute("Include")?.Value))
        {
            references.UnionWith(ProjectReferences(projectFolder, include));
        }

        var (assemblyReferences, missingReferences) = AssemblyReferences(root, projectFolder);
        var nullable = Property(root, "Nullable");
        var nullableEnabled = string.Equals(nullable, "enable", StringComparison.OrdinalIgnoreCase);
        var name = Path.GetFileNameWithoutExtension(projectPath);
        var assemblyName = Property(root, "AssemblyName") is { Length: > 0 } declared && !declared.Contains("$(", StringComparison.Ordinal) ? declared : name;
        return new SourceSet(name, isSdkStyle ? LoadMode.SdkProjectFile : LoadMode.OldStyleProjectFile, projectFolder, projectPath, files.Order(StringComparer.Ordinal).ToImmutableArray(), nullableEnabled)
        {
            ProjectReferences = references.ToImmutableArray(),
            AssemblyReferences = assemblyReferences,
            MissingReferences = missingReferences,
            AssemblyName = assemblyName,
            ConfigurationFiles = ConfigurationFileFinder.InFolders([projectFolder]),
        };
    }

    /// <summary>
    /// The assemblies a project references: a &lt;Reference&gt; with a &lt;HintPath&gt; found on disk is compiled against;
    /// one whose HintPath is missing, or a framework name outside the built-in set, or a &lt;PackageReference&gt;, is
    /// missing. Names the built-in set holds need no HintPath. Items using MSBuild properties cannot be evaluated: a
    /// HintPath with $(…) counts as missing.
    /// </summary>
    private static (ImmutableArray<string> Found, ImmutableArray<MissingReference> Missing) AssemblyReferences(XElement root, string projectFolder)
    {
        var found = new SortedSet<string>(StringComparer.Ordinal);
        var missing = new List<MissingReference>();
        void Missing(XElement item, string name, string reason)
        {
            var line = (IXmlLineInfo)item;
            if (!missing.Any(m => string.Equals(m.Name, name, StringComparison.OrdinalIgnoreCase)))
            {
                missing.Add(new MissingReference(name, reason, line.LineNumber, line.LinePosition));
            }
        }

        foreach (var item in Items(root, "Reference"))
        {
            var name = item.Attribute("Include")?.Value.Split(',')[0].Trim();
            if (string.IsNullOrEmpty(name) || name.Contains("$(", StringComparison.Ordinal))
            {
                continue;
            }

            var hintPath = item.Elements().FirstOrDefault(e => e.Name.LocalName == "HintPath")?.Value.Trim();
            var hintFullPath = !string.IsNullOrEmpty(hintPath) && !hintPath.Contains("$(", StringComparison.Ordinal)
                ? Path.GetFullPath(Path.Combine(projectFolder, Glob.Normalize(hintPath)))
                : null;
            if (hintFullPath is not null && FindIgnoringCase(hintFullPath) is { } assembly)
            {
                found.Add(assembly);
            }
            else if (ReferenceSet.Contains(name))
            {
                // A framework assembly (or a HintPath to a copy of one): the built-in set has it.
            }
            else if (!string.IsNullOrEmpty(hintPath))
            {
                missing.Add(new MissingReference(name, $"HintPath {hintPath} not found", ((IXmlLineInfo)item).LineNumber, ((IXmlLineInfo)item).LinePosition) { HintPath = hintFullPath });
            }
            else
            {
                Missing(item, name, "not in the built-in .NET Framework 4.7.2 set");
            }
        }

        foreach (var item in Items(root, "PackageReference"))
        {
            // The reference-assembly packages only stand in for an installed framework, which the built-in set is.
            if (item.Attribute("Include")?.Value.Trim() is { Length: > 0 } name && !name.Contains("$(", StringComparison.Ordinal)
                && !name.StartsWith("Microsoft.NETFramework.ReferenceAssemblies", StringComparison.OrdinalIgnoreCase))
            {
                Missing(item, name, "a package: run dotnet restore so that MSBuild loads the project with it");
            }
        }

        return (found.ToImmutableArray(), missing.OrderBy(m => m.Line).ThenBy(m => m.Name, StringComparer.Ordinal).ToImmutableArray());
    }

    private static IEnumerable<XElement> Items(XElement root, string itemType)
        => root.Elements().Where(e => e.Name.LocalName == "ItemGroup")
            .SelectMany(g => g.Elements().Where(e => e.Name.LocalName == itemType));

    /// <summary>
    /// The .csproj files a &lt;ProjectReference Include&gt; names, full paths; ones that do not exist or use MSBuild
    /// properties are left out (their types stay unresolved, as they would for a missing assembly).
    /// </summary>
    private static IEnumerable<string> ProjectReferences(string projectFolder, string? specification)
    {
        if (string.IsNullOrWhiteSpace(specification))
        {
            yield break;
        }

        foreach (var part in specification.Split(';', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries))
        {
            if (part.Contains("$(", StringComparison.Ordinal) || Glob.HasWildcards(part)
                || !part.EndsWith(".csproj", StringComparison.OrdinalIgnoreCase))
            {
                continue;
            }

            if (FindIgnoringCase(Path.GetFullPath(Path.Combine(projectFolder, Glob.Normalize(part)))) is { } existing)
            {
                yield return existing;
            }
        }
    }

    private static string? Property(XElement root, string name)
        => root.Elements().Where(e => e.Name.LocalName == "PropertyGroup")
            .SelectMany(g => g.Elements().Where(e => e.Name.LocalName == name))
            .Select(e => e.Value.Trim())
            .LastOrDefault();

    /// <summary>The .cs files an item specification (";"-separated paths and wildcards) names; full paths.</summary>
    private static IEnumerable<string> Expand(string projectFolder, string? specification, string displayPath, bool mustExist)
    {
        if (string.IsNullOrWhiteSpace(specification))
        {
            yield break;
        }

        foreach (var part in specification.Split(';', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries))
        {
            if (part.Contains("$(", StringComparison.Ordinal) || part.Contains("@(", StringComparison.Ordinal) || part.Contains("%(", StringComparison.Ordinal))
            {
                continue;
            }

            var normalized = Glob.Normalize(part);
            if (!Glob.HasWildcards(normalized))
            {
                var fullPath = Path.GetFullPath(Path.Combine(projectFolder, normalized));
                var existing = FindIgnoringCase(fullPath);
                if (existing is not null)
                {
                    if (existing.EndsWith(".cs", StringComparison.OrdinalIgnoreCase))
                    {
                        yield return existing;
                    }
                }
                else if (mustExist)
                {
                    throw CommandLineException.Input($"'{displayPath}' compiles '{part}', which does not exist.");
                }

                continue;
            }

            var prefix = Glob.FixedPrefix(normalized);
            var searchFolder = Path.GetFullPath(Path.Combine(projectFolder, prefix.Length == 0 ? "." : prefix));
            if (!Directory.Exists(searchFolder))
            {
                continue;
            }

            var glob = Glob.Create(normalized[prefix.Length..]);
            foreach (var file in InputResolver.EnumerateSources(searchFolder))
            {
                if (glob.IsMatch(Path.GetRelativePath(searchFolder, file)))
                {
                    yield return file;
                }
            }
        }
    }

    /// <summary>
    /// The file at <paramref name="fullPath"/>, or one whose path differs only in letter case: projects written on
    /// Windows often spell a file name differently from the disk.
    /// </summary>
    internal static string? FindIgnoringCase(string fullPath)
    {
        if (File.Exists(fullPath))
        {
            return fullPath;
        }

        var folder = Path.GetDirectoryName(fullPath);
        if (folder is null)
        {
            return null;
        }

        var existingFolder = Directory.Exists(folder) ? folder : FindFolderIgnoringCase(folder);
        if (existingFolder is null)
        {
            return null;
        }

        var name = Path.GetFileName(fullPath);
        return Directory.EnumerateFiles(existingFolder)
            .FirstOrDefault(f => string.Equals(Path.GetFileName(f), name, StringComparison.OrdinalIgnoreCase));
    }

    private static string? FindFolderIgnoringCase(string folder)
    {
        var parent = Path.GetDirectoryName(folder);
        if (parent is null)
        {
            return null;
        }

        var existingParent = Directory.Exists(parent) ? parent : FindFolderIgnoringCase(parent);
        if (existingParent is null)
        {
            return null;
        }

        var name = Path.GetFileName(folder);
        return Directory.EnumerateDirectories(existingParent)
            .FirstOrDefault(d => string.Equals(Path.GetFileName(d), name, StringComparison.OrdinalIgnoreCase));
    }
}
