using System.Collections.Immutable;
using MigrateWcf.Generator;
using MigrateWcf.Generator.Rules;
using MigrateWcf.Tool.Cli;
using NuGet.Versioning;

namespace MigrateWcf.Tool.Input;

/// <summary>
/// What the migrated project references of the original projects': their packages (packages.config entries at the
/// version restored, else the one in the packages folder, else the one asked for; &lt;PackageReference&gt; items as
/// written), a family of packages at one version, and the assemblies their HintPaths find in a folder of their own (not
/// a packages folder, not the .NET Framework's). With the findings that say what is left out (<see cref="ReferenceKinds"/>)
/// and what is referenced at another version than the original's.
/// </summary>
internal static class CarriedReferences
{
    /// <param name="PackagePositions">Where each package is listed (its first packages.config or PackageReference line), by
    /// id, case-insensitive: a restore error of the migrated project is reported there.</param>
    public sealed record Result(ImmutableArray<MigratedPackage> Packages, ImmutableArray<MigratedAssembly> Assemblies, ImmutableArray<ReportedFinding> Findings,
        ImmutableDictionary<string, SourcePosition> PackagePositions);

    /// <summary>One package as one project uses it.</summary>
    /// <param name="FromPackagesConfig">Listed by a packages.config (not a PackageReference, not only found by a HintPath).</param>
    private sealed record Use(string Id, NuGetVersion Requested, NuGetVersion Version, string? Note, SourcePosition? Position, string? PackageFolder, ImmutableArray<string> AssemblyPaths, bool FromPackagesConfig = false);

