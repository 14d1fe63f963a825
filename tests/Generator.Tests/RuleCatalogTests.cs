using System.Text.RegularExpressions;
using MigrateWcf.Generator.Rules;
using MigrateWcf.Tests.Shared;

namespace MigrateWcf.Generator.Tests;

/// <summary>
/// Every rule has a page and every page a rule, and every page's "Before" example is reported while its "After" is not:
/// the docs' examples are the "reports" / "does not report" tests of each rule, so they cannot drift from the engine.
/// </summary>
public class RuleCatalogTests
{
    private static readonly string RulesFolder = Path.Combine(Engine.Metadata("RepositoryRoot"), "docs", "rules");

    // Internal-failure rules have no source that triggers them on purpose; their pages describe the situation in text.
    private static readonly HashSet<string> WithoutCodeExamples = new() { RuleIds.ContractAnalysisFailed, RuleIds.TypeAnalysisFailed, RuleIds.ConfigurationFile, RuleIds.ConfigurationSettingWithoutCounterpart };

    // Rules about <system.serviceModel>: their examples are a config file (```xml), run beside a plain contract.
    public static TheoryData<string> RuleIdsWithConfigurationExamples() => new() { RuleIds.ConfigurationFile, RuleIds.ConfigurationSettingWithoutCounterpart };

    // Rules about the lock file: their examples are a lock file (```text) given with the page's C# (or, when the page has
    // none, a plain contract).
    private static readonly HashSet<string> WithLockFileExamples = new() { RuleIds.LockFileUnreadable, RuleIds.ProtoNameKept };

    public static TheoryData<string> RuleIdsWithCodeExamples()
    {
        var data = new TheoryData<string>();
        // Rules only generate reports have their examples run through generate (tests/Tool.Tests, SourceSelectionTests).
        foreach (var rule in RuleCatalog.All.Where(r => !WithoutCodeExamples.Contains(r.Id) && !r.GenerateOnly))
        {
            data.Add(rule.Id);
        }

        return data;
    }

    /// <summary>A page's example: its C# (a plain contract for a lock-file page without one) and its lock file, if any.</summary>
    private static (string Source, string? LockFile) Example(string ruleId, string heading)
    {
        if (!WithLockFileExamples.Contains(ruleId))
        {
            return (CodeBlock(ruleId, heading), null);
        }

        var section = Section(File.ReadAllText(Path.Combine(RulesFolder, ruleId + ".md")), heading);
        var source = section.Contains("```csharp") ? CodeBlock(ruleId, heading) : CodeBlock(RuleIds.PerCallWithSingleConcurrency, "After");
        return (source, TextBlock(ruleId, heading));
    }

    [Fact]
    public void EveryRule_HasAPage()
    {
        var missing = RuleCatalog.All.Where(r => !File.Exists(Path.Combine(Engine.Metadata("RepositoryRoot"), r.HelpPath))).Select(r => r.Id);
        Assert.Empty(missing);
    }

    [Fact]
    public void EveryPage_HasARule()
    {
        var pages = Directory.EnumerateFiles(RulesFolder, "WCFM*.md").Select(p => Path.GetFileNameWithoutExtension(p)).ToList();
        Assert.NotEmpty(pages);
        Assert.DoesNotContain(pages, id => !RuleCatalog.TryGet(id, out _));
    }

    [Fact]
    public void RuleIds_AreUniqueAndInTheirCategorysRange()
    {
        Assert.Equal(RuleCatalog.All.Length, RuleCatalog.All.Select(r => r.Id).Distinct().Count());
        foreach (var rule in RuleCatalog.All)
        {
            Assert.Matches("^WCFM[1-4][0-9]{3}$", rule.Id);
            var expected = rule.Id[4] switch
            {
                '1' => RuleCategories.Contracts,
                '2' => RuleCategories.DataContracts,
                '3' => RuleCategories.Behaviors,
                _ => RuleCategories.Hosting,
            };
            Assert.Equal(expected, rule.Category);
        }
    }

