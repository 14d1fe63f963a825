using NuGet.Packaging;
using NuGet.Versioning;

namespace MigrateWcf.Tool.Input;

/// <summary>
/// Packages released together (a driver and its core and bson packages) load together only at one version. A family is
/// found from the packages' own metadata, a package that depends on a sibling at its own version (exact or minimum),
/// and from the original versions, siblings at one version whose ids share their first segment (their first two for
/// Microsoft., System. and Google., whose first segment is shared by unrelated packages). <c>--restore</c> and the
/// migrated project's references both put a family at one version.
/// </summary>
internal static class PackageFamilies
{
    private static readonly string[] VendorSegments = ["Microsoft", "System", "Google"];

    /// <summary>
    /// The families among <paramref name="packages"/> (ids in any case), each as the indexes of its members in ascending
    /// order, families by their first member; a package with no sibling is a family of one. One id may come at two
    /// versions (two packages.config of a solution asking different ones, which <c>nuget restore</c> puts side by side):
    /// a dependency on that id joins the family with both.
    /// </summary>
    /// <param name="lockstepDependencies">The ids a package depends on at its own version (<see cref="LockstepDependencies"/>).</param>
    public static List<List<int>> Group(IReadOnlyList<(string Id, NuGetVersion Version)> packages, Func<int, IEnumerable<string>> lockstepDependencies)
    {
        var parent = Enumerable.Range(0, packages.Count).ToArray();
        int Find(int i) => parent[i] == i ? i : parent[i] = Find(parent[i]);
        void Union(int a, int b) => parent[Math.Max(Find(a), Find(b))] = Math.Min(Find(a), Find(b));

        var byId = Enumerable.Range(0, packages.Count).ToLookup(i => packages[i].Id, StringComparer.OrdinalIgnoreCase);
        for (var i = 0; i < packages.Count; i++)
        {
            for (var j = i + 1; j < packages.Count; j++)
            {
                if (packages[i].Version == packages[j].Version && string.Equals(Prefix(packages[i].Id), Prefix(packages[j].Id), StringComparison.OrdinalIgnoreCase))
                {
                    Union(i, j);
                }
            }

            foreach (var dependency in lockstepDependencies(i))
            {
                foreach (var sibling in byId[dependency])
                {
                    Union(i, sibling);
                }
            }
        }

        return Enumerable.Range(0, packages.Count).GroupBy(Find).OrderBy(g => g.Key).Select(g => g.Order().ToList()).ToList();
    }

    /// <summary>The ids a package of <paramref name="version"/> depends on at that same version, as its minimum or exact version, in any of its framework groups.</summary>
    public static IEnumerable<string> LockstepDependencies(NuGetVersion version, IEnumerable<PackageDependencyGroup> groups)
        => groups.SelectMany(g => g.Packages)
            .Where(d => d.VersionRange.MinVersion is { } minimum && minimum == version && d.VersionRange.IsMinInclusive)
            .Select(d => d.Id)
            .Distinct(StringComparer.OrdinalIgnoreCase);

    /// <summary>
    /// The lowest version every member has (<c>Available</c>) that is at least every member's requested version, stable
    /// unless a member asked for a prerelease; null when there is none.
    /// </summary>
    public static NuGetVersion? CommonVersion(IReadOnlyList<(NuGetVersion Requested, IReadOnlyCollection<NuGetVersion> Available)> members)
    {
        var floor = members.Max(m => m.Requested)!;
        var prerelease = members.Any(m => m.Requested.IsPrerelease);
        return members.Skip(1).Aggregate(
                members[0].Available.AsEnumerable(),
                (common, member) => common.Intersect(member.Available))
            .Where(v => v >= floor && (prerelease || !v.IsPrerelease))
            .Order()
            .FirstOrDefault();
    }

    /// <summary>The part of an id its family shares: its first segment, or first two after a vendor segment.</summary>
    private static string Prefix(string id)
    {
        var segments = id.Split('.');
        return segments.Length > 1 && VendorSegments.Contains(segments[0], StringComparer.OrdinalIgnoreCase) ? segments[0] + "." + segments[1] : segments[0];
    }
}
