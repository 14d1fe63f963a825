using System.Composition;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Editing;
using MigrateWcf.CodeFixes.Infrastructure;
using MigrateWcf.Generator.Rules;

namespace MigrateWcf.CodeFixes.Contracts;

/// <summary>
/// WCFM1005: an operation that shares its name with another (overloads without <c>Name</c>, which WCF refuses when the
/// host opens) gets <c>[OperationContract(Name = "...")]</c> with the name its rpc has today (the diagnostic's
/// <c>uniqueName</c> property), so WCF accepts the contract and the proto does not change.
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(UniqueOperationNameFixer))]
[Shared]
public sealed class UniqueOperationNameFixer : RuleCodeFixProvider
{
    // Each fix edits the [OperationContract] of one method: the default batch FixAll.
    public UniqueOperationNameFixer()
        : base(RuleIds.DuplicateOperationName, EquivalenceKeys.UniqueOperationName)
    {
    }

    protected override async Task RegisterFixesAsync(CodeFixContext context, SyntaxNode root, Diagnostic diagnostic)
    {
        if (!diagnostic.Properties.TryGetValue(DuplicateOperationNameProperties.UniqueName, out var name) || name is not { Length: > 0 }
            || await context.Document.GetSemanticModelAsync(context.CancellationToken).ConfigureAwait(false) is not { } model
            || root.FindToken(diagnostic.Location.SourceSpan.Start).Parent?.FirstAncestorOrSelf<MethodDeclarationSyntax>() is not { } method
            || model.GetDeclaredSymbol(method, context.CancellationToken) is not { } symbol)
        {
            return;
        }

        var operationContract = WcfSyntax.Types(model.Compilation, "System.ServiceModel.OperationContractAttribute", "CoreWCF.OperationContractAttribute");
        if (WcfSyntax.AttributeSyntax(symbol, operationContract, context.CancellationToken) is not { } attribute || attribute.SyntaxTree != root.SyntaxTree)
        {
            return;
        }

        context.RegisterCodeFix(CodeAction.Create($"Name the operation '{name}'", ct => NameAsync(context.Document, attribute, name, ct), DefaultEquivalenceKey), diagnostic);
    }

    private static async Task<Document> NameAsync(Document document, AttributeSyntax attribute, string name, CancellationToken cancellationToken)
    {
        var editor = await DocumentEditor.CreateAsync(document, cancellationToken).ConfigureAwait(false);
        editor.ReplaceNode(attribute, WcfSyntax.WithNamedArgument(attribute, "Name", WcfSyntax.Literal(name)));
        return editor.GetChangedDocument();
    }
}
