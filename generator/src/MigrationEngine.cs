// The one entry point every front end (tool, analyzer, code fix) calls. The engine decides; callers only do IO.
using System.Collections.Immutable;
using System.Threading;
using Microsoft.CodeAnalysis;

namespace MigrateWcf.Generator;

/// <summary>What the caller hands the engine besides the compilation.</summary>
/// <param name="LockFileText">Text of the field-number lock file from the previous run, or null for a first run.</param>
public sealed record EngineOptions(string? LockFileText = null);

/// <summary>Severity of a finding, independent of Roslyn so the model holds no Roslyn types.</summary>
public enum FindingSeverity
{
    Info,
    Warning,
    Error,
}

/// <summary>A place in source: file path as given to the compilation, 1-based line and column.</summary>
public sealed record SourcePosition(string FilePath, int Line, int Column);

/// <summary>One thing that does not map cleanly, with the rule that says what gRPC does instead.</summary>
public sealed record Finding(string RuleId, FindingSeverity Severity, string Message, SourcePosition? Position);

/// <summary>A file the engine produced: a path relative to the output folder, and its full text.</summary>
public sealed record GeneratedFile(string RelativePath, string Content);

/// <summary>Counts for the summary a front end prints.</summary>
public sealed record EngineSummary(int ServiceContracts, int Operations, int DataTypes, int OperationsMappedCleanly, int DataTypesMappedCleanly);

/// <summary>Everything one run produces. <see cref="LockFileText"/> is what the caller writes back.</summary>
public sealed record EngineResult(
    ImmutableArray<Finding> Findings,
    ImmutableArray<GeneratedFile> ProtoFiles,
    string LockFileText,
    EngineSummary Summary);

public static class MigrationEngine
{
    /// <summary>Discovers every WCF contract in <paramref name="compilation"/>, maps it and emits .proto text. Never throws on bad code.</summary>
    public static EngineResult Run(Compilation compilation, EngineOptions options, CancellationToken cancellationToken = default)
        => throw new System.NotImplementedException("Filled in by issue 5.");
}
