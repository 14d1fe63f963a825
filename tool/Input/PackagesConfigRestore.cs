using System.Collections.Immutable;
using System.Xml;
using System.Xml.Linq;
using MigrateWcf.Tool.Cli;
using NuGet.Common;
using NuGet.Configuration;
using NuGet.Frameworks;
using NuGet.Packaging;
using NuGet.Packaging.Core;
using NuGet.Packaging.Signing;
using NuGet.Protocol;
using NuGet.Protocol.Core.Types;
using NuGet.Versioning;

namespace MigrateWcf.Tool.Input;

/// <summary>
/// <c>--restore</c>: what <c>nuget restore</c> does for old-style projects, so their HintPath references resolve. For each
/// project with a <c>packages.config</c> and a missing HintPath, the packages it lists are downloaded through NuGet's
/// client libraries from the feeds the project's folder is configured with (nuget.config files, as NuGet reads them) and
/// extracted into the <c>packages/</c> folder the HintPaths point at, as <c>&lt;id&gt;.&lt;version&gt;/</c>. When a feed lacks
/// the exact version, the nearest higher one is taken, with a note, and the HintPaths into the requested version's
/// folder are read from the restored one; a package family (<see cref="PackageFamilies"/>) a member of which lacks its
/// version is restored at the nearest version every member has, so it loads together. Package folders that already
/// exist are left as they are; nothing is deleted but the staging folder this creates. Notes go to stderr; a package
/// that cannot be restored stays a missing reference.
/// </summary>
internal static class PackagesConfigRestore
{
    /// <summary>One package of one packages.config, to be put into <see cref="PackagesFolder"/>.</summary>
    private sealed record PlannedPackage(string PackagesFolder, string Id, string Version, string ProjectFolder)
    {
        public NuGetVersion Requested { get; } = NuGetVersion.Parse(Version);
    }

    /// <summary>What the packages folder and the feeds offer one planned package, and the version chosen for it.</summary>
    private sealed class Offer(PlannedPackage plan)
    {
        public PlannedPackage Plan { get; } = plan;

        /// <summary>The requested version's folder, when the packages folder has it already (then no feed is asked).</summary>
        public string? ExactFolder { get; init; }

        /// <summary>Every version the feeds have, with the first feed that has it.</summary>
        public Dictionary<NuGetVersion, (FindPackageByIdResource Finder, PackageSource Source)> OnFeeds { get; } = [];

        /// <summary>The versions whose folders the packages folder holds.</summary>
        public IReadOnlyCollection<NuGetVersion> InFolder { get; init; } = [];

        public List<PackageSource> Sources { get; init; } = [];

        public List<string> Failures { get; } = [];

        public bool HasExact => ExactFolder is not null || OnFeeds.ContainsKey(Plan.Requested);

        public IReadOnlyCollection<NuGetVersion> Available => [.. OnFeeds.Keys.Concat(InFolder).Append(ExactFolder is null ? null : Plan.Requested).OfType<NuGetVersion>().Distinct()];

        /// <summary>The version restored; null when none can be.</summary>
        public NuGetVersion? Chosen { get; set; }

        /// <summary>Why <see cref="Chosen"/> is not the requested version, for the migrated project; null when it is.</summary>
        public string? Note { get; set; }

        /// <summary>The members of the family whose common version <see cref="Chosen"/> is, comma-separated; null when it is the package's own choice.</summary>
        public string? Family { get; set; }

        public string SourceNames => Sources.Count == 0 ? "any feed (none configured)" : string.Join(", ", Sources.Select(s => s.Name));
    }