    /// <param name="projects">The projects the migrated project compiles (test projects left out), in a stable order.</param>
    /// <param name="restored">What <c>--restore</c> put in place (<see cref="InputSet.RestoredPackages"/>).</param>
    public static Result Of(IReadOnlyList<SourceSet> projects, ImmutableArray<RestoredPackage> restored)
    {
        var uses = new List<Use>();
        var assemblies = new SortedDictionary<string, MigratedAssembly>(StringComparer.Ordinal);
        foreach (var project in projects)
        {
            var hintPaths = project.AssemblyReferences.Concat(project.MissingReferences.Select(m => m.HintPath).OfType<string>()).ToList();
            var ids = project.Packages.Select(p => p.Id).ToList();
            var inPackages = hintPaths.Select(h => (Path: h, Package: PackagesFolder.PackageOf(h, ids))).Where(h => h.Package is not null).ToList();
            string? FolderOf(string id) =>
                inPackages.Where(h => string.Equals(h.Package!.Value.Id, id, StringComparison.OrdinalIgnoreCase)).Select(h => Path.GetDirectoryName(h.Package!.Value.Folder)).FirstOrDefault()
                ?? inPackages.Select(h => Path.GetDirectoryName(h.Package!.Value.Folder)).FirstOrDefault()
                ?? NearestPackagesFolder(project.Folder);
            ImmutableArray<string> PathsOf(string id) =>
                inPackages.Where(h => string.Equals(h.Package!.Value.Id, id, StringComparison.OrdinalIgnoreCase)).Select(h => h.Path).Distinct(StringComparer.Ordinal).Order(StringComparer.Ordinal).ToImmutableArray();

            // A reference this reader cannot follow (a HintPath with $(…), an assembly named without a HintPath) may be a
            // package's: then "no reference names it" cannot be told.
            bool MayReference(string id) => project.MissingReferences.Any(m =>
                (m.HintPath is null && m.Reason.StartsWith("HintPath", StringComparison.Ordinal)) || string.Equals(m.Name, id, StringComparison.OrdinalIgnoreCase));

            foreach (var entry in project.Packages)
            {
                var requested = entry.NuGetVersion;
                if (!string.Equals(Path.GetFileName(entry.Position.FilePath), "packages.config", StringComparison.OrdinalIgnoreCase))
                {
                    uses.Add(new Use(entry.Id, requested, requested, null, entry.Position, null, []));
                    continue;
                }

                var folder = FolderOf(entry.Id);
                var (version, note) = VersionIn(folder, entry, restored);
                uses.Add(new Use(entry.Id, requested, version, note, entry.Position, folder is null ? null : PackagesFolder.FolderOf(folder, entry.Id, version), PathsOf(entry.Id), FromPackagesConfig: !MayReference(entry.Id)));
            }

            // A HintPath into a package folder that no packages.config lists: the package, at that folder's version.
            foreach (var (_, package) in inPackages.Where(h => !project.Packages.Any(p => string.Equals(p.Id, h.Package!.Value.Id, StringComparison.OrdinalIgnoreCase))))
            {
                var (id, version, folder) = package!.Value;
                uses.Add(new Use(id, version, version, null, null, folder, PathsOf(id)));
            }

            foreach (var assembly in project.AssemblyReferences.Where(a => PackagesFolder.PackageOf(a, ids) is null))
            {
                var name = Path.GetFileNameWithoutExtension(assembly);
                if (!ReferenceSet.IsFrameworkAssembly(name) && ReferenceKinds.WhyNotCarried(name) is null && !IsInstalledFrameworkFolder(assembly))
                {
                    assemblies.TryAdd(assembly, new MigratedAssembly(name, assembly));
                }
            }
        }

        var packages = Merge(uses);
        AlignFamilies(packages);
        var findings = new List<ReportedFinding>();
        foreach (var package in packages)
        {
            var reason = ReferenceKinds.WhyNotCarried(package.Id) ?? LeftOutBecause(package);
            if (reason is ReferenceKinds.TestLibrary or ReferenceKinds.BuildTooling or ReferenceKinds.NoAssemblyReferenced or ReferenceKinds.InAspNetCore)
            {
                findings.Add(ReportedFinding.From(Finding.Create(FindingMessages.PackageNotCarried, package.Position, package.Id, package.Version.ToNormalizedString(), reason)));
            }
            else if (reason is null && package.Version != package.Requested)
            {
                findings.Add(ReportedFinding.From(Finding.Create(FindingMessages.PackageVersionChanged, package.Position, package.Id, package.Version.ToNormalizedString(), package.Note ?? $"the original asks {package.Requested}")));
            }
        }

        return new Result(
            packages.Select(p => new MigratedPackage(p.Id, p.Version.ToNormalizedString(), p.AssemblyPaths, p.Note) { LeftOutBecause = LeftOutBecause(p) }).ToImmutableArray(),
            assemblies.Values.ToImmutableArray(),
            findings.ToImmutableArray(),
            uses.Where(u => u.Position is not null).DistinctBy(u => u.Id, StringComparer.OrdinalIgnoreCase)
                .ToImmutableDictionary(u => u.Id, u => u.Position!, StringComparer.OrdinalIgnoreCase));
    }

    /// <summary>
    /// Why a package the projects use is left out: one only packages.config files list, none of whose assemblies their
    /// projects reference (a script or content package such as Microsoft.ApplicationInsights.JavaScript, a build
    /// package): no code compiles against it, so the migrated project leaves it out, even when no feed has it.
    /// </summary>
    /// <remarks>
    /// And a package ASP.NET Core's shared framework holds at its version or a higher one (Microsoft.Extensions.*
    /// 5.0.0): the migrated project has that framework through MigrateWcf.Runtime, whose own packages need those
    /// assemblies at a higher version than such a reference asks (NU1605, a downgrade).
    /// </remarks>
    private static string? LeftOutBecause(Use package)
        => package.FromPackagesConfig && package.AssemblyPaths.IsEmpty ? ReferenceKinds.NoAssemblyReferenced
            : TargetReferenceSet.AspNetCoreVersion(package.Id) is { } shared && package.Version.Major <= shared.Major ? ReferenceKinds.InAspNetCore
            : null;