    [Fact]
    public void HelpLinks_AreDerivedFromTheId()
    {
        Assert.All(RuleCatalog.All, r => Assert.Equal(RuleCatalog.HelpBaseUri + "docs/rules/" + r.Id + ".md", r.HelpLink));
    }

    // A page's heading, severity table and "What gRPC does instead" are generated from the catalog and checked by
    // tests/Analyzers.Tests (RuleDocumentsTests); the sections here are written by hand.
    [Fact]
    public void EveryPage_HasItsHandWrittenSections()
    {
        foreach (var rule in RuleCatalog.All)
        {
            var page = File.ReadAllText(Path.Combine(RulesFolder, rule.Id + ".md"));
            foreach (var section in new[] { "Cause", "How to fix", "Before", "After" })
            {
                Assert.False(string.IsNullOrWhiteSpace(Section(page, section)), $"{rule.Id} lacks '{section}'");
            }
        }
    }

    [Theory]
    [MemberData(nameof(RuleIdsWithCodeExamples))]
    public void BeforeExample_Reports(string ruleId)
    {
        var (source, lockFile) = Example(ruleId, "Before");
        if (ruleId != RuleIds.UnresolvedType)
        {
            Assert.Empty(WcfTestCompilation.Errors(WcfTestCompilation.Create(source)));
        }

        Assert.NotEmpty(Engine.Run(source, lockFile).FindingsOf(ruleId));
    }

    [Theory]
    [MemberData(nameof(RuleIdsWithCodeExamples))]
    public void AfterExample_DoesNotReport(string ruleId)
    {
        var (source, lockFile) = Example(ruleId, "After");
        var errors = WcfTestCompilation.Errors(WcfTestCompilation.Create(source));
        Assert.True(errors.Length == 0, errors);

        Assert.Empty(Engine.Run(source, lockFile).FindingsOf(ruleId));
    }

    [Fact]
    public void ProtoNameKeptExample_AfterIsTheLockFileTheBeforeRunWrote()
    {
        // The page's story holds: running Before with its lock file writes the After lock file (header aside).
        var (source, lockFile) = Example(RuleIds.ProtoNameKept, "Before");
        var written = Engine.Run(source, lockFile).LockFileText;
        var after = Example(RuleIds.ProtoNameKept, "After").LockFile!;

        Assert.Equal(after.Trim(), string.Join("\n", written.Split('\n').Where(l => !l.StartsWith('#') && !l.Contains(".ICrm"))).Trim());
    }

    [Theory]
    [MemberData(nameof(RuleIdsWithConfigurationExamples))]
    public void ConfigurationExampleBefore_Reports(string ruleId)
    {
        var options = new EngineOptions { ConfigurationFiles = new[] { new ConfigurationFile("App.config", Block(ruleId, "Before", "xml")) } };
        var result = MigrationEngine.Run(WcfTestCompilation.Create(CodeBlock(RuleIds.PerCallWithSingleConcurrency, "After")), options);
        Assert.NotEmpty(result.FindingsOf(ruleId));
        Assert.All(result.FindingsOf(ruleId), f => Assert.Equal("App.config", f.Position?.FilePath));
        Assert.All(result.FindingsOf(ruleId), f => Assert.EndsWith(RuleCatalog.Get(ruleId).GrpcInstead, f.Text()));
    }

    [Theory]
    [MemberData(nameof(RuleIdsWithConfigurationExamples))]
    public void ConfigurationExampleAfter_DoesNotReport(string ruleId)
    {
        var options = new EngineOptions { ConfigurationFiles = new[] { new ConfigurationFile("App.config", Block(ruleId, "After", "xml")) } };
        var result = MigrationEngine.Run(WcfTestCompilation.Create(CodeBlock(RuleIds.PerCallWithSingleConcurrency, "After")), options);
        Assert.Empty(result.FindingsOf(ruleId));
    }

    [Fact]
    public void EveryPage_SaysWhetherItsRuleHasACodeFix()
    {
        foreach (var rule in RuleCatalog.All)
        {
            var fix = Section(File.ReadAllText(Path.Combine(RulesFolder, rule.Id + ".md")), "Code fix");
            Assert.Matches("^(Yes|None)( yet)?[,:]", fix);
        }
    }