    /// <summary>Restores what the input's projects lack and returns the input read again, with the restored assemblies referenced.</summary>
    public static InputSet Restore(string inputPath, InputSet input, TextWriter log, CancellationToken cancellationToken)
    {
        var plans = Plan(input, log);
        if (plans.Count == 0)
        {
            log.WriteLine($"{MigrateWcfCommandLine.ToolName}: restore: nothing to restore (no project with a packages.config and a missing HintPath).");
            return input;
        }

        var offers = plans.Select(plan => Look(plan, cancellationToken).GetAwaiter().GetResult()).ToList();
        Choose(offers, cancellationToken);

        // Requested package folder → the folder restored in its place (a higher version), for HintPaths into the first.
        var substitutes = new Dictionary<string, string>(StringComparer.OrdinalIgnoreCase);
        var restoredPackages = new List<RestoredPackage>();
        var written = 0;
        foreach (var offer in offers)
        {
            var plan = offer.Plan;
            string? folder;
            bool wrote;
            try
            {
                cancellationToken.ThrowIfCancellationRequested();
                (folder, wrote) = Put(offer, input, log, cancellationToken).GetAwaiter().GetResult();
            }
            catch (OperationCanceledException) when (written > 0)
            {
                // Whole package folders already in place stay (as after an interrupted nuget restore); say so, since
                // the cancellation message says nothing else was written.
                log.WriteLine($"{MigrateWcfCommandLine.ToolName}: restore: interrupted; the {written} package folder{(written == 1 ? string.Empty : "s")} it added stay.");
                throw;
            }

            if (folder is null)
            {
                continue;
            }

            written += wrote ? 1 : 0;
            restoredPackages.Add(new RestoredPackage(plan.PackagesFolder, plan.Id, plan.Version, offer.Chosen!.ToNormalizedString(), offer.Note));
            var requested = Path.Combine(plan.PackagesFolder, $"{plan.Id}.{plan.Version}");
            if (!string.Equals(folder, requested, StringComparison.OrdinalIgnoreCase))
            {
                substitutes[requested] = folder;
            }
        }

        log.WriteLine($"{MigrateWcfCommandLine.ToolName}: restore: {restoredPackages.Count} of {plans.Count} package{(plans.Count == 1 ? string.Empty : "s")} in place ({string.Join(", ", plans.Select(p => input.Relative(p.PackagesFolder)).Distinct(StringComparer.Ordinal))}).");
        var again = InputResolver.Resolve(inputPath);
        return again with
        {
            Projects = again.Projects.Select(p => WithSubstitutes(p, substitutes)).ToImmutableArray(),
            ReferencedProjects = again.ReferencedProjects.Select(p => WithSubstitutes(p, substitutes)).ToImmutableArray(),
            RestoredPackages = restoredPackages.ToImmutableArray(),
        };
    }

    /// <summary>
    /// Every package of every packages.config beside a project that has a missing HintPath, into the packages folder its
    /// HintPaths name (the folder above the first <c>&lt;id&gt;.&lt;version&gt;</c> segment of one), in a stable order.
    /// </summary>
    private static List<PlannedPackage> Plan(InputSet input, TextWriter log)
    {
        var plans = new SortedDictionary<string, PlannedPackage>(StringComparer.OrdinalIgnoreCase);
        foreach (var project in input.Projects.Concat(input.ReferencedProjects))
        {
            var hintPaths = project.MissingReferences.Select(m => m.HintPath).OfType<string>().ToList();
            var configFile = PackagesConfigFile.Find(project.Folder, input.Relative(project.ProjectFile ?? project.Folder));
            if (project.ProjectFile is null || hintPaths.Count == 0 || configFile is null)
            {
                continue;
            }

            var packages = PackagesConfigFile.Read(configFile, input.Relative(configFile));
            var packagesFolder = packages
                .SelectMany(p => hintPaths.Select(h => PackagesFolder.Of(h, $"{p.Id}.{p.Version}")))
                .FirstOrDefault(f => f is not null);
            if (packagesFolder is null)
            {
                log.WriteLine($"{MigrateWcfCommandLine.ToolName}: restore: {input.Relative(project.ProjectFile)}: no HintPath points into a folder of a package its packages.config lists; not restored.");
                continue;
            }

            foreach (var package in packages)
            {
                plans.TryAdd(Path.Combine(packagesFolder, $"{package.Id}.{package.Version}"), new PlannedPackage(packagesFolder, package.Id, package.Version, project.Folder));
            }
        }

        return plans.Values.ToList();
    }

