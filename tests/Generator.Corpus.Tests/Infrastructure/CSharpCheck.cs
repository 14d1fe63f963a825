using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace MigrateWcf.Generator.Corpus.Tests.Infrastructure;

/// <summary>Compiles protoc's C# output against Google.Protobuf 3.25.1 and the running platform, warnings as errors.</summary>
public static class CSharpCheck
{
    private static readonly Lazy<IReadOnlyList<MetadataReference>> References = new(() =>
    {
        var platform = ((string)AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES")!).Split(Path.PathSeparator)
            .Where(p => Path.GetFileName(p).StartsWith("System.", StringComparison.Ordinal) || Path.GetFileName(p) is "netstandard.dll" or "mscorlib.dll")
            .Where(p => !Path.GetFileName(p).Contains("Protobuf", StringComparison.OrdinalIgnoreCase));
        return platform.Append(typeof(Google.Protobuf.IMessage).Assembly.Location)
            .Distinct(StringComparer.Ordinal)
            .Select(p => (MetadataReference)MetadataReference.CreateFromFile(p))
            .ToList();
    });

    /// <summary>Every diagnostic at warning level or above, formatted one per line; empty when the code compiles cleanly.</summary>
    public static IReadOnlyList<string> Problems(IEnumerable<(string Path, string Text)> files)
    {
        var parse = new CSharpParseOptions(LanguageVersion.Latest);
        var trees = files.Select(f => CSharpSyntaxTree.ParseText(f.Text, parse, f.Path)).ToList();
        var compilation = CSharpCompilation.Create(
            "ProtocOutput",
            trees,
            References.Value,
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, generalDiagnosticOption: ReportDiagnostic.Error, warningLevel: 9999));
        using var stream = new MemoryStream();
        var emit = compilation.Emit(stream);
        return emit.Diagnostics.Where(d => d.Severity >= DiagnosticSeverity.Warning || d.IsWarningAsError)
            .Select(d => d.ToString())
            .ToList();
    }
}
