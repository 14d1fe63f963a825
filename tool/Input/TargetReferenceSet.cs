using System.Collections.Immutable;
using System.Runtime.InteropServices;
using Microsoft.CodeAnalysis;

namespace MigrateWcf.Tool.Input;

/// <summary>
/// What the migrated project compiles against, for <c>generate</c>'s probe of the original sources
/// (<see cref="SourceSelector"/>): .NET 10's reference assemblies from the SDK's targeting pack (or, on a machine with
/// only the runtime, the runtime's own assemblies), System.ServiceModel.Primitives' and System.ServiceModel.Http's
/// reference assemblies (MigrateWcf.Runtime brings both), MigrateWcf.Compatibility's and MigrateWcf.Runtime's assemblies
/// (every migrated project references both), and System.Configuration.ConfigurationManager's assembly (which the migrated
/// project references when its code uses it), which the build copies into <c>refs/net10</c> beside the tool. The input's own assemblies (HintPaths) are added per run.
/// </summary>
internal static class TargetReferenceSet
{
    private static readonly Lazy<ImmutableArray<MetadataReference>> Framework = new(Load);

    /// <summary>Where the ServiceModel reference assemblies live: <c>refs/net10</c> beside the running assembly.</summary>
    public static string ServiceModelFolder => Path.Combine(AppContext.BaseDirectory, "refs", "net10");

    /// <summary>.NET 10 and System.ServiceModel.Primitives; empty when neither a targeting pack nor the ServiceModel set is found.</summary>
    public static ImmutableArray<MetadataReference> References => Framework.Value;

    /// <summary>
    /// The set with <paramref name="assemblies"/> (full paths of the input's own assemblies) added, except the .NET
    /// Framework's own (<see cref="ReferenceSet.FrameworkAssemblyOutsideSet"/>), which .NET 10 does not have.
    /// </summary>
    public static IReadOnlyList<MetadataReference> With(IEnumerable<string> assemblies)
        => References.IsEmpty
            ? []
            : References.AddRange(assemblies.Where(a => File.Exists(a) && !ReferenceSet.IsFrameworkAssemblyOutsideSet(a)).Distinct(StringComparer.Ordinal).Order(StringComparer.Ordinal).Select(p => (MetadataReference)MetadataReference.CreateFromFile(p)));

    private static ImmutableArray<MetadataReference> Load()
    {
        var serviceModel = Directory.Exists(ServiceModelFolder) ? Directory.GetFiles(ServiceModelFolder, "*.dll") : [];
        var framework = TargetingPack() ?? RuntimeAssemblies();
        if (serviceModel.Length == 0 || framework.Count == 0)
        {
            return ImmutableArray<MetadataReference>.Empty;
        }

        return framework.Concat(serviceModel)
            .Order(StringComparer.Ordinal)
            .Select(p => (MetadataReference)MetadataReference.CreateFromFile(p))
            .ToImmutableArray();
    }

    /// <summary>The reference assemblies of Microsoft.NETCore.App.Ref for this runtime's major version, from the SDK beside it.</summary>
    private static List<string>? TargetingPack()
        => Pack("Microsoft.NETCore.App.Ref") is { } pack ? Directory.GetFiles(pack.Folder, "*.dll").ToList() : null;

    private static readonly Lazy<(Dictionary<string, Version> Assemblies, Version? Version)> AspNetCore = new(() =>
        Pack("Microsoft.AspNetCore.App.Ref") is { } pack
            ? (Directory.GetFiles(pack.Folder, "*.dll").ToDictionary(f => Path.GetFileNameWithoutExtension(f), _ => pack.Version, StringComparer.OrdinalIgnoreCase), pack.Version)
            : (new Dictionary<string, Version>(StringComparer.OrdinalIgnoreCase), null));

    /// <summary>
    /// The version of ASP.NET Core's shared framework (which every migrated project has through MigrateWcf.Runtime) when
    /// it holds an assembly named <paramref name="id"/> (its packages' ids are its assemblies' names:
    /// Microsoft.Extensions.Logging.Abstractions); null when it does not, or no targeting pack is found.
    /// </summary>
    public static Version? AspNetCoreVersion(string id) => AspNetCore.Value.Assemblies.TryGetValue(id, out var version) ? version : null;

    /// <summary>The <c>ref/net&lt;major&gt;.0</c> folder of a targeting pack for this runtime's major version, from the SDK beside it, and its version.</summary>
    private static (string Folder, Version Version)? Pack(string name)
    {
        var major = Environment.Version.Major.ToString(System.Globalization.CultureInfo.InvariantCulture);
        // <dotnet root>/shared/Microsoft.NETCore.App/<version>/ is where this runtime lives.
        var runtimeDirectory = RuntimeEnvironment.GetRuntimeDirectory();
        var root = Environment.GetEnvironmentVariable("DOTNET_ROOT") is { Length: > 0 } fromEnvironment && Directory.Exists(fromEnvironment)
            ? fromEnvironment
            : Path.GetFullPath(Path.Combine(runtimeDirectory, "..", "..", ".."));
        var packs = Path.Combine(root, "packs", name);
        if (!Directory.Exists(packs))
        {
            return null;
        }

        var version = Directory.EnumerateDirectories(packs)
            .Select(Path.GetFileName)
            .OfType<string>()
            .Where(v => v.StartsWith(major + ".", StringComparison.Ordinal) && Version.TryParse(v.Split('-')[0], out _))
            .OrderBy(v => Version.Parse(v.Split('-')[0]))
            .LastOrDefault();
        var folder = version is null ? null : Path.Combine(packs, version, "ref", "net" + major + ".0");
        return folder is not null && Directory.Exists(folder) ? (folder, Version.Parse(version!.Split('-')[0])) : null;
    }

    /// <summary>The running runtime's managed assemblies: their public surface is .NET's.</summary>
    private static List<string> RuntimeAssemblies()
        => ((string?)AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES") ?? string.Empty)
            .Split(Path.PathSeparator, StringSplitOptions.RemoveEmptyEntries)
            .Where(p => p.StartsWith(RuntimeEnvironment.GetRuntimeDirectory(), StringComparison.Ordinal))
            .ToList();
}