    /// <summary>What the packages folder holds of a package and, unless it holds the requested version, what the feeds have.</summary>
    private static async Task<Offer> Look(PlannedPackage plan, CancellationToken cancellationToken)
    {
        var exact = ExistingFolder(plan.PackagesFolder, $"{plan.Id}.{plan.Version}");
        var inFolder = PackagesFolder.Versions(plan.PackagesFolder, plan.Id);
        if (exact is not null)
        {
            return new Offer(plan) { ExactFolder = exact, InFolder = inFolder };
        }

        var settings = Settings.LoadDefaultSettings(plan.ProjectFolder);
        var offer = new Offer(plan) { InFolder = inFolder, Sources = new PackageSourceProvider(settings).LoadPackageSources().Where(s => s.IsEnabled).ToList() };
        using var cache = new SourceCacheContext();
        foreach (var source in offer.Sources)
        {
            try
            {
                var finder = await Repository.Factory.GetCoreV3(source).GetResourceAsync<FindPackageByIdResource>(cancellationToken);
                if (finder is null)
                {
                    continue;
                }

                foreach (var version in await finder.GetAllVersionsAsync(plan.Id, cache, NullLogger.Instance, cancellationToken))
                {
                    offer.OnFeeds.TryAdd(version, (finder, source));
                }
            }
            catch (Exception e) when (e is not OperationCanceledException)
            {
                offer.Failures.Add($"{source.Name}: {e.Message}");
            }
        }

        return offer;
    }

    /// <summary>
    /// The version of each package: the requested one where the folder or a feed has it, else the nearest higher (as NuGet
    /// resolves: a stable version is never replaced by a prerelease); then, in each packages folder, a family a member of
    /// which lacks its version goes to the nearest version every member has.
    /// </summary>
    private static void Choose(List<Offer> offers, CancellationToken cancellationToken)
    {
        foreach (var offer in offers)
        {
            var requested = offer.Plan.Requested;
            offer.Chosen = offer.HasExact
                ? requested
                : offer.Available.Where(v => v > requested && (requested.IsPrerelease || !v.IsPrerelease)).Order().FirstOrDefault();
            if (offer.Chosen is { } higher && higher != requested)
            {
                offer.Note = $"packages.config asks {requested}, which {offer.SourceNames} does not have; the nearest higher version";
            }
        }

        foreach (var folder in offers.GroupBy(o => o.Plan.PackagesFolder, StringComparer.OrdinalIgnoreCase))
        {
            var members = folder.ToList();
            if (members.All(o => o.HasExact))
            {
                continue;
            }

            var dependencies = members.Select(o => Dependencies(o, cancellationToken).GetAwaiter().GetResult()).ToList();
            foreach (var family in PackageFamilies.Group(members.Select(o => (o.Plan.Id, o.Plan.Requested)).ToList(), i => dependencies[i]).Where(f => f.Count > 1))
            {
                var familyOffers = family.Select(i => members[i]).ToList();
                if (familyOffers.All(o => o.HasExact))
                {
                    continue;
                }

                var names = string.Join(", ", familyOffers.Select(o => o.Plan.Id).Order(StringComparer.OrdinalIgnoreCase));
                var common = PackageFamilies.CommonVersion(familyOffers.Select(o => (o.Plan.Requested, o.Available)).ToList());
                foreach (var offer in familyOffers)
                {
                    if (common is null)
                    {
                        offer.Note = (offer.Note ?? $"packages.config asks {offer.Plan.Requested}") + $"; no version is on {offer.SourceNames} for every package of its family ({names})";
                    }
                    else if (common != offer.Plan.Requested)
                    {
                        offer.Chosen = common;
                        offer.Family = names;
                        offer.Note = $"packages.config asks {offer.Plan.Requested}{(offer.HasExact ? string.Empty : $", which {offer.SourceNames} does not have")}; the nearest version every package of its family ({names}) has";
                    }
                }
            }
        }
    }

