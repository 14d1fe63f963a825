using System.Collections.Immutable;
using Microsoft.CodeAnalysis;

namespace MigrateWcf.Tool.Input;

/// <summary>
/// The built-in references sources are parsed against: the .NET Framework 4.7.2 reference assemblies that the build
/// copies into <c>refs/net472</c> beside the tool (see MigrateWcf.Tool.csproj).
/// </summary>
internal static class ReferenceSet
{
    private static readonly Lazy<ImmutableArray<MetadataReference>> Net472 = new(Load);

    public static string Folder => Path.Combine(AppContext.BaseDirectory, "refs", "net472");

    public static ImmutableArray<MetadataReference> Net472References => Net472.Value;

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
