using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace MigrateWcf.Generator.Corpus.Tests.Infrastructure;

/// <summary>
/// Compiles C# as a migrated project does: .NET 10's and ASP.NET Core's reference assemblies (the SDK's targeting packs),
/// System.ServiceModel.Primitives' reference assemblies, and Google.Protobuf, grpc-dotnet, MigrateWcf.Runtime and MigrateWcf.Compatibility as this
/// test process has them, nullable enabled as the engine read the corpus. The generated code and protoc's output must compile with warnings as errors; the legacy sources
/// must compile without errors (their own warnings are the user's).
/// </summary>
public static class MigratedCompilation
{
    // Packages without reference assemblies are compiled against their lib assemblies, as a project is.
    private static readonly string[] PackagePrefixes = ["Grpc.", "Google.", "MigrateWcf.Runtime", "MigrateWcf.Compatibility", "Microsoft.AspNetCore.Grpc."];

    private static readonly Lazy<IReadOnlyList<MetadataReference>> References = new(() =>
    {
        var major = Environment.Version.Major.ToString(System.Globalization.CultureInfo.InvariantCulture);
        var tfm = "net" + major + ".0";
        string Pack(string name) => Directory.EnumerateDirectories(Path.Combine(TestEnvironment.TargetingPackRoot, name))
            .Where(d => Path.GetFileName(d).StartsWith(major + ".", StringComparison.Ordinal))
            .OrderBy(d => Version.Parse(Path.GetFileName(d).Split('-')[0]))
            .Last();
        var paths = Directory.EnumerateFiles(Path.Combine(Pack("Microsoft.NETCore.App.Ref"), "ref", tfm), "*.dll")
            .Concat(Directory.EnumerateFiles(Path.Combine(Pack("Microsoft.AspNetCore.App.Ref"), "ref", tfm), "*.dll"))
            .Concat(Directory.EnumerateFiles(Path.Combine(TestEnvironment.ServiceModelPrimitivesRoot, "ref", tfm), "*.dll"))
            .Concat(((string)AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES")!).Split(Path.PathSeparator).Where(p => PackagePrefixes.Any(Path.GetFileName(p).StartsWith)));
        return paths.Distinct(StringComparer.Ordinal)
            .OrderBy(p => p, StringComparer.Ordinal)
            .Select(p => (MetadataReference)MetadataReference.CreateFromFile(p))
            .ToList();
    });

    // What every SDK project suppresses (Microsoft.NET.Sdk's default NoWarn: assembly unification).
    private static readonly Dictionary<string, ReportDiagnostic> SdkNoWarn = new() { ["CS1701"] = ReportDiagnostic.Suppress, ["CS1702"] = ReportDiagnostic.Suppress };

    /// <summary>The path prefix of generated and protoc's files in the problems listed.</summary>
    public const string GeneratedFolder = "generated/";

    /// <summary>The problems (one per line: errors anywhere, warnings in <paramref name="generated"/>) and, when there are none, the assembly.</summary>
    public static (IReadOnlyList<string> Problems, byte[]? Assembly) Compile(
        IEnumerable<(string Path, string Text)> generated,
        IEnumerable<(string Path, string Text)> legacy,
        string assemblyName = "Migrated",
        IEnumerable<MetadataReference>? moreReferences = null)
    {
        var parse = new CSharpParseOptions(LanguageVersion.Latest);
        var generatedTrees = generated.Select(f => CSharpSyntaxTree.ParseText(f.Text, parse, GeneratedFolder + f.Path)).ToList();
        var legacyTrees = legacy.Select(f => CSharpSyntaxTree.ParseText(f.Text, parse, f.Path)).ToList();
        var strict = new HashSet<SyntaxTree>(generatedTrees);
        var compilation = CSharpCompilation.Create(
            assemblyName,
            generatedTrees.Concat(legacyTrees),
            References.Value.Concat(moreReferences ?? []),
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, nullableContextOptions: NullableContextOptions.Enable, warningLevel: 9999, checkOverflow: false)
                .WithSpecificDiagnosticOptions(SdkNoWarn));
        using var stream = new MemoryStream();
        var emit = compilation.Emit(stream);
        var problems = emit.Diagnostics
            .Where(d => d.Severity == DiagnosticSeverity.Error || (d.Severity == DiagnosticSeverity.Warning && d.Location.SourceTree is { } tree && strict.Contains(tree)))
            .Select(d => d.ToString())
            .ToList();
        return (problems, emit.Success && problems.Count == 0 ? stream.ToArray() : null);
    }
}
