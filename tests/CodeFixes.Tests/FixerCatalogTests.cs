using System.Reflection;
using System.Text.RegularExpressions;
using Microsoft.CodeAnalysis.CodeFixes;
using MigrateWcf.Generator.Rules;

namespace MigrateWcf.CodeFixes.Tests;

/// <summary>The fixers (found by reflection) and the rule pages agree: a page says "Yes" exactly when a fixer fixes its rule, and names its equivalence keys.</summary>
public class FixerCatalogTests
{
    private static readonly string RulesFolder = Path.Combine(
        typeof(FixerCatalogTests).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>().Single(a => a.Key == "RepositoryRoot").Value!, "docs", "rules");

    private static IReadOnlyList<CodeFixProvider> Fixers()
        => typeof(EquivalenceKeys).Assembly.GetTypes()
            .Where(t => typeof(CodeFixProvider).IsAssignableFrom(t) && !t.IsAbstract)
            .Select(t => (CodeFixProvider)Activator.CreateInstance(t)!)
            .ToList();

    private static string CodeFixSection(string ruleId)
        => Regex.Match(File.ReadAllText(Path.Combine(RulesFolder, ruleId + ".md")), "^## Code fix\n(.*?)(?=^## )", RegexOptions.Multiline | RegexOptions.Singleline).Groups[1].Value.Trim();

    [Fact]
    public void RulePagesSayYes_ExactlyForTheRulesAFixerFixes()
    {
        var fixedRules = Fixers().SelectMany(f => f.FixableDiagnosticIds).ToHashSet(StringComparer.Ordinal);
        Assert.NotEmpty(fixedRules);
        foreach (var rule in RuleCatalog.All)
        {
            Assert.Equal(fixedRules.Contains(rule.Id), CodeFixSection(rule.Id).StartsWith("Yes", StringComparison.Ordinal));
        }
    }

    [Fact]
    public void EveryFixer_SupportsFixAll_ButTheOneThatPlansAWholeProject_WhosePageSaysWhyNot()
    {
        Assert.All(Fixers().Where(f => f is not Contracts.GenerateGrpcMigrationFixer), f => Assert.NotNull(f.GetFixAllProvider()));
        Assert.Null(new Contracts.GenerateGrpcMigrationFixer().GetFixAllProvider());
        Assert.Contains("no FixAll", CodeFixSection(RuleIds.ServiceContractMapped), StringComparison.Ordinal);
    }

    [Fact]
    public void EveryEquivalenceKey_IsNamedOnItsRulesPage()
    {
        var keys = typeof(EquivalenceKeys).GetFields().Select(f => (string)f.GetValue(null)!).ToList();
        Assert.NotEmpty(keys);
        var pages = string.Join("\n", RuleCatalog.All.Select(r => CodeFixSection(r.Id)));
        Assert.All(keys, key => Assert.Contains($"`{key}`", pages, StringComparison.Ordinal));
    }
}
