using System.Collections.Immutable;
using System.Reflection;
using System.Reflection.Metadata;
using System.Reflection.PortableExecutable;
using Microsoft.CodeAnalysis;

namespace MigrateWcf.Tool.Input;

/// <summary>
/// The built-in reference set, and its one loader: sources that cannot be built here (old .NET Framework projects) are
/// compiled against the .NET Framework 4.7.2 reference assemblies that the build copies into <c>refs/net472</c> beside
/// the tool (the list is in MigrateWcf.Tool.csproj). The tests and the engine benchmark reference this project and load
/// the same set through this class, so they measure and check the compilation users get.
/// </summary>
public static class ReferenceSet
{
    private static readonly Lazy<ImmutableArray<MetadataReference>> Net472 = new(Load);

    /// <summary>Where the set lives: <c>refs/net472</c> beside the running assembly (the tool, or a project referencing it).</summary>
    public static string Folder => Path.Combine(AppContext.BaseDirectory, "refs", "net472");

    /// <summary>Every assembly of the set (the named framework assemblies and the facades), in a fixed order.</summary>
    public static ImmutableArray<MetadataReference> Net472References => Net472.Value;

    /// <summary>
    /// The set as one project's compilation gets it: without each assembly of the set that the project does not name
    /// (<paramref name="namedReferences"/>, simple names, the ones MSBuild adds implicitly included) and that defines a
    /// public type one of <paramref name="loadedAssemblies"/> (its HintPath and package assemblies found on disk) defines
    /// too. The project's own build, against its framework, never saw that assembly; here the type's name would be
    /// ambiguous (CS0433) and bind to an error type: the WCF Web API preview's Microsoft.Net.Http defines
    /// System.Net.Http.HttpResponseMessage, which System.Net.Http of .NET Framework 4.5 and later defines too.
    /// </summary>
    /// <param name="publicTypesOf">The public top-level types an assembly defines (<see cref="PublicTypesOf"/>, cached by the caller).</param>
    public static ImmutableArray<MetadataReference> ReferencesFor(IReadOnlySet<string> namedReferences, IEnumerable<string> loadedAssemblies, Func<string, ImmutableHashSet<string>> publicTypesOf)
    {
        var leftOut = new HashSet<string>(StringComparer.OrdinalIgnoreCase);
        foreach (var assembly in loadedAssemblies.Where(a => !IsFrameworkAssemblyOutsideSet(a)))
        {
            foreach (var type in publicTypesOf(assembly))
            {
                if (TypeOwners.Value.TryGetValue(type, out var owners))
                {
                    // mscorlib is every compilation's core library, named or not.
                    leftOut.UnionWith(owners.Where(o => !namedReferences.Contains(o) && !string.Equals(o, "mscorlib", StringComparison.OrdinalIgnoreCase)));
                }
            }
        }

        return leftOut.Count == 0
            ? Net472References
            : Net472References.Where(r => !leftOut.Contains(Path.GetFileNameWithoutExtension(((PortableExecutableReference)r).FilePath!))).ToImmutableArray();
    }

    /// <summary>
    /// The full metadata names of the public top-level types <paramref name="path"/> defines (not those it forwards), read
    /// from its type definitions only; none when it is not a readable .NET assembly.
    /// </summary>
    public static ImmutableHashSet<string> PublicTypesOf(string path)
    {
        try
        {
            using var stream = File.OpenRead(path);
            using var pe = new PEReader(stream);
            if (!pe.HasMetadata)
            {
                return ImmutableHashSet<string>.Empty;
            }

            var metadata = pe.GetMetadataReader();
            var types = ImmutableHashSet.CreateBuilder<string>(StringComparer.Ordinal);
            foreach (var handle in metadata.TypeDefinitions)
            {
                var definition = metadata.GetTypeDefinition(handle);
                if ((definition.Attributes & TypeAttributes.VisibilityMask) == TypeAttributes.Public)
                {
                    var space = metadata.GetString(definition.Namespace);
                    var name = metadata.GetString(definition.Name);
                    types.Add(space.Length == 0 ? name : space + "." + name);
                }
            }

            return types.ToImmutable();
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException or BadImageFormatException or InvalidOperationException)
        {
            // The compiler reports an assembly it cannot read; it defines nothing that could clash.
            return ImmutableHashSet<string>.Empty;
        }
    }