    /// <summary>
    /// The version a packages.config entry gets: what <c>--restore</c> put in place; else the requested version when its
    /// folder is there or no folder of the package is; else the nearest higher version whose folder is there (what a
    /// restore put in its place).
    /// </summary>
    private static (NuGetVersion Version, string? Note) VersionIn(string? packagesFolder, PackageEntry entry, ImmutableArray<RestoredPackage> restored)
    {
        var requested = entry.NuGetVersion;
        if (packagesFolder is null)
        {
            return (requested, null);
        }

        if (restored.FirstOrDefault(r => string.Equals(r.PackagesFolder, packagesFolder, StringComparison.OrdinalIgnoreCase)
                                         && string.Equals(r.Id, entry.Id, StringComparison.OrdinalIgnoreCase) && NuGetVersion.Parse(r.Requested) == requested) is { } done)
        {
            return (NuGetVersion.Parse(done.Version), done.Note);
        }

        var present = PackagesFolder.Versions(packagesFolder, entry.Id);
        if (present.Count == 0 || present.Contains(requested))
        {
            return (requested, null);
        }

        return present.Where(v => v > requested).Order().FirstOrDefault() is { } higher
            ? (higher, $"packages.config asks {entry.Version}; the packages folder has {higher} in its place")
            : (requested, null);
    }

    /// <summary>One package per id (any case): the highest version the projects use, their assemblies together.</summary>
    private static List<Use> Merge(List<Use> uses)
        => uses.GroupBy(u => u.Id, StringComparer.OrdinalIgnoreCase)
            .Select(g =>
            {
                var highest = g.OrderByDescending(u => u.Version).ThenBy(u => u.Position is null).First();
                var versions = g.Select(u => u.Version).Distinct().Order().ToList();
                var note = versions.Count > 1 ? $"the projects use {string.Join(", ", versions)}; the highest" : highest.Note;
                var paths = g.SelectMany(u => u.AssemblyPaths).Distinct(StringComparer.Ordinal).Order(StringComparer.Ordinal).ToImmutableArray();
                return highest with { Note = note, AssemblyPaths = paths, Position = highest.Position ?? g.Select(u => u.Position).FirstOrDefault(p => p is not null), FromPackagesConfig = g.All(u => u.FromPackagesConfig) };
            })
            .OrderBy(u => u.Id, StringComparer.OrdinalIgnoreCase)
            .ToList();

    /// <summary>
    /// A family (<see cref="PackageFamilies"/>) some member of which moved from its version, whose members now differ,
    /// goes to the highest of them: a PackageReference restores that version or a higher one, so the family loads together.
    /// </summary>
    private static void AlignFamilies(List<Use> packages)
    {
        var families = PackageFamilies.Group(
            packages.Select(p => (p.Id, p.Requested)).ToList(),
            i => packages[i].PackageFolder is { } folder ? PackageFamilies.LockstepDependencies(packages[i].Version, PackagesFolder.DependencyGroups(folder)) : []);
        foreach (var family in families.Where(f => f.Count > 1))
        {
            var members = family.Select(i => packages[i]).ToList();
            if (members.All(m => m.Version == m.Requested) || members.Select(m => m.Version).Distinct().Count() == 1)
            {
                continue;
            }

            var target = members.Max(m => m.Version)!;
            var names = string.Join(", ", members.Select(m => m.Id).Order(StringComparer.OrdinalIgnoreCase));
            foreach (var i in family.Where(i => packages[i].Version != target))
            {
                packages[i] = packages[i] with { Version = target, Note = $"{packages[i].Note ?? $"packages.config asks {packages[i].Requested}"}; {target} for every package of its family ({names})" };
            }
        }
    }

    /// <summary>The <c>packages</c> folder nearest above a project (where <c>nuget restore</c> puts a solution's packages).</summary>
    private static string? NearestPackagesFolder(string projectFolder)
    {
        for (var folder = projectFolder; folder is not null; folder = Path.GetDirectoryName(folder))
        {
            var packages = Path.Combine(folder, "packages");
            if (Directory.Exists(packages))
            {
                return packages;
            }
        }

        return null;
    }

    /// <summary>A path into an installed .NET Framework (its reference assemblies, the GAC), which a HintPath sometimes names.</summary>
    private static bool IsInstalledFrameworkFolder(string path)
        => path.Split(Path.DirectorySeparatorChar, Path.AltDirectorySeparatorChar)
            .Any(s => s.Equals("Reference Assemblies", StringComparison.OrdinalIgnoreCase) || s.Equals("GAC_MSIL", StringComparison.OrdinalIgnoreCase));
}
