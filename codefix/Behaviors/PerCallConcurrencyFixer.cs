using System.Composition;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Editing;
using MigrateWcf.CodeFixes.Infrastructure;
using MigrateWcf.Generator.Rules;

namespace MigrateWcf.CodeFixes.Behaviors;

/// <summary>
/// WCFM3001: on a PerCall service, <c>ConcurrencyMode.Single</c> serializes nothing. Two fixes: remove the setting, or
/// say what is true (<c>ConcurrencyMode.Multiple</c>). Both keep the rest of the <c>[ServiceBehavior]</c> and its trivia.
/// The diagnostic's location is that attribute.
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(PerCallConcurrencyFixer))]
[Shared]
public sealed class PerCallConcurrencyFixer : RuleCodeFixProvider
{
    private const string ConcurrencyMode = "ConcurrencyMode";

    // Each fix edits one attribute: the default batch FixAll. Asked without a key (dotnet format), the setting is removed.
    public PerCallConcurrencyFixer()
        : base(RuleIds.PerCallWithSingleConcurrency, EquivalenceKeys.RemoveRedundantConcurrencyMode)
    {
    }

    protected override Task RegisterFixesAsync(CodeFixContext context, SyntaxNode root, Diagnostic diagnostic)
    {
        if (root.FindNode(diagnostic.Location.SourceSpan)?.FirstAncestorOrSelf<AttributeSyntax>() is not { } attribute
            || Argument(attribute) is not { } argument)
        {
            return Task.CompletedTask;
        }

        context.RegisterCodeFix(
            CodeAction.Create(
                "Remove the redundant ConcurrencyMode.Single",
                ct => ReplaceAsync(context.Document, attribute, WcfSyntax.WithoutNamedArgument(attribute, ConcurrencyMode), ct),
                DefaultEquivalenceKey),
            diagnostic);

        // Multiple is written the way Single was (ConcurrencyMode.Single, System.ServiceModel.ConcurrencyMode.Single, ...).
        if (argument.Expression is MemberAccessExpressionSyntax { Name.Identifier.ValueText: "Single" } single)
        {
            var multiple = single.WithName(SyntaxFactory.IdentifierName("Multiple").WithTriviaFrom(single.Name));
            context.RegisterCodeFix(
                CodeAction.Create(
                    "Set ConcurrencyMode.Multiple",
                    ct => ReplaceAsync(context.Document, attribute, attribute.ReplaceNode(single, multiple), ct),
                    EquivalenceKeys.SetConcurrencyModeMultiple),
                diagnostic);
        }

        return Task.CompletedTask;
    }

    private static AttributeArgumentSyntax? Argument(AttributeSyntax attribute)
        => attribute.ArgumentList?.Arguments.FirstOrDefault(a => a.NameEquals?.Name.Identifier.ValueText == ConcurrencyMode);

    private static async Task<Document> ReplaceAsync(Document document, AttributeSyntax attribute, AttributeSyntax replacement, CancellationToken cancellationToken)
    {
        var editor = await DocumentEditor.CreateAsync(document, cancellationToken).ConfigureAwait(false);
        editor.ReplaceNode(attribute, replacement);
        return editor.GetChangedDocument();
    }
}