    [Fact]
    public void FindingsUseTheCatalogSeverityAndEndWithWhatGrpcDoesInstead()
    {
        foreach (var ruleId in RuleCatalog.All.Where(r => !r.GenerateOnly).Select(r => r.Id).Where(id => !WithoutCodeExamples.Contains(id)))
        {
            var (source, lockFile) = Example(ruleId, "Before");
            foreach (var finding in Engine.Run(source, lockFile).Findings)
            {
                var rule = RuleCatalog.Get(finding.RuleId);
                Assert.Equal(rule.Severity, finding.Severity);
                Assert.Equal(rule.Id, RuleCatalog.Message(finding.MessageId).RuleId);
                Assert.EndsWith(rule.GrpcInstead, finding.Text());
            }
        }
    }

    [Fact]
    public void EveryRule_HasAMessage_AndEveryMessageARule()
    {
        Assert.All(RuleCatalog.All, r => Assert.NotEmpty(r.Messages));
        Assert.All(FindingMessages.All, m => Assert.True(RuleCatalog.TryGet(m.RuleId, out _), $"{m.Id} names no rule"));
        Assert.Equal(FindingMessages.All.Length, FindingMessages.All.Select(m => m.Id).Distinct().Count());
    }

    [Fact]
    public void EveryDeclaredMessage_IsInTheCatalog()
    {
        var declared = typeof(FindingMessages).GetFields().Where(f => f.FieldType == typeof(FindingMessage)).Select(f => (FindingMessage)f.GetValue(null)!).ToList();
        Assert.Equal(declared.Select(m => m.Id).Order(), FindingMessages.All.Select(m => m.Id).Order());
        Assert.All(declared, m => Assert.Same(m, RuleCatalog.Message(m.Id)));
    }

    [Fact]
    public void MessagePlaceholders_AreNumberedFromZeroWithoutGaps()
    {
        foreach (var message in FindingMessages.All)
        {
            var used = Regex.Matches(message.Format, @"\{(\d+)\}").Select(m => int.Parse(m.Groups[1].Value)).Distinct().Order().ToList();
            Assert.Equal(Enumerable.Range(0, message.ArgumentCount), used);
        }
    }

    [Fact]
    public void DiagnosticFormat_GivesTheSameTextAsFormat()
    {
        // A Roslyn front end formats DiagnosticFormat with the arguments; the tool calls Format. Both must read alike.
        foreach (var message in FindingMessages.All)
        {
            var arguments = Enumerable.Range(0, message.ArgumentCount).Select(i => "{arg" + i + "}").ToArray();
            var finding = Finding.Create(message, null, arguments);
            Assert.Equal(RuleCatalog.Format(finding), string.Format(System.Globalization.CultureInfo.InvariantCulture, RuleCatalog.DiagnosticFormat(message), arguments));
        }
    }

    [Fact]
    public void Finding_RejectsTheWrongNumberOfArguments()
    {
        Assert.Throws<ArgumentException>(() => Finding.Create(FindingMessages.NameCollision, null, "only one"));
    }

    private static string Section(string page, string heading)
    {
        var match = Regex.Match(page, "^## " + Regex.Escape(heading) + "\n(.*?)(?=^## |\\z)", RegexOptions.Multiline | RegexOptions.Singleline);
        return match.Success ? match.Groups[1].Value.Trim() : string.Empty;
    }

    private static string CodeBlock(string ruleId, string heading) => Block(ruleId, heading, "csharp");

    private static string TextBlock(string ruleId, string heading) => Block(ruleId, heading, "text");

    private static string Block(string ruleId, string heading, string language)
    {
        var section = Section(File.ReadAllText(Path.Combine(RulesFolder, ruleId + ".md")), heading);
        var match = Regex.Match(section, "```" + language + "\n(.*?)```", RegexOptions.Singleline);
        Assert.True(match.Success, $"{ruleId}: no ```{language} block under '{heading}'");
        return match.Groups[1].Value;
    }
}
