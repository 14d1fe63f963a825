using System.Collections.Immutable;
using System.Globalization;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using MigrateWcf.Generator;
using MigrateWcf.Generator.Rules;

namespace MigrateWcf.Analyzers.Tests.Infrastructure;

/// <summary>Every analyzer of the package, run together over a compilation as the compiler runs them.</summary>
public static class AllAnalyzers
{
    /// <summary>Every concrete DiagnosticAnalyzer in the analyzer assembly, found by reflection.</summary>
    public static ImmutableArray<DiagnosticAnalyzer> Create()
        => typeof(WcfAnalyzer).Assembly.GetTypes()
            .Where(t => typeof(DiagnosticAnalyzer).IsAssignableFrom(t) && !t.IsAbstract)
            .OrderBy(t => t.FullName, StringComparer.Ordinal)
            .Select(t => (DiagnosticAnalyzer)Activator.CreateInstance(t)!)
            .ToImmutableArray();

    /// <summary>The analyzers' diagnostics (compiler diagnostics left out) and every exception an analyzer threw.</summary>
    public static async Task<(ImmutableArray<Diagnostic> Diagnostics, IReadOnlyList<string> Exceptions)> RunAsync(Compilation compilation, params AdditionalText[] additionalFiles)
    {
        var exceptions = new List<string>();
        var options = new CompilationWithAnalyzersOptions(
            new AnalyzerOptions(additionalFiles.ToImmutableArray()),
            onAnalyzerException: (exception, analyzer, _) => { lock (exceptions) { exceptions.Add($"{analyzer.GetType().Name}: {exception}"); } },
            concurrentAnalysis: true,
            logAnalyzerExecutionTime: false);
        var withAnalyzers = compilation.WithAnalyzers(Create(), options);
        var diagnostics = await withAnalyzers.GetAnalyzerDiagnosticsAsync(CancellationToken.None);
        return (diagnostics, exceptions);
    }

    /// <summary>A diagnostic as one comparable line: id, where (start and end), message, other places.</summary>
    public static string Describe(Diagnostic diagnostic)
        => Line(diagnostic.Id, diagnostic.Location, diagnostic.GetMessage(CultureInfo.InvariantCulture), diagnostic.AdditionalLocations);

    /// <summary>A finding as the same kind of line, so the engine's and the analyzers' answers compare directly.</summary>
    public static string Describe(Finding finding)
    {
        static string Where(SourcePosition? p) => p is null ? "-" : $"{p.FilePath}({p.Line},{p.Column}-{p.EndLine},{p.EndColumn})";
        return $"{finding.RuleId} {Where(finding.Position)} {RuleCatalog.Format(finding)} [{string.Join("; ", finding.AdditionalPositions.Select(Where))}]";
    }

    private static string Line(string id, Location location, string message, IEnumerable<Location> additional)
    {
        static string Where(Location l)
        {
            if (l == Location.None)
            {
                return "-";
            }

            var span = l.GetLineSpan();
            return $"{span.Path}({span.StartLinePosition.Line + 1},{span.StartLinePosition.Character + 1}-{span.EndLinePosition.Line + 1},{span.EndLinePosition.Character + 1})";
        }

        return $"{id} {Where(location)} {message} [{string.Join("; ", additional.Select(Where))}]";
    }
}

/// <summary>An additional file (app.config) given to analyzers from memory.</summary>
public sealed class InMemoryAdditionalText(string path, string text) : AdditionalText
{
    public override string Path { get; } = path;

    public override Microsoft.CodeAnalysis.Text.SourceText GetText(CancellationToken cancellationToken = default) => Microsoft.CodeAnalysis.Text.SourceText.From(text);
}
