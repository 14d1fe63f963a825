using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace MigrateWcf.Generator.Corpus.Tests.Infrastructure;

/// <summary>
/// Compiles protoc's C# output (and emitted C# beside it) against the referenced Google.Protobuf, MigrateWcf.Runtime (the
/// messages of migrate_wcf/common.proto) and the running platform, warnings as errors.
/// </summary>
public static class CSharpCheck
{
    private static readonly Lazy<IReadOnlyList<MetadataReference>> References = new(() =>
    {
        var platform = ((string)AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES")!).Split(Path.PathSeparator)
            .Where(p => Path.GetFileName(p).StartsWith("System.", StringComparison.Ordinal) || Path.GetFileName(p) is "netstandard.dll" or "mscorlib.dll")
            .Where(p => !Path.GetFileName(p).Contains("Protobuf", StringComparison.OrdinalIgnoreCase));
        return platform.Append(typeof(Google.Protobuf.IMessage).Assembly.Location)
            .Append(typeof(Google.Api.HttpRule).Assembly.Location)
            .Append(typeof(MigrateWcf.Grpc.Decimal).Assembly.Location)
            .Distinct(StringComparer.Ordinal)
            .Select(p => (MetadataReference)MetadataReference.CreateFromFile(p))
            .ToList();
    });

    // What every SDK project suppresses (Microsoft.NET.Sdk's default NoWarn): Google.Protobuf was built against an older
    // System.Memory than the running platform, which a real build unifies without a word.
    private static readonly Dictionary<string, ReportDiagnostic> SdkNoWarn = new() { ["CS1701"] = ReportDiagnostic.Suppress, ["CS1702"] = ReportDiagnostic.Suppress };

    /// <summary>Every diagnostic at warning level or above, formatted one per line; empty when the code compiles cleanly.</summary>
    public static IReadOnlyList<string> Problems(IEnumerable<(string Path, string Text)> files)
        => Compile(files).Problems;

    /// <summary>The problems (as <see cref="Problems"/>) and, when there are none, the assembly's bytes.</summary>
    /// <param name="preprocessorSymbols">Symbols such as <c>NET5_0_OR_GREATER</c>, to compile one branch of conditional code.</param>
    /// <param name="checkOverflow">Compile as a project with <c>CheckForOverflowUnderflow</c> on.</param>
    /// <param name="documentation">Check XML doc comments too (crefs, params), as a project that generates its documentation file.</param>
    public static (IReadOnlyList<string> Problems, byte[]? Assembly) Compile(
        IEnumerable<(string Path, string Text)> files,
        string assemblyName = "ProtocOutput",
        IEnumerable<string>? preprocessorSymbols = null,
        bool checkOverflow = false,
        bool documentation = false)
    {
        var parse = new CSharpParseOptions(LanguageVersion.Latest, documentation ? DocumentationMode.Diagnose : DocumentationMode.Parse, preprocessorSymbols: preprocessorSymbols);
        var trees = files.Select(f => CSharpSyntaxTree.ParseText(f.Text, parse, f.Path)).ToList();
        var compilation = CSharpCompilation.Create(
            assemblyName,
            trees,
            References.Value,
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, generalDiagnosticOption: ReportDiagnostic.Error, warningLevel: 9999, checkOverflow: checkOverflow)
                .WithSpecificDiagnosticOptions(SdkNoWarn));
        using var stream = new MemoryStream();
        var emit = compilation.Emit(stream);
        var problems = emit.Diagnostics.Where(d => d.Severity >= DiagnosticSeverity.Warning || d.IsWarningAsError)
            .Select(d => d.ToString())
            .ToList();
        return (problems, emit.Success && problems.Count == 0 ? stream.ToArray() : null);
    }
}
