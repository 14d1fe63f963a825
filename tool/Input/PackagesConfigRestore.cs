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
/// folder are read from the restored one. Package folders that already exist are left as they are; nothing is deleted
/// but the staging folder this creates. Notes go to stderr; a package that cannot be restored stays a missing reference.
/// </summary>
internal static class PackagesConfigRestore
{
    /// <summary>One package of one packages.config, to be put into <see cref="PackagesFolder"/>.</summary>
    private sealed record PlannedPackage(string PackagesFolder, string Id, string Version, string ProjectFolder);

    /// <summary>Restores what the input's projects lack and returns the input read again, with the restored assemblies referenced.</summary>
    public static InputSet Restore(string inputPath, InputSet input, TextWriter log, CancellationToken cancellationToken)
    {
        var plans = Plan(input, log);
        if (plans.Count == 0)
        {
            log.WriteLine($"{MigrateWcfCommandLine.ToolName}: restore: nothing to restore (no project with a packages.config and a missing HintPath).");
            return input;
        }

        // Requested package folder → the folder restored in its place (a higher version), for HintPaths into the first.
        var substitutes = new Dictionary<string, string>(StringComparer.OrdinalIgnoreCase);
        var restored = 0;
        var written = 0;
        foreach (var plan in plans)
        {
            string? folder;
            bool wrote;
            try
            {
                cancellationToken.ThrowIfCancellationRequested();
                (folder, wrote) = RestoreOne(plan, input, log, cancellationToken).GetAwaiter().GetResult();
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

            restored++;
            written += wrote ? 1 : 0;
            var requested = Path.Combine(plan.PackagesFolder, $"{plan.Id}.{plan.Version}");
            if (!string.Equals(folder, requested, StringComparison.OrdinalIgnoreCase))
            {
                substitutes[requested] = folder;
            }
        }

        log.WriteLine($"{MigrateWcfCommandLine.ToolName}: restore: {restored} of {plans.Count} package{(plans.Count == 1 ? string.Empty : "s")} in place ({string.Join(", ", plans.Select(p => input.Relative(p.PackagesFolder)).Distinct(StringComparer.Ordinal))}).");
        var again = InputResolver.Resolve(inputPath);
        return again with
        {
            Projects = again.Projects.Select(p => WithSubstitutes(p, substitutes)).ToImmutableArray(),
            ReferencedProjects = again.ReferencedProjects.Select(p => WithSubstitutes(p, substitutes)).ToImmutableArray(),
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
            var configFile = ProjectFileReader.FindIgnoringCase(Path.Combine(project.Folder, "packages.config"));
            if (project.ProjectFile is null || hintPaths.Count == 0 || configFile is null)
            {
                continue;
            }

            var packages = ReadPackagesConfig(configFile, input);
            var packagesFolder = packages
                .SelectMany(p => hintPaths.Select(h => PackagesFolderOf(h, $"{p.Id}.{p.Version}")))
                .FirstOrDefault(f => f is not null);
            if (packagesFolder is null)
            {
                log.WriteLine($"{MigrateWcfCommandLine.ToolName}: restore: {input.Relative(project.ProjectFile)}: no HintPath points into a folder of a package its packages.config lists; not restored.");
                continue;
            }

            foreach (var (id, version) in packages)
            {
                plans.TryAdd(Path.Combine(packagesFolder, $"{id}.{version}"), new PlannedPackage(packagesFolder, id, version, project.Folder));
            }
        }

        return plans.Values.ToList();
    }

    private static List<(string Id, string Version)> ReadPackagesConfig(string path, InputSet input)
    {
        try
        {
            return XDocument.Load(path).Root?.Elements().Where(e => e.Name.LocalName == "package")
                .Select(e => (Id: e.Attribute("id")?.Value.Trim() ?? string.Empty, Version: e.Attribute("version")?.Value.Trim() ?? string.Empty))
                .Where(p => p.Id.Length > 0 && p.Version.Length > 0 && NuGetVersion.TryParse(p.Version, out _)
                            && p.Id.IndexOfAny(Path.GetInvalidFileNameChars()) < 0 && !p.Id.Contains("..", StringComparison.Ordinal))
                .ToList() ?? [];
        }
        catch (Exception e) when (e is XmlException or IOException or UnauthorizedAccessException)
        {
            throw CommandLineException.Input($"cannot read '{input.Relative(path)}': {e.Message}", e);
        }
    }

    /// <summary>The folder above the path segment <paramref name="packageFolderName"/> of <paramref name="hintPath"/>, or null.</summary>
    private static string? PackagesFolderOf(string hintPath, string packageFolderName)
    {
        for (var folder = Path.GetDirectoryName(hintPath); folder is not null; folder = Path.GetDirectoryName(folder))
        {
            if (string.Equals(Path.GetFileName(folder), packageFolderName, StringComparison.OrdinalIgnoreCase))
            {
                return Path.GetDirectoryName(folder);
            }
        }

        return null;
    }

    /// <summary>Puts one package into its packages folder; returns the package's folder there, or null (with a note) when it could not.</summary>
    private static async Task<(string? Folder, bool Written)> RestoreOne(PlannedPackage plan, InputSet input, TextWriter log, CancellationToken cancellationToken)
    {
        var requested = NuGetVersion.Parse(plan.Version);
        var existing = ExistingFolder(plan.PackagesFolder, $"{plan.Id}.{plan.Version}");
        if (existing is not null)
        {
            return (existing, false);
        }

        var settings = Settings.LoadDefaultSettings(plan.ProjectFolder);
        var sources = new PackageSourceProvider(settings).LoadPackageSources().Where(s => s.IsEnabled).ToList();
        using var cache = new SourceCacheContext();
        var logger = NullLogger.Instance;
        (FindPackageByIdResource Finder, PackageSource Source, NuGetVersion Version)? best = null;
        var failures = new List<string>();
        foreach (var source in sources)
        {
            try
            {
                var finder = await Repository.Factory.GetCoreV3(source).GetResourceAsync<FindPackageByIdResource>(cancellationToken);
                if (finder is null)
                {
                    continue;
                }

                // As NuGet resolves: a stable version is never replaced by a prerelease.
                var versions = (await finder.GetAllVersionsAsync(plan.Id, cache, logger, cancellationToken)).Where(v => requested.IsPrerelease || !v.IsPrerelease).ToList();
                var version = versions.FirstOrDefault(v => v == requested) ?? versions.Where(v => v > requested).Order().FirstOrDefault();
                if (version is not null && (best is null || (version == requested && best.Value.Version != requested) || (best.Value.Version != requested && version < best.Value.Version)))
                {
                    best = (finder, source, version);
                }
            }
            catch (Exception e) when (e is not OperationCanceledException)
            {
                failures.Add($"{source.Name}: {e.Message}");
            }
        }

        if (best is not { } chosen)
        {
            log.WriteLine($"{MigrateWcfCommandLine.ToolName}: restore: {plan.Id} {plan.Version}: not found on {(sources.Count == 0 ? "any feed (none configured)" : string.Join(", ", sources.Select(s => s.Name)))}{(failures.Count > 0 ? " (" + string.Join("; ", failures) + ")" : string.Empty)}; its references stay missing.");
            return (null, false);
        }

        var folderName = chosen.Version == requested ? $"{plan.Id}.{plan.Version}" : $"{plan.Id}.{chosen.Version}";
        if (chosen.Version != requested)
        {
            log.WriteLine($"{MigrateWcfCommandLine.ToolName}: restore: {plan.Id} {plan.Version} is not on {chosen.Source.Name}; using the nearest higher version, {chosen.Version}.");
            if (ExistingFolder(plan.PackagesFolder, folderName) is { } higher)
            {
                return (higher, false);
            }
        }

        // Extracted into a staging folder beside the package folders, then moved in whole: an interrupted restore leaves
        // no half-extracted package that a later run (or build) would take for a restored one.
        Directory.CreateDirectory(plan.PackagesFolder);
        var staging = Path.Combine(plan.PackagesFolder, $".migrate-wcf-restore-{Guid.NewGuid():N}");
        try
        {
            using var package = new MemoryStream();
            if (!await chosen.Finder.CopyNupkgToStreamAsync(plan.Id, chosen.Version, package, cache, logger, cancellationToken))
            {
                log.WriteLine($"{MigrateWcfCommandLine.ToolName}: restore: {plan.Id} {chosen.Version}: {chosen.Source.Name} listed it but did not return it; its references stay missing.");
                return (null, false);
            }

            package.Position = 0;
            var extraction = new PackageExtractionContext(PackageSaveMode.Defaultv2, XmlDocFileSaveMode.None, ClientPolicyContext.GetClientPolicy(settings, logger), logger);
            await PackageExtractor.ExtractPackageAsync(chosen.Source.Source, package, new PackagePathResolver(staging), extraction, cancellationToken);
            var extracted = Directory.EnumerateDirectories(staging).Single();
            var target = Path.Combine(plan.PackagesFolder, folderName);
            Directory.Move(extracted, target);
            log.WriteLine($"{MigrateWcfCommandLine.ToolName}: restore: {plan.Id} {chosen.Version} → {input.Relative(target)}");
            return (target, true);
        }
        catch (Exception e) when (e is not OperationCanceledException)
        {
            log.WriteLine($"{MigrateWcfCommandLine.ToolName}: restore: {plan.Id} {chosen.Version}: {e.Message}; its references stay missing.");
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

            if (ProjectFileReader.FindIgnoringCase(Path.Combine(restored, hintPath[(requested.Length + 1)..])) is { } same)
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
