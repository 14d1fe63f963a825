using System.Collections.Immutable;
using System.Text;
using Microsoft.CodeAnalysis;
using MigrateWcf.Generator.Rules;

namespace MigrateWcf.Generator.Corpus.Tests.Infrastructure;

/// <summary>Runs the engine and renders its result as the set of text files a baseline holds.</summary>
public static class EngineRun
{
    public const string FindingsFile = "findings.txt";
    public const string LockFile = "lockfile.txt";

    private static readonly System.Collections.Concurrent.ConcurrentDictionary<string, Lazy<EngineResult>> FirstRuns = new(StringComparer.Ordinal);

    public static EngineResult Run(Compilation compilation, string? lockFileText = null)
        => MigrationEngine.Run(compilation, new EngineOptions(lockFileText), CancellationToken.None);

    /// <summary>
    /// The first-run result of a scenario, computed once per test process and shared by the tests that only read it
    /// (baselines, protoc, coverage). Determinism and robustness tests run the engine themselves.
    /// </summary>
    public static EngineResult FirstRun(CorpusScenario scenario)
        => FirstRuns.GetOrAdd(scenario.Name, _ => new Lazy<EngineResult>(() => MigrationEngine.Run(scenario.Compile(), scenario.Options(), CancellationToken.None))).Value;

    private static readonly System.Collections.Concurrent.ConcurrentDictionary<string, Lazy<EngineResult>> CSharpRuns = new(StringComparer.Ordinal);

    /// <summary>The first run of a scenario with C# emission on (the .proto output is the same as without), computed once per test process.</summary>
    public static EngineResult CSharpRun(CorpusScenario scenario)
        => CSharpRuns.GetOrAdd(scenario.Name, _ => new Lazy<EngineResult>(() => MigrationEngine.Run(scenario.Compile(), scenario.Options() with { CSharp = new CSharpOptions() }, CancellationToken.None))).Value;

    /// <summary>One line per finding: rule id, severity, file:line, message (engine order: order is part of the output).</summary>
    public static string FindingsListing(ImmutableArray<Finding> findings)
    {
        var text = new StringBuilder();
        foreach (var finding in findings)
        {
            var where = finding.Position is { } p ? $"{p.FilePath}:{p.Line}" : "-";
            text.Append(finding.RuleId).Append(' ').Append(finding.Severity).Append(' ').Append(where).Append(' ')
                .Append(RuleCatalog.Format(finding).Replace("\r", "").Replace("\n", " ")).Append('\n');
        }

        return text.ToString();
    }

    /// <summary>Every output of a run as relative path → text: the .proto files, the findings listing and the lock file.</summary>
    public static SortedDictionary<string, string> Files(EngineResult result)
    {
        var files = new SortedDictionary<string, string>(StringComparer.Ordinal);
        foreach (var proto in result.ProtoFiles)
        {
            files.Add(proto.RelativePath.Replace('\\', '/'), proto.Content);
        }

        files[FindingsFile] = FindingsListing(result.Findings);
        files[LockFile] = result.LockFileText;
        return files;
    }
}