    /// <summary>Each public top-level type of the set, with the simple names of the set's assemblies that define it.</summary>
    private static readonly Lazy<Dictionary<string, List<string>>> TypeOwners = new(() =>
    {
        var owners = new Dictionary<string, List<string>>(StringComparer.Ordinal);
        foreach (var path in Net472References.Select(r => ((PortableExecutableReference)r).FilePath!))
        {
            foreach (var type in PublicTypesOf(path))
            {
                if (!owners.TryGetValue(type, out var list))
                {
                    owners[type] = list = [];
                }

                list.Add(Path.GetFileNameWithoutExtension(path));
            }
        }

        return owners;
    });

    /// <summary>The simple names of the set's assemblies (framework assemblies and facades), any case.</summary>
    public static IReadOnlySet<string> AssemblyNames => Names.Value;

    /// <summary>True when the set holds the assembly <paramref name="name"/> (simple name, any case), as a framework assembly or a facade.</summary>
    public static bool Contains(string name)
        => Names.Value.Contains(name);

    /// <summary>
    /// True when <paramref name="name"/> (simple name, any case) is an assembly of the .NET Framework 4.7.2 itself, in the
    /// built-in set or not (System.Web, System.Windows.Forms): the names the build embeds from the reference assemblies.
    /// </summary>
    public static bool IsFrameworkAssembly(string name) => FrameworkNames.Value.Contains(name);

    /// <summary>Where the other .NET Framework 4.7.2 reference assemblies live, outside the set: <c>refs/net472-other</c> beside the running assembly.</summary>
    public static string OtherFolder => Path.Combine(AppContext.BaseDirectory, "refs", "net472-other");

    /// <summary>
    /// The reference assembly of a .NET Framework 4.7.2 assembly outside the set (System.Device,
    /// System.ComponentModel.Composition), which a project referencing it by name is compiled against; null when there is none.
    /// </summary>
    public static string? FrameworkAssemblyOutsideSet(string name)
    {
        var path = Path.Combine(OtherFolder, name + ".dll");
        return !Contains(name) && IsFrameworkAssembly(name) && File.Exists(path) ? path : null;
    }

    /// <summary>True for a file of <see cref="OtherFolder"/>: a .NET Framework assembly, never a reference of the migrated project's probe.</summary>
    public static bool IsFrameworkAssemblyOutsideSet(string path)
        => string.Equals(Path.GetDirectoryName(Path.GetFullPath(path)), Path.GetFullPath(OtherFolder), StringComparison.Ordinal);

    private static readonly Lazy<HashSet<string>> FrameworkNames = new(() =>
    {
        using var stream = typeof(ReferenceSet).Assembly.GetManifestResourceStream("net472-assemblies.txt")
            ?? throw new InvalidOperationException("the .NET Framework assembly names are not embedded in migrate-wcf; rebuild it.");
        using var reader = new StreamReader(stream);
        return reader.ReadToEnd().Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries).ToHashSet(StringComparer.OrdinalIgnoreCase);
    });

    private static readonly Lazy<HashSet<string>> Names = new(() => Directory.Exists(Folder)
        ? Directory.EnumerateFiles(Folder, "*.dll", SearchOption.AllDirectories).Select(Path.GetFileNameWithoutExtension).ToHashSet(StringComparer.OrdinalIgnoreCase)!
        : new HashSet<string>(StringComparer.OrdinalIgnoreCase));

    private static ImmutableArray<MetadataReference> Load()
    {
        var folder = Folder;
        if (!File.Exists(Path.Combine(folder, "mscorlib.dll")))
        {
            // Only a broken installation gets here; the build fails when the package is missing.
            throw new InvalidOperationException($"the built-in .NET Framework reference assemblies are missing from '{folder}'; reinstall migrate-wcf.");
        }

        return Directory.EnumerateFiles(folder, "*.dll", SearchOption.AllDirectories)
            .Order(StringComparer.Ordinal)
            .Select(p => (MetadataReference)MetadataReference.CreateFromFile(p))
            .ToImmutableArray();
    }
}
