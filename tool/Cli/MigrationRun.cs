using System.Collections.Immutable;
using System.Globalization;
using Microsoft.CodeAnalysis;
using MigrateWcf.Generator;
using MigrateWcf.Generator.Rules;
using MigrateWcf.Tool.Input;

namespace MigrateWcf.Tool.Cli;

/// <summary>
/// A finding as the tool prints it: an engine finding, its text formatted from the rule catalog, or a C# syntax error
/// the compiler reported while parsing the input (its id is <c>CS####</c> and it has no message arguments).
/// </summary>
internal sealed record ReportedFinding(
    string RuleId,
    FindingSeverity Severity,
    string Message,
    SourcePosition? Position,
    ImmutableArray<string> Arguments,
    ImmutableArray<SourcePosition> AdditionalPositions)
{
    public static ReportedFinding From(Finding finding)
        => new(finding.RuleId, finding.Severity, RuleCatalog.Format(finding), finding.Position, finding.Arguments.AsImmutableArray(), finding.AdditionalPositions.AsImmutableArray());

    public static ReportedFinding FromSyntaxError(Diagnostic diagnostic)
    {
        var span = diagnostic.Location.GetLineSpan();
        var position = new SourcePosition(span.Path, span.StartLinePosition.Line + 1, span.StartLinePosition.Character + 1);
        return new(diagnostic.Id, FindingSeverity.Error, diagnostic.GetMessage(CultureInfo.InvariantCulture), position, ImmutableArray<string>.Empty, ImmutableArray<SourcePosition>.Empty);
    }
}

/// <summary>What one pass over an input produced: the engine's result plus syntax errors, findings in print order.</summary>
internal sealed record MigrationOutcome(SourceSet Sources, EngineResult Result, ImmutableArray<ReportedFinding> Findings)
{
    public int Count(FindingSeverity severity) => Findings.Count(f => f.Severity == severity);

    public bool HasErrors => Findings.Any(f => f.Severity == FindingSeverity.Error);

    /// <summary>Where a finding points, relative to the input, as "file:line:column" (or the file alone).</summary>
    public string Where(ReportedFinding finding)
        => finding.Position is { } p ? $"{Sources.Relative(p.FilePath)}:{p.Line}:{p.Column}" : "(no location)";

    /// <summary>One line per finding, the way compilers print diagnostics.</summary>
    public string Format(ReportedFinding finding)
        => $"{Where(finding)}: {finding.Severity.ToString().ToLowerInvariant()} {finding.RuleId}: {finding.Message}";
}

/// <summary>The one flow every command shares: input → compilation → engine. Does no output of its own.</summary>
internal static class MigrationRun
{
    /// <param name="csharp">Also emit the C# of the migrated service (<c>generate</c>); null for .proto only.</param>
    public static MigrationOutcome Execute(SourceSet sources, string? lockFileText, CliDependencies deps, CancellationToken cancellationToken, CSharpOptions? csharp = null)
    {
        var progress = new Progress(deps, sources.Files.Length);
        progress.Report($"reading {sources.Files.Length} files…");
        var input = SourceCompiler.Compile(sources, progress, cancellationToken);

        progress.Report("discovering and mapping contracts…");
        var result = MigrationEngine.Run(input.Compilation, new EngineOptions(lockFileText) { CSharp = csharp }, cancellationToken);
        progress.Report($"found {result.Summary.ServiceContracts} service contracts, {result.Summary.Operations} operations, {result.Summary.DataTypes} data types.");

        // Two lists, each complete (the engine reports no syntax errors; distinct findings may share a position), merged
        // into the engine's one order.
        var findings = input.SyntaxErrors.Concat(result.Findings.Select(ReportedFinding.From))
            .Order(Comparer<ReportedFinding>.Create((x, y) => FindingOrder.Compare(x.Position, x.RuleId, x.Message, y.Position, y.RuleId, y.Message)))
            .ToImmutableArray();
        return new MigrationOutcome(sources, result, findings);
    }
}
