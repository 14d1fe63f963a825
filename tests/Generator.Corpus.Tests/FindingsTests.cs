using System.Text.RegularExpressions;
using MigrateWcf.Generator.Corpus.Tests.Infrastructure;
using MigrateWcf.Generator.Rules;

namespace MigrateWcf.Generator.Corpus.Tests;

/// <summary>Findings over the corpus are well-formed: a documented rule id, a message, a place in the scenario's own sources.</summary>
public sealed partial class FindingsTests
{
    public static TheoryData<string> Scenarios => CorpusScenario.Names();

    [Theory]
    [MemberData(nameof(Scenarios))]
    public void Findings_PointIntoTheScenarioSources(string name)
    {
        var scenario = CorpusScenario.Get(name);
        var lineCounts = scenario.Sources.Concat(scenario.ConfigurationFiles).ToDictionary(s => s.Path, s => s.Text.Split('\n').Length, StringComparer.Ordinal);

        foreach (var finding in EngineRun.FirstRun(scenario).Findings.Where(f => f.Position is not null))
        {
            var position = finding.Position!;
            Assert.True(lineCounts.TryGetValue(position.FilePath, out var lines), $"{finding.RuleId} points at '{position.FilePath}', not a source of {name}");
            Assert.InRange(position.Line, 1, lines);
            Assert.True(position.Column >= 1, $"{finding.RuleId}: column {position.Column}");
        }
    }

    [Theory]
    [MemberData(nameof(Scenarios))]
    public void Findings_HaveDocumentedRuleIdsAndMessages(string name)
    {
        foreach (var finding in EngineRun.FirstRun(CorpusScenario.Get(name)).Findings)
        {
            Assert.Matches(RuleId(), finding.RuleId);
            Assert.False(string.IsNullOrWhiteSpace(RuleCatalog.Format(finding)), $"{finding.RuleId} has no message");
            Assert.True(File.Exists(Path.Combine(TestEnvironment.RulesDocs, finding.RuleId + ".md")), $"{finding.RuleId} has no docs/rules/{finding.RuleId}.md");
        }
    }

    // Rules no contract can trigger on purpose: the engine's own failure reports, the lock-file rules, which need an
    // earlier run's lock file (LockFileEvolutionTests covers them: UnreadableLockFile_IsReportedAndFieldsAreStillNumbered
    // and SuccessiveEdits_NeverRenumberExistingFields_AndReserveRemovedOnes), and the project-reference rules, which
    // migrate-wcf generate reports from project files (tests/Tool.Tests/ProjectReferencesTests).
    private static readonly HashSet<string> NotTriggeredByContracts = new(StringComparer.Ordinal) { "WCFM1090", "WCFM2090", "WCFM2080", "WCFM2081", "WCFM4020", "WCFM4021", "WCFM4022" };

    [Fact]
    public void Corpus_ExercisesEveryDocumentedRule()
    {
        // Each rule page in docs/rules is a rule the catalog has; the corpus must trigger each at least once.
        var documented = Directory.Exists(TestEnvironment.RulesDocs)
            ? Directory.EnumerateFiles(TestEnvironment.RulesDocs, "WCFM*.md").Select(Path.GetFileNameWithoutExtension).ToHashSet(StringComparer.Ordinal)
            : [];
        var reported = CorpusScenario.All.SelectMany(s => EngineRun.FirstRun(s).Findings).Select(f => f.RuleId).ToHashSet(StringComparer.Ordinal);

        Assert.NotEmpty(documented);
        var untouched = documented.Where(id => !reported.Contains(id!) && !NotTriggeredByContracts.Contains(id!)).Order().ToList();
        Assert.True(untouched.Count == 0, "No corpus scenario triggers: " + string.Join(", ", untouched));
    }

    [GeneratedRegex(@"^WCFM[1-4]\d{3}$")]
    private static partial Regex RuleId();
}
