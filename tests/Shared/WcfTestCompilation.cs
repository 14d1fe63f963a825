using System.Collections.Immutable;
using System.Reflection;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using MigrateWcf.Generator.References;

namespace MigrateWcf.Tests.Shared;

/// <summary>
/// Real Roslyn compilations of WCF sources against the .NET Framework 4.7.2 reference assemblies restored by NuGet
/// (the same set the tool uses for old projects), optionally with CoreWCF's attribute declarations.
/// </summary>
public static class WcfTestCompilation
{
    private static readonly Lazy<ImmutableArray<MetadataReference>> Net472 = new(LoadNet472);

    /// <summary>The reference assemblies a typical WCF project compiles against.</summary>
    public static ImmutableArray<MetadataReference> Net472References => Net472.Value;

    /// <summary>Parses each (path, text) pair and compiles them as a library. Adds CoreWCF declarations when asked.</summary>
    public static CSharpCompilation Create(IEnumerable<(string Path, string Text)> sources, bool withCoreWcf = false, string assemblyName = "TestContracts")
    {
        var options = new CSharpParseOptions(LanguageVersion.Latest);
        var trees = sources.Select(s => CSharpSyntaxTree.ParseText(s.Text, options, s.Path)).ToList();
        if (withCoreWcf)
        {
            trees.Add(CSharpSyntaxTree.ParseText(CoreWcfDeclarations.Source, options, CoreWcfDeclarations.FileName));
        }

        return CSharpCompilation.Create(
            assemblyName,
            trees,
            Net472References,
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, nullableContextOptions: NullableContextOptions.Enable));
    }

    /// <summary>One source file named <c>Test.cs</c>.</summary>
    public static CSharpCompilation Create(string source, bool withCoreWcf = false)
        => Create(new[] { ("Test.cs", source) }, withCoreWcf);

    /// <summary>Errors in the compilation, formatted one per line, for assertion messages.</summary>
    public static string Errors(Compilation compilation)
        => string.Join(Environment.NewLine, compilation.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error));

    private static ImmutableArray<MetadataReference> LoadNet472()
    {
        var folder = typeof(WcfTestCompilation).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>()
            .SingleOrDefault(a => a.Key == "Net472ReferenceAssemblies")?.Value;
        if (folder is null || !Directory.Exists(folder))
        {
            throw new InvalidOperationException($"The .NET Framework 4.7.2 reference assemblies were not found at '{folder}'; run scripts/setup.sh (NuGet restore).");
        }

        string[] names =
        [
            "mscorlib", "System", "System.Core", "System.Runtime.Serialization", "System.ServiceModel", "System.Xml",
            "System.Xml.Linq", "System.Data", "System.Transactions", "System.IdentityModel", "System.Drawing",
        ];
        var facades = Directory.EnumerateFiles(Path.Combine(folder, "Facades"), "*.dll");
        return names.Select(n => Path.Combine(folder, n + ".dll")).Concat(facades)
            .Select(p => (MetadataReference)MetadataReference.CreateFromFile(p))
            .ToImmutableArray();
    }
}
