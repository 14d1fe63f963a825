using System.Text.RegularExpressions;
using Microsoft.CodeAnalysis;
using MigrateWcf.Analyzers.Tests.Infrastructure;
using MigrateWcf.Generator.Rules;

namespace MigrateWcf.Analyzers.Tests;

/// <summary>
/// The descriptors are made from the engine's catalog, no rule is an error in builds, the hand-maintained release
/// tracking files agree with the catalog, and every help link of every analyzer (found by reflection) names a page that
/// exists in this repository. What docs/rules restates of the catalog is generated (<c>RuleDocumentsTests</c>).
/// </summary>
public class CatalogTests
{
    private static string Repository(params string[] parts) => Path.Combine([Corpus.RepositoryRoot, .. parts]);

    [Fact]
    public void EveryFindingMessage_HasOneDescriptorMadeFromTheCatalog()
    {
        // Rules only generate reports (what the migrated project compiles) have no descriptor.
        foreach (var message in FindingMessages.All.Where(WcfDiagnostics.HasDescriptor))
        {
            var rule = RuleCatalog.Get(message.RuleId);
            var descriptor = WcfDiagnostics.For(Generator.Finding.Create(message, null, Enumerable.Repeat("x", message.ArgumentCount).ToArray()));
            Assert.Equal(rule.Id, descriptor.Id);
            Assert.Equal(rule.Category, descriptor.Category);
            Assert.Equal(rule.Title, descriptor.Title.ToString());
            Assert.Equal(RuleCatalog.DiagnosticFormat(message), descriptor.MessageFormat.ToString());
            Assert.Equal(rule.GrpcInstead, descriptor.Description.ToString());
            Assert.Equal(rule.HelpLink, descriptor.HelpLinkUri);
            Assert.True(descriptor.IsEnabledByDefault);
            Assert.Contains(WcfDiagnostics.Tag, descriptor.CustomTags);
        }
    }

    [Fact]
    public void NoRuleIsAnErrorInBuilds_AndInfoStaysInfo()
    {
        foreach (var rule in RuleCatalog.All)
        {
            var expected = rule.Severity == Generator.FindingSeverity.Info ? DiagnosticSeverity.Info : DiagnosticSeverity.Warning;
            Assert.All(WcfDiagnostics.All.Where(d => d.Id == rule.Id), d => Assert.Equal(expected, d.DefaultSeverity));
        }
    }

    [Fact]
    public void EveryAnalyzersHelpLinks_ResolveToAPageOfThisRepository()
    {
        var analyzers = AllAnalyzers.Create();
        Assert.NotEmpty(analyzers);
        foreach (var descriptor in analyzers.SelectMany(a => a.SupportedDiagnostics))
        {
            Assert.StartsWith(RuleCatalog.HelpBaseUri, descriptor.HelpLinkUri, StringComparison.Ordinal);
            var relative = descriptor.HelpLinkUri[RuleCatalog.HelpBaseUri.Length..];
            Assert.Equal($"docs/rules/{descriptor.Id}.md", relative);
            Assert.True(File.Exists(Repository(relative.Split('/'))), $"{descriptor.Id}: {relative} does not exist");
        }
    }

    [Fact]
    public void EveryRule_IsReportedByAnAnalyzer()
    {
        var supported = AllAnalyzers.Create().SelectMany(a => a.SupportedDiagnostics).Select(d => d.Id).ToHashSet(StringComparer.Ordinal);
        Assert.All(RuleCatalog.All.Where(r => !r.GenerateOnly), r => Assert.Contains(r.Id, supported));
        Assert.All(RuleCatalog.All.Where(r => r.GenerateOnly), r => Assert.DoesNotContain(r.Id, supported));
    }

    [Fact]
    public void ReleaseFiles_ListEveryAnalyzerRuleOnceWithItsCategorySeverityAndTitle()
    {
        var shipped = ReleaseRows(File.ReadAllText(Repository("analyzer", "AnalyzerReleases.Shipped.md")));
        var unshipped = ReleaseRows(File.ReadAllText(Repository("analyzer", "AnalyzerReleases.Unshipped.md")));
        var rows = shipped.Concat(unshipped).ToList();

        Assert.Equal(RuleCatalog.All.Where(r => !r.GenerateOnly).Select(r => r.Id).Order(), rows.Select(r => r.Id).Order());
        foreach (var row in rows)
        {
            var rule = RuleCatalog.Get(row.Id);
            Assert.Equal(rule.Category, row.Category);
            Assert.Equal(WcfDiagnostics.SeverityOf(rule).ToString(), row.Severity);
            Assert.Equal($"{rule.Title}, [Documentation](../docs/rules/{rule.Id}.md)", row.Notes);
        }
    }

    private sealed record ReleaseRow(string Id, string Category, string Severity, string Notes);

    private static List<ReleaseRow> ReleaseRows(string text)
        => Regex.Matches(text, @"^(WCFM\d{4}) \| (\w+) \| (\w+) \| (.*)$", RegexOptions.Multiline)
            .Select(m => new ReleaseRow(m.Groups[1].Value, m.Groups[2].Value, m.Groups[3].Value, m.Groups[4].Value))
            .ToList();
}