    /// <summary>The ids a package depends on at its own version: from the extracted .nuspec where its folder is there, else from the feed.</summary>
    private static async Task<IEnumerable<string>> Dependencies(Offer offer, CancellationToken cancellationToken)
    {
        if (offer.Chosen is not { } version)
        {
            return [];
        }

        if (PackagesFolder.FolderOf(offer.Plan.PackagesFolder, offer.Plan.Id, version) is { } folder)
        {
            return PackageFamilies.LockstepDependencies(version, PackagesFolder.DependencyGroups(folder));
        }

        if (!offer.OnFeeds.TryGetValue(version, out var feed))
        {
            return [];
        }

        try
        {
            using var cache = new SourceCacheContext();
            var info = await feed.Finder.GetDependencyInfoAsync(offer.Plan.Id, version, cache, NullLogger.Instance, cancellationToken);
            return info is null ? [] : PackageFamilies.LockstepDependencies(version, info.DependencyGroups);
        }
        catch (Exception e) when (e is not OperationCanceledException)
        {
            // No metadata: the family is still found from the ids and versions.
            return [];
        }
    }

    /// <summary>Puts one package into its packages folder at its chosen version; returns the package's folder there, or null (with a note) when it could not.</summary>
    private static async Task<(string? Folder, bool Written)> Put(Offer offer, InputSet input, TextWriter log, CancellationToken cancellationToken)
    {
        var plan = offer.Plan;
        if (offer.Chosen is not { } chosen)
        {
            log.WriteLine($"{MigrateWcfCommandLine.ToolName}: restore: {plan.Id} {plan.Version}: not found on {offer.SourceNames}{(offer.Failures.Count > 0 ? " (" + string.Join("; ", offer.Failures) + ")" : string.Empty)}; its references stay missing.");
            return (null, false);
        }

        if (chosen != plan.Requested)
        {
            log.WriteLine($"{MigrateWcfCommandLine.ToolName}: restore: {plan.Id} {plan.Version}{(offer.HasExact ? string.Empty : $" is not on {offer.SourceNames}")}; using {(offer.Family is { } family ? $"{chosen}, the nearest version every package of its family ({family}) has" : $"the nearest higher version, {chosen}")}.");
        }
        else if (offer.ExactFolder is { } exact)
        {
            return (exact, false);
        }

        if (PackagesFolder.FolderOf(plan.PackagesFolder, plan.Id, chosen) is { } existing)
        {
            return (existing, false);
        }

        if (!offer.OnFeeds.TryGetValue(chosen, out var feed))
        {
            log.WriteLine($"{MigrateWcfCommandLine.ToolName}: restore: {plan.Id} {chosen}: not found on {offer.SourceNames}; its references stay missing.");
            return (null, false);
        }

        // Extracted into a staging folder beside the package folders, then moved in whole: an interrupted restore leaves
        // no half-extracted package that a later run (or build) would take for a restored one.
        var settings = Settings.LoadDefaultSettings(plan.ProjectFolder);
        var logger = NullLogger.Instance;
        using var cache = new SourceCacheContext();
        Directory.CreateDirectory(plan.PackagesFolder);
        var staging = Path.Combine(plan.PackagesFolder, $".migrate-wcf-restore-{Guid.NewGuid():N}");
        try
        {
            using var package = new MemoryStream();
            if (!await feed.Finder.CopyNupkgToStreamAsync(plan.Id, chosen, package, cache, logger, cancellationToken))
            {
                log.WriteLine($"{MigrateWcfCommandLine.ToolName}: restore: {plan.Id} {chosen}: {feed.Source.Name} listed it but did not return it; its references stay missing.");
                return (null, false);
            }

            package.Position = 0;
            var extraction = new PackageExtractionContext(PackageSaveMode.Defaultv2, XmlDocFileSaveMode.None, ClientPolicyContext.GetClientPolicy(settings, logger), logger);
            await PackageExtractor.ExtractPackageAsync(feed.Source.Source, package, new PackagePathResolver(staging), extraction, cancellationToken);
            var extracted = Directory.EnumerateDirectories(staging).Single();
            var target = Path.Combine(plan.PackagesFolder, chosen == plan.Requested ? $"{plan.Id}.{plan.Version}" : $"{plan.Id}.{chosen}");
            Directory.Move(extracted, target);
            log.WriteLine($"{MigrateWcfCommandLine.ToolName}: restore: {plan.Id} {chosen} → {input.Relative(target)}");
            return (target, true);
        }
        catch (Exception e) when (e is not OperationCanceledException)
        {
            log.WriteLine($"{MigrateWcfCommandLine.ToolName}: restore: {plan.Id} {chosen}: {e.Message}; its references stay missing.");
            return (null, false);
        }
        finally
        {
            if (Directory.Exists(staging))
            {
                Directory.Delete(staging, recursive: true);
            }
        }
    }

