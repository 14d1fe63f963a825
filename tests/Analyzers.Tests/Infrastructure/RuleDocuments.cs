using System.Text;
using System.Text.RegularExpressions;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeFixes;
using MigrateWcf.Generator.Rules;

namespace MigrateWcf.Analyzers.Tests.Infrastructure;

/// <summary>
/// The parts of the repository written from the rule catalog (<see cref="RuleCatalog"/>) and the analyzers' descriptors
/// (<see cref="WcfDiagnostics"/>), as the text each file must have: the rules table of docs/rules/README.md, the
/// heading, severity table and "What gRPC does instead" of each rule page, docs/rules/default.editorconfig and the
/// package's list of rule ids. Hand-written text around them is kept. <c>RuleDocumentsTests</c> compares and refreshes.
/// </summary>
public static class RuleDocuments
{
    public const string RefreshCommand = "UPDATE_RULE_DOCS=1 dotnet test tests/Analyzers.Tests --filter FullyQualifiedName~RuleDocumentsTests";

    public const string RulesReadme = "docs/rules/README.md";
    public const string DefaultEditorConfig = "docs/rules/default.editorconfig";
    public const string PackageProps = "analyzer/package/build/MigrateWcf.Analyzers.props";

    private const string TableStart = "<!-- The table is generated from RuleCatalog: " + RefreshCommand + " -->\n";
    private const string TableEnd = "<!-- End of the generated table. -->\n";

    private static readonly Regex PageHead = new(@"\A.*?(?=^## )", RegexOptions.Singleline | RegexOptions.Multiline);
    private static readonly Regex GrpcInsteadSection = new(@"(?<=^## What gRPC does instead\n\n).*?(?=\n\n## )", RegexOptions.Singleline | RegexOptions.Multiline);
    private static readonly Regex DiagnosticIdsProperty = new(@"(?<=<MigrateWcfDiagnosticIds>)[^<]*(?=</MigrateWcfDiagnosticIds>)");

    private static IEnumerable<Rule> Rules => RuleCatalog.All.OrderBy(r => r.Id, StringComparer.Ordinal);

    private static IEnumerable<Rule> AnalyzerRules => Rules.Where(r => !r.GenerateOnly);

    /// <summary>Every generated file, repository-relative with '/'.</summary>
    public static IEnumerable<string> Paths => new[] { RulesReadme, DefaultEditorConfig, PackageProps }.Concat(Rules.Select(r => r.HelpPath));

    /// <summary>What <paramref name="path"/> must hold, given what it holds now (<paramref name="current"/>, null when missing).</summary>
    public static string Render(string path, string? current)
    {
        if (path == DefaultEditorConfig)
        {
            return EditorConfig();
        }

        if (current is null)
        {
            throw new InvalidOperationException($"{path} does not exist; it is hand-written around its generated part, so write it first.");
        }

        if (path == RulesReadme)
        {
            return Readme(current);
        }

        if (path == PackageProps)
        {
            return ReplaceOnce(DiagnosticIdsProperty, current, string.Join(";", AnalyzerRules.Select(r => r.Id)), path);
        }

        var rule = Rules.Single(r => r.HelpPath == path);
        return ReplaceOnce(GrpcInsteadSection, ReplaceOnce(PageHead, current, PageHeading(rule), path), rule.GrpcInstead, path);
    }

    /// <summary>The default severity of each analyzer rule in builds and IDEs, as .editorconfig lines.</summary>
    private static string EditorConfig()
    {
        var text = new StringBuilder()
            .Append("# The default severity of every migrate-wcf analyzer rule in builds and IDEs. Copy the lines of the rules\n")
            .Append("# to change into your .editorconfig (error, warning, suggestion, silent or none).\n")
            .Append("# Generated from RuleCatalog: ").Append(RefreshCommand).Append('\n')
            .Append("\n[*.cs]\n");
        foreach (var rule in AnalyzerRules)
        {
            text.Append('\n')
                .Append("# ").Append(rule.Id).Append(": ").Append(rule.Title).Append('\n')
                .Append("dotnet_diagnostic.").Append(rule.Id).Append(".severity = ").Append(EditorConfigSeverity(WcfDiagnostics.SeverityOf(rule))).Append('\n');
        }

        return text.ToString();
    }

    private static string EditorConfigSeverity(DiagnosticSeverity severity) => severity switch
    {
        DiagnosticSeverity.Error => "error",
        DiagnosticSeverity.Warning => "warning",
        DiagnosticSeverity.Info => "suggestion",
        _ => "silent",
    };

    /// <summary>The README with its rules table (between the two markers) rendered again.</summary>
    private static string Readme(string current)
    {
        var start = current.IndexOf(TableStart, StringComparison.Ordinal);
        var end = current.IndexOf(TableEnd, StringComparison.Ordinal);
        if (start < 0 || end < start)
        {
            throw new InvalidOperationException($"{RulesReadme} lacks the markers of its generated table:\n{TableStart}{TableEnd}");
        }

        var fixedRules = FixedRuleIds();
        var table = new StringBuilder()
            .Append("| Id | Title | Severity | IDE / build | Category | Fix |\n")
            .Append("|---|---|---|---|---|---|\n");
        foreach (var rule in Rules)
        {
            table.Append($"| [{rule.Id}]({rule.Id}.md) | {rule.Title} | {rule.Severity} | {(rule.GenerateOnly ? "generate only" : WcfDiagnostics.SeverityOf(rule).ToString())} | {rule.Category} | {(fixedRules.Contains(rule.Id) ? "yes" : "–")} |\n");
        }

        // A blank line ends the table before the end marker.
        return current[..(start + TableStart.Length)] + table + "\n" + current[end..];
    }

    /// <summary>A rule page's title and severity table, up to its first section.</summary>
    private static string PageHeading(Rule rule)
    {
        var build = rule.GenerateOnly ? "reported by `migrate-wcf generate`" : WcfDiagnostics.SeverityOf(rule).ToString();
        return $"# {rule.Id}: {rule.Title}\n\n| Severity | Category | IDE / build |\n|---|---|---|\n| {rule.Severity} | {rule.Category} | {build} |\n\n";
    }

    /// <summary>The rules a code fix of the package fixes (its fixers, found by reflection).</summary>
    private static HashSet<string> FixedRuleIds()
        => typeof(MigrateWcf.CodeFixes.EquivalenceKeys).Assembly.GetTypes()
            .Where(t => typeof(CodeFixProvider).IsAssignableFrom(t) && !t.IsAbstract)
            .SelectMany(t => ((CodeFixProvider)Activator.CreateInstance(t)!).FixableDiagnosticIds)
            .ToHashSet(StringComparer.Ordinal);

    private static string ReplaceOnce(Regex part, string text, string replacement, string path)
    {
        var matches = part.Matches(text);
        if (matches.Count != 1)
        {
            throw new InvalidOperationException($"{path}: expected one match of {part}, found {matches.Count}.");
        }

        return text[..matches[0].Index] + replacement + text[(matches[0].Index + matches[0].Length)..];
    }
}
