using System.Collections.Immutable;
using MigrateWcf.Generator;
using MigrateWcf.Tool.Input;

namespace MigrateWcf.Tool.Cli;

/// <summary>What one pass over an input produced: the engine's result plus syntax errors, findings sorted for printing.</summary>
internal sealed record MigrationOutcome(SourceSet Sources, EngineResult Result, ImmutableArray<Finding> Findings)
{
    public int Count(FindingSeverity severity) => Findings.Count(f => f.Severity == severity);

    public bool HasErrors => Findings.Any(f => f.Severity == FindingSeverity.Error);

    /// <summary>Where a finding points, relative to the input, as "file:line:column" (or the file alone).</summary>
    public string Where(Finding finding)
        => finding.Position is { } p ? $"{Sources.Relative(p.FilePath)}:{p.Line}:{p.Column}" : "(no location)";

    /// <summary>One line per finding, the way compilers print diagnostics.</summary>
    public string Format(Finding finding)
        => $"{Where(finding)}: {finding.Severity.ToString().ToLowerInvariant()} {finding.RuleId}: {finding.Message}";
}

/// <summary>The one flow both commands share: input → compilation → engine. Does no output of its own.</summary>
internal static class MigrationRun
{
    public static MigrationOutcome Execute(SourceSet sources, string? lockFileText, CliDependencies deps, CancellationToken cancellationToken)
    {
        var progress = new Progress(deps, sources.Files.Length);
        progress.Report($"reading {sources.Files.Length} files…");
        var input = SourceCompiler.Compile(sources, progress, cancellationToken);

        progress.Report("discovering and mapping contracts…");
        var result = MigrationEngine.Run(input.Compilation, new EngineOptions(lockFileText), cancellationToken);
        progress.Report($"found {result.Summary.ServiceContracts} service contracts, {result.Summary.Operations} operations, {result.Summary.DataTypes} data types.");

        // The engine may report syntax errors itself; keep one of each.
        var findings = input.SyntaxErrors.Concat(result.Findings)
            .DistinctBy(f => (f.RuleId, f.Position?.FilePath, f.Position?.Line, f.Position?.Column))
            .OrderBy(f => f.Position is null ? 1 : 0)
            .ThenBy(f => f.Position?.FilePath, StringComparer.Ordinal)
            .ThenBy(f => f.Position?.Line)
            .ThenBy(f => f.Position?.Column)
            .ThenBy(f => f.RuleId, StringComparer.Ordinal)
            .ThenBy(f => f.Message, StringComparer.Ordinal)
            .ToImmutableArray();
        return new MigrationOutcome(sources, result, findings);
    }
}