    private static string? ExistingFolder(string packagesFolder, string name)
        => Directory.Exists(packagesFolder)
            ? Directory.EnumerateDirectories(packagesFolder).FirstOrDefault(d => string.Equals(Path.GetFileName(d), name, StringComparison.OrdinalIgnoreCase))
            : null;

    /// <summary>
    /// A HintPath into a package folder restored under a higher version is read from that folder: the same relative path,
    /// else the same file in the lib/ folder nearest to .NET Framework 4.7.2.
    /// </summary>
    private static SourceSet WithSubstitutes(SourceSet project, Dictionary<string, string> substitutes)
    {
        if (substitutes.Count == 0 || project.MissingReferences.IsDefaultOrEmpty)
        {
            return project;
        }

        var found = new List<string>();
        var missing = new List<MissingReference>();
        foreach (var reference in project.MissingReferences)
        {
            var assembly = reference.HintPath is { } hint ? Substitute(hint, substitutes) : null;
            if (assembly is not null)
            {
                found.Add(assembly);
            }
            else
            {
                missing.Add(reference);
            }
        }

        return found.Count == 0
            ? project
            : project with
            {
                AssemblyReferences = project.AssemblyReferences.Concat(found).Distinct(StringComparer.Ordinal).Order(StringComparer.Ordinal).ToImmutableArray(),
                MissingReferences = missing.ToImmutableArray(),
            };
    }

    private static string? Substitute(string hintPath, Dictionary<string, string> substitutes)
    {
        foreach (var (requested, restored) in substitutes)
        {
            if (!hintPath.StartsWith(requested + Path.DirectorySeparatorChar, StringComparison.OrdinalIgnoreCase))
            {
                continue;
            }

            if (LetterCase.FindFile(Path.Combine(restored, hintPath[(requested.Length + 1)..]), restored, $"the restored package '{restored}' holds '{hintPath[(requested.Length + 1)..]}'") is { } same)
            {
                return same;
            }

            var lib = Path.Combine(restored, "lib");
            if (!Directory.Exists(lib))
            {
                return null;
            }

            var name = Path.GetFileName(hintPath);
            var candidates = Directory.EnumerateDirectories(lib)
                .Where(d => File.Exists(Path.Combine(d, name)))
                .GroupBy(d => NuGetFramework.ParseFolder(Path.GetFileName(d)))
                .ToDictionary(g => g.Key, g => Path.Combine(g.Order(StringComparer.Ordinal).First(), name));
            var nearest = new FrameworkReducer().GetNearest(NuGetFramework.Parse("net472"), candidates.Keys);
            return nearest is null ? null : candidates[nearest];
        }

        return null;
    }
}
