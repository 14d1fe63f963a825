using System.Collections.Immutable;
using System.Text.RegularExpressions;
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
internal static partial class ProjectFileReader
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

            var excluded = Expand(projectFolder, item.Attribute("Exclude")?.Value, displayPath, "excludes", mustExist: false);
            files.UnionWith(Expand(projectFolder, include, displayPath, "compiles", mustExist: true).Except(excluded));
        }

        foreach (var item in compileItems)
        {
            files.ExceptWith(Expand(projectFolder, item.Attribute("Remove")?.Value, displayPath, "removes", mustExist: false));
        }

        var references = new SortedSet<string>(StringComparer.Ordinal);
        foreach (var include in Items(root, "ProjectReference").Select(i => i.Attribute("Include")?.Value))
        {
            references.UnionWith(ProjectReferences(projectFolder, include, displayPath));
        }

        var packages = Packages(root, projectPath, displayPath);
        var (assemblyReferences, missingReferences, referenceNames) = AssemblyReferences(root, projectFolder, displayPath, packages);
        var nullable = Property(root, "Nullable");
        var nullableEnabled = string.Equals(nullable, "enable", StringComparison.OrdinalIgnoreCase);
        var name = Path.GetFileNameWithoutExtension(projectPath);
        var assemblyName = Property(root, "AssemblyName") is { Length: > 0 } declared && !declared.Contains("$(", StringComparison.Ordinal) ? declared : name;
        var (symbols, symbolsNotRead) = PreprocessorSymbols(root, projectPath, isSdkStyle);
        return new SourceSet(name, isSdkStyle ? LoadMode.SdkProjectFile : LoadMode.OldStyleProjectFile, projectFolder, projectPath, files.Order(StringComparer.Ordinal).ToImmutableArray(), nullableEnabled)
        {
            ProjectReferences = references.ToImmutableArray(),
            AssemblyReferences = assemblyReferences,
            MissingReferences = missingReferences,
            ReferenceNames = referenceNames.Concat(ImplicitReferences(root, isSdkStyle)).Distinct(StringComparer.OrdinalIgnoreCase).Order(StringComparer.OrdinalIgnoreCase).ToImmutableArray(),
            AssemblyName = assemblyName,
            ConfigurationFiles = ConfigurationFileFinder.OfProject(projectFolder, ListedConfigurationFiles(root, projectFolder, displayPath)),
            Packages = packages,
            TestProject = TestProject(root, projectPath, packages),
            PreprocessorSymbols = symbols,
            SymbolsNotRead = symbolsNotRead,
        };
    }

    /// <summary>The configuration whose symbols are read: the one a developer builds by default, and the one WCF teams compile.</summary>
    internal const string Configuration = "Debug";

    /// <summary>
    /// The preprocessor symbols the project's <see cref="Configuration"/> build defines, in the order first written: the
    /// &lt;DefineConstants&gt; of every PropertyGroup whose Condition holds for Debug and the project's default platform
    /// (its <c>&lt;Platform Condition="'$(Platform)' == ''"&gt;</c>, else AnyCPU), <c>$(DefineConstants)</c> standing for
    /// the value so far; an SDK-style project adds what the SDK defines for Debug, DEBUG and TRACE (the target
    /// framework's symbols are not read: the migrated project defines its own). A DefineConstants under a Condition other
    /// than comparisons of $(Configuration) and $(Platform), or holding another property, is not read: the reason says
    /// where, and the symbols are those of the rest.
    /// </summary>
    internal static (ImmutableArray<string> Symbols, ImmutableArray<SymbolsNotRead> NotRead) PreprocessorSymbols(XElement root, string projectPath, bool isSdkStyle)
    {
        var groups = root.Elements().Where(e => e.Name.LocalName == "PropertyGroup").ToList();
        var platform = groups.SelectMany(g => g.Elements().Where(e => e.Name.LocalName == "Platform"))
            .Where(e => Condition(e.Attribute("Condition")?.Value, Configuration, string.Empty) == true)
            .Select(e => e.Value.Trim())
            .LastOrDefault(v => v.Length > 0 && !v.Contains("$(", StringComparison.Ordinal)) ?? "AnyCPU";
        var value = string.Empty;
        var notRead = new List<SymbolsNotRead>();
        SymbolsNotRead NotRead(XObject at, string reason)
            => new(reason, new Generator.SourcePosition(projectPath, ((IXmlLineInfo)at).LineNumber, ((IXmlLineInfo)at).LinePosition));

        foreach (var group in groups)
        {
            var groupCondition = group.Attribute("Condition")?.Value;
            foreach (var define in group.Elements().Where(e => e.Name.LocalName == "DefineConstants"))
            {
                var holds = Condition(groupCondition, Configuration, platform);
                var condition = groupCondition;
                if (holds == true)
                {
                    condition = define.Attribute("Condition")?.Value;
                    holds = Condition(condition, Configuration, platform);
                }

                if (holds is null)
                {
                    notRead.Add(NotRead(define, $"the Condition \"{condition!.Trim()}\" cannot be evaluated without MSBuild"));
                    continue;
                }

                if (holds == false)
                {
                    continue;
                }

                var written = define.Value.Trim().Replace("$(DefineConstants)", value, StringComparison.OrdinalIgnoreCase);
                if (written.Contains("$(", StringComparison.Ordinal))
                {
                    notRead.Add(NotRead(define, $"\"{define.Value.Trim()}\" names a property that cannot be evaluated without MSBuild"));
                    continue;
                }

                value = written;
            }
        }

        var symbols = value.Split([';', ','], StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries)
            .Concat(isSdkStyle ? ["DEBUG", "TRACE"] : [])
            // The compiler ignores (with a warning) a symbol that is not an identifier.
            .Where(s => Microsoft.CodeAnalysis.CSharp.SyntaxFacts.IsValidIdentifier(s))
            .Distinct(StringComparer.Ordinal)
            .ToImmutableArray();
        return (symbols, notRead.ToImmutableArray());
    }

    /// <summary>
    /// Whether an MSBuild Condition holds for <paramref name="configuration"/> and <paramref name="platform"/>: true for
    /// none; null when it is more than comparisons (<c>==</c>, <c>!=</c>, joined by <c>and</c> or by <c>or</c>) of quoted
    /// text made of $(Configuration), $(Platform) and literals, which MSBuild compares ignoring case.
    /// </summary>
    internal static bool? Condition(string? condition, string configuration, string platform)
    {
        if (string.IsNullOrWhiteSpace(condition))
        {
            return true;
        }

        // Parts at even indexes, the joiners ("and", "or") between them at odd ones.
        var pieces = ConditionJoiner().Split(condition);
        var joiners = pieces.Where((_, i) => i % 2 == 1).ToList();
        var joinedByOr = joiners.Any(j => j.Equals("or", StringComparison.OrdinalIgnoreCase));
        if (joinedByOr && joiners.Any(j => j.Equals("and", StringComparison.OrdinalIgnoreCase)))
        {
            return null;
        }

        var results = new List<bool>();
        foreach (var part in pieces.Where((_, i) => i % 2 == 0))
        {
            var comparison = ConditionComparison().Match(part);
            if (!comparison.Success)
            {
                return null;
            }

            string? Expand(string text)
            {
                var expanded = text.Replace("$(Configuration)", configuration, StringComparison.OrdinalIgnoreCase)
                    .Replace("$(Platform)", platform, StringComparison.OrdinalIgnoreCase);
                return expanded.Contains("$(", StringComparison.Ordinal) || expanded.Contains("@(", StringComparison.Ordinal) || expanded.Contains("%(", StringComparison.Ordinal) ? null : expanded.Trim();
            }

            if (Expand(comparison.Groups[1].Value) is not { } left || Expand(comparison.Groups[3].Value) is not { } right)
            {
                return null;
            }

            results.Add(string.Equals(left, right, StringComparison.OrdinalIgnoreCase) == (comparison.Groups[2].Value == "=="));
        }

        return joinedByOr ? results.Any(r => r) : results.All(r => r);
    }

    [GeneratedRegex(@"\s(and|or)\s", RegexOptions.IgnoreCase)]
    private static partial Regex ConditionJoiner();

    [GeneratedRegex(@"^\s*'([^']*)'\s*(==|!=)\s*'([^']*)'\s*$")]
    private static partial Regex ConditionComparison();

    /// <summary>
    /// The packages the project uses: its packages.config entries, then its &lt;PackageReference&gt; items whose version is
    /// known (the item's Version or VersionOverride, a range's minimum, else the PackageVersion of the Directory.Packages.props
    /// MSBuild would import); items with MSBuild properties are skipped.
    /// </summary>
    private static ImmutableArray<PackageEntry> Packages(XElement root, string projectPath, string displayPath)
    {
        var projectFolder = Path.GetDirectoryName(projectPath)!;
        var entries = new List<PackageEntry>();
        if (PackagesConfigFile.Find(projectFolder, displayPath) is { } config)
        {
            entries.AddRange(PackagesConfigFile.Read(config, Path.Join(Path.GetDirectoryName(displayPath), Path.GetFileName(config))));
        }

        Dictionary<string, string>? central = null;
        foreach (var item in Items(root, "PackageReference"))
        {
            var id = item.Attribute("Include")?.Value.Trim();
            if (string.IsNullOrEmpty(id) || id.Contains("$(", StringComparison.Ordinal))
            {
                continue;
            }

            var written = new[] { "VersionOverride", "Version" }
                .Select(name => item.Attribute(name)?.Value ?? item.Elements().FirstOrDefault(e => e.Name.LocalName == name)?.Value)
                .FirstOrDefault(v => !string.IsNullOrWhiteSpace(v))?.Trim();
            if (written is null)
            {
                central ??= CentralPackageVersions(projectFolder);
                central.TryGetValue(id, out written);
            }

            if (written is not null && !written.Contains("$(", StringComparison.Ordinal)
                && NuGet.Versioning.VersionRange.TryParse(written, out var range) && range.MinVersion is { } minimum)
            {
                var line = (IXmlLineInfo)item;
                entries.Add(new PackageEntry(id, minimum.ToNormalizedString(), new Generator.SourcePosition(projectPath, line.LineNumber, line.LinePosition)));
            }
        }

        return entries.ToImmutableArray();
    }

    /// <summary>The PackageVersion items of the Directory.Packages.props nearest above <paramref name="folder"/> (MSBuild imports that one).</summary>
    private static Dictionary<string, string> CentralPackageVersions(string folder)
    {
        var versions = new Dictionary<string, string>(StringComparer.OrdinalIgnoreCase);
        for (var current = folder; current is not null; current = Path.GetDirectoryName(current))
        {
            var props = Path.Combine(current, "Directory.Packages.props");
            if (!File.Exists(props))
            {
                continue;
            }

            if (SourceFileReader.NotARegularFileBecause(props) is not null)
            {
                // A FIFO would block the read forever; its versions are unknown, as for an unreadable file.
                break;
            }

            try
            {
                foreach (var item in XDocument.Load(props).Descendants().Where(e => e.Name.LocalName == "PackageVersion"))
                {
                    if (item.Attribute("Include")?.Value.Trim() is { Length: > 0 } id && item.Attribute("Version")?.Value.Trim() is { Length: > 0 } version)
                    {
                        versions.TryAdd(id, version);
                    }
                }
            }
            catch (Exception e) when (e is XmlException or IOException or UnauthorizedAccessException)
            {
                // Unreadable: its versions are unknown, as MSBuild would fail on it too; the references stay out.
            }

            break;
        }

        return versions;
    }

    /// <summary>
    /// Why the project is a test project: &lt;IsTestProject&gt; true, the test project type in &lt;ProjectTypeGuids&gt;
    /// (old-style MSTest projects), the MSTest SDK, or a test framework among its references, packages and packages.config.
    /// </summary>
    private static TestProjectMark? TestProject(XElement root, string projectPath, ImmutableArray<PackageEntry> packages)
    {
        TestProjectMark Mark(XObject at, string reason) => new(reason, new Generator.SourcePosition(projectPath, ((IXmlLineInfo)at).LineNumber, ((IXmlLineInfo)at).LinePosition));

        var properties = root.Elements().Where(e => e.Name.LocalName == "PropertyGroup").SelectMany(g => g.Elements()).ToList();
        if (properties.LastOrDefault(e => e.Name.LocalName == "IsTestProject") is { } isTest && string.Equals(isTest.Value.Trim(), "true", StringComparison.OrdinalIgnoreCase))
        {
            return Mark(isTest, "IsTestProject is true");
        }

        if (properties.FirstOrDefault(e => e.Name.LocalName == "ProjectTypeGuids" && e.Value.Contains(TestProjectTypeGuid, StringComparison.OrdinalIgnoreCase)) is { } guids)
        {
            return Mark(guids, "its ProjectTypeGuids mark a test project");
        }

        if (root.Attribute("Sdk") is { } sdk && sdk.Value.Split(';').Any(s => ReferenceKinds.IsTestFramework(s.Split('/')[0].Trim())))
        {
            return Mark(root, $"it is built with the {sdk.Value.Trim()} SDK");
        }

        foreach (var item in Items(root, "Reference").Concat(Items(root, "PackageReference")))
        {
            if (item.Attribute("Include")?.Value.Split(',')[0].Trim() is { Length: > 0 } name && ReferenceKinds.IsTestFramework(name))
            {
                return Mark(item, $"it references {name}");
            }
        }

        return packages.FirstOrDefault(p => ReferenceKinds.IsTestFramework(p.Id)) is { } package
            ? new TestProjectMark($"its packages.config lists {package.Id}", package.Position)
            : null;
    }

    /// <summary>Visual Studio's project type of old-style test projects.</summary>
    private const string TestProjectTypeGuid = "{3AC096D0-A1C2-E12C-1390-A8335801FDAB}";

    /// <summary>The <c>.config</c> files the project file lists (as None, Content or any other item) that exist; full paths.</summary>
    private static IEnumerable<string> ListedConfigurationFiles(XElement root, string projectFolder, string displayPath)
        => root.Elements().Where(e => e.Name.LocalName == "ItemGroup").SelectMany(g => g.Elements())
            .Select(e => e.Attribute("Include")?.Value.Trim())
            .OfType<string>()
            .Where(i => i.EndsWith(".config", StringComparison.OrdinalIgnoreCase) && !i.Contains("$(", StringComparison.Ordinal) && !Glob.HasWildcards(i))
            .Select(i => LetterCase.FindFile(Path.GetFullPath(Path.Combine(projectFolder, Glob.Normalize(i))), projectFolder, $"'{displayPath}' lists '{i}'"))
            .OfType<string>()
            .ToList();

    /// <summary>
    /// The assemblies MSBuild references without a &lt;Reference&gt;: mscorlib and System.Core in every .NET Framework build;
    /// an SDK-style project's implicit framework references (unless DisableImplicitFrameworkReferences) when it targets
    /// only the .NET Framework, and every assembly of the built-in set when it targets something else (.NET Standard,
    /// .NET: the whole framework, of which the set stands for the part the code can use).
    /// </summary>
    private static IEnumerable<string> ImplicitReferences(XElement root, bool isSdkStyle)
    {
        if (!isSdkStyle)
        {
            return ["mscorlib", "System.Core"];
        }

        var frameworks = (Property(root, "TargetFrameworks") is { Length: > 0 } several ? several : Property(root, "TargetFramework") ?? string.Empty)
            .Split(';', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
        if (frameworks.Length == 0 || !frameworks.All(NetFrameworkMoniker().IsMatch))
        {
            return ReferenceSet.AssemblyNames;
        }

        return string.Equals(Property(root, "DisableImplicitFrameworkReferences"), "true", StringComparison.OrdinalIgnoreCase)
            ? ["mscorlib"]
            : ["mscorlib", "System", "System.Core", "System.Data", "System.Drawing", "System.IO.Compression.FileSystem", "System.Numerics", "System.Runtime.Serialization", "System.Xml", "System.Xml.Linq"];
    }

    /// <summary>A .NET Framework target framework moniker: net20 to net481 (net5.0 and later are .NET).</summary>
    [GeneratedRegex(@"^net[1-4]\d{1,2}$", RegexOptions.IgnoreCase)]
    private static partial Regex NetFrameworkMoniker();

    /// <summary>
    /// The assemblies a project references: a &lt;Reference&gt; with a &lt;HintPath&gt; found on disk is compiled against;
    /// one whose HintPath is missing, or a framework name outside the built-in set, or a &lt;PackageReference&gt;, is
    /// missing. Names the built-in set holds need no HintPath. Items using MSBuild properties cannot be evaluated: a
    /// HintPath with $(…) counts as missing. A missing reference is restorable when a restore could bring it: a
    /// packages.config package of its name, a HintPath into a package's folder, a &lt;PackageReference&gt;. Also the
    /// simple names of every &lt;Reference&gt;.
    /// </summary>
    private static (ImmutableArray<string> Found, ImmutableArray<MissingReference> Missing, ImmutableArray<string> Names) AssemblyReferences(XElement root, string projectFolder, string displayPath, ImmutableArray<PackageEntry> packages)
    {
        var found = new SortedSet<string>(StringComparer.Ordinal);
        var missing = new List<MissingReference>();
        var names = new List<string>();
        var packageIds = packages.Select(p => p.Id).ToList();
        void Missing(XElement item, string name, string reason, bool restorable, bool withoutHintPath = false)
        {
            var line = (IXmlLineInfo)item;
            if (!missing.Any(m => string.Equals(m.Name, name, StringComparison.OrdinalIgnoreCase)))
            {
                missing.Add(new MissingReference(name, reason, line.LineNumber, line.LinePosition) { Restorable = restorable, WithoutHintPath = withoutHintPath });
            }
        }

        foreach (var item in Items(root, "Reference"))
        {
            var name = item.Attribute("Include")?.Value.Split(',')[0].Trim();
            if (string.IsNullOrEmpty(name) || name.Contains("$(", StringComparison.Ordinal))
            {
                continue;
            }

            names.Add(name);
            var hintPath = item.Elements().FirstOrDefault(e => e.Name.LocalName == "HintPath")?.Value.Trim();
            var hintFullPath = !string.IsNullOrEmpty(hintPath) && !hintPath.Contains("$(", StringComparison.Ordinal)
                ? Path.GetFullPath(Path.Combine(projectFolder, Glob.Normalize(hintPath)))
                : null;
            if (hintFullPath is not null && LetterCase.FindFile(hintFullPath, projectFolder, $"'{displayPath}' references '{hintPath}'") is { } assembly)
            {
                found.Add(assembly);
            }
            else if (ReferenceSet.Contains(name))
            {
                // A framework assembly (or a HintPath to a copy of one): the built-in set has it.
            }
            else if (ReferenceSet.FrameworkAssemblyOutsideSet(name) is { } framework)
            {
                // A framework assembly the set leaves out (System.Device): this project compiles against it.
                found.Add(framework);
            }
            else if (!string.IsNullOrEmpty(hintPath))
            {
                missing.Add(new MissingReference(name, $"HintPath {hintPath} not found", ((IXmlLineInfo)item).LineNumber, ((IXmlLineInfo)item).LinePosition)
                {
                    HintPath = hintFullPath,
                    // A HintPath with $(…) (a $(SolutionDir)packages\… one) cannot be resolved; its text tells a packages folder.
                    Restorable = IsPackage(name) || (hintFullPath is not null
                        ? PackagesFolder.PackageOf(hintFullPath, packageIds) is not null
                        : hintPath.Replace('\\', '/').Contains("packages/", StringComparison.OrdinalIgnoreCase)),
                });
            }
            else
            {
                Missing(item, name, "not in the built-in .NET Framework 4.7.2 set", restorable: IsPackage(name), withoutHintPath: true);
            }
        }

        foreach (var item in Items(root, "PackageReference"))
        {
            // The reference-assembly packages only stand in for an installed framework, which the built-in set is.
            if (item.Attribute("Include")?.Value.Trim() is { Length: > 0 } name && !name.Contains("$(", StringComparison.Ordinal)
                && !name.StartsWith("Microsoft.NETFramework.ReferenceAssemblies", StringComparison.OrdinalIgnoreCase))
            {
                Missing(item, name, "a package: run dotnet restore so that MSBuild loads the project with it", restorable: true);
            }
        }

        return (found.ToImmutableArray(), missing.OrderBy(m => m.Line).ThenBy(m => m.Name, StringComparer.Ordinal).ToImmutableArray(), names.ToImmutableArray());

        bool IsPackage(string name) => packageIds.Contains(name, StringComparer.OrdinalIgnoreCase);
    }

    private static IEnumerable<XElement> Items(XElement root, string itemType)
        => root.Elements().Where(e => e.Name.LocalName == "ItemGroup")
            .SelectMany(g => g.Elements().Where(e => e.Name.LocalName == itemType));

    /// <summary>
    /// The .csproj files a &lt;ProjectReference Include&gt; names, full paths; ones that do not exist or use MSBuild
    /// properties are left out (their types stay unresolved, as they would for a missing assembly).
    /// </summary>
    private static IEnumerable<string> ProjectReferences(string projectFolder, string? specification, string displayPath)
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

            if (LetterCase.FindFile(Path.GetFullPath(Path.Combine(projectFolder, Glob.Normalize(part))), projectFolder, $"'{displayPath}' references the project '{part}'") is { } existing)
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

    /// <summary>
    /// The .cs files an item specification (";"-separated paths and wildcards) names; full paths. A wildcard's fixed
    /// folder is searched in every letter case it exists in, as Windows sees them as one folder.
    /// </summary>
    private static IEnumerable<string> Expand(string projectFolder, string? specification, string displayPath, string verb, bool mustExist)
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
                var existing = LetterCase.FindFile(fullPath, projectFolder, $"'{displayPath}' {verb} '{part}'");
                if (existing is not null)
                {
                    if (existing.EndsWith(".cs", StringComparison.OrdinalIgnoreCase))
                    {
                        yield return existing;
                    }
                }
                else if (mustExist)
                {
                    throw CommandLineException.Input($"'{displayPath}' {verb} '{part}', which does not exist.");
                }

                continue;
            }

            var prefix = Glob.FixedPrefix(normalized);
            var glob = Glob.Create(normalized[prefix.Length..]);
            foreach (var searchFolder in LetterCase.Folders(Path.GetFullPath(Path.Combine(projectFolder, prefix.Length == 0 ? "." : prefix))))
            {
                foreach (var file in InputResolver.EnumerateSources(searchFolder))
                {
                    if (glob.IsMatch(Path.GetRelativePath(searchFolder, file)))
                    {
                        yield return file;
                    }
                }
            }
        }
    }
}
