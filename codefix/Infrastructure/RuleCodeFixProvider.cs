using System.Collections.Immutable;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeFixes;

namespace MigrateWcf.CodeFixes.Infrastructure;

/// <summary>
/// A code fix for one WCFM rule: the rule is named once, the document's root read once per request, and each diagnostic
/// handed to <see cref="RegisterFixesAsync"/>. FixAll is a batch of the fix with the default equivalence key, which is
/// also what a host that asks without a key (dotnet format) gets; a fixer whose fixes overlap overrides it.
/// </summary>
public abstract class RuleCodeFixProvider : CodeFixProvider
{
    protected RuleCodeFixProvider(string ruleId, string defaultEquivalenceKey)
    {
        FixableDiagnosticIds = ImmutableArray.Create(ruleId);
        DefaultEquivalenceKey = defaultEquivalenceKey;
    }

    public sealed override ImmutableArray<string> FixableDiagnosticIds { get; }

    /// <summary>The fix FixAll applies, and the one applied when the host names none.</summary>
    protected string DefaultEquivalenceKey { get; }

    public override FixAllProvider? GetFixAllProvider() => new DefaultKeyFixAllProvider(WellKnownFixAllProviders.BatchFixer, DefaultEquivalenceKey);

    public sealed override async Task RegisterCodeFixesAsync(CodeFixContext context)
    {
        var root = await context.Document.GetSyntaxRootAsync(context.CancellationToken).ConfigureAwait(false);
        if (root is null)
        {
            return;
        }

        foreach (var diagnostic in context.Diagnostics)
        {
            await RegisterFixesAsync(context, root, diagnostic).ConfigureAwait(false);
        }
    }

    /// <summary>Registers the fixes <paramref name="diagnostic"/> gets, or none when its code cannot be fixed soundly.</summary>
    protected abstract Task RegisterFixesAsync(CodeFixContext context, SyntaxNode root, Diagnostic diagnostic);
}
