using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using MigrateWcf.Generator.References;
using MigrateWcf.Tool.Input;

namespace MigrateWcf.Tests.Shared;

/// <summary>
/// Real Roslyn compilations of WCF sources against the tool's built-in .NET Framework 4.7.2 reference set, loaded by the
/// tool's own loader (<see cref="ReferenceSet"/>), optionally with CoreWCF's attribute declarations.
/// </summary>
public static class WcfTestCompilation
{
    /// <summary>The reference assemblies the tool compiles old projects against.</summary>
    public static ImmutableArray<MetadataReference> Net472References => ReferenceSet.Net472References;

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
}
