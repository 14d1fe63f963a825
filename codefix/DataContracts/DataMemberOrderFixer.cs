using System.Collections.Generic;
using System.Composition;
using System.Globalization;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Editing;
using MigrateWcf.CodeFixes.Infrastructure;
using MigrateWcf.Generator.Rules;

namespace MigrateWcf.CodeFixes.DataContracts;

/// <summary>
/// WCFM2015: gives each of a data contract's own members an explicit <c>[DataMember(Order = n)]</c>, in the order they
/// travel today (the diagnostic's <c>order</c> property, worked out by the engine) from the first number after the base
/// types' members (<c>first</c>), so the XML on the wire stays the same and the proto field numbers are in the source.
/// The attributes' other settings and all trivia stay.
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(DataMemberOrderFixer))]
[Shared]
public sealed class DataMemberOrderFixer : RuleCodeFixProvider
{
    // Each fix edits the [DataMember] attributes of one type: fixes of different types never overlap, so the default
    // batch FixAll.
    public DataMemberOrderFixer()
        : base(RuleIds.DataMemberOrder, EquivalenceKeys.AddDataMemberOrder)
    {
    }

    protected override Task RegisterFixesAsync(CodeFixContext context, SyntaxNode root, Diagnostic diagnostic)
    {
        if (diagnostic.Properties.TryGetValue(DataMemberOrderProperties.Order, out var order) && order is { Length: > 0 }
            && diagnostic.Properties.TryGetValue(DataMemberOrderProperties.First, out var first) && int.TryParse(first, NumberStyles.None, CultureInfo.InvariantCulture, out var firstOrder))
        {
            context.RegisterCodeFix(
                CodeAction.Create(
                    "Add explicit DataMember Order values (today's wire order)",
                    ct => AddOrdersAsync(context.Document, diagnostic, order.Split(','), firstOrder, ct),
                    DefaultEquivalenceKey),
                diagnostic);
        }

        return Task.CompletedTask;
    }

    private static async Task<Solution> AddOrdersAsync(Document document, Diagnostic diagnostic, string[] members, int first, CancellationToken cancellationToken)
    {
        var solution = document.Project.Solution;
        var root = await document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false);
        var model = await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false);
        var declaration = root?.FindToken(diagnostic.Location.SourceSpan.Start).Parent?.FirstAncestorOrSelf<BaseTypeDeclarationSyntax>();
        if (model is null || declaration is null || model.GetDeclaredSymbol(declaration, cancellationToken) is not INamedTypeSymbol type)
        {
            return solution;
        }

        var dataMember = WcfSyntax.Types(model.Compilation, "System.Runtime.Serialization.DataMemberAttribute");
        var edits = new List<(AttributeSyntax Attribute, int Order)>();
        for (var i = 0; i < members.Length; i++)
        {
            var member = type.GetMembers(members[i]).FirstOrDefault(m => m is IPropertySymbol or IFieldSymbol);
            if (member is not null && WcfSyntax.AttributeSyntax(member, dataMember, cancellationToken) is { } attribute)
            {
                edits.Add((attribute, first + i));
            }
        }

        // A partial type may declare its members in several documents.
        foreach (var perTree in edits.GroupBy(e => e.Attribute.SyntaxTree))
        {
            var target = solution.GetDocument(perTree.Key);
            if (target is null)
            {
                continue;
            }

            var editor = await DocumentEditor.CreateAsync(target, cancellationToken).ConfigureAwait(false);
            foreach (var (attribute, order) in perTree)
            {
                editor.ReplaceNode(attribute, WcfSyntax.WithNamedArgument(attribute, "Order", WcfSyntax.Literal(order)));
            }

            solution = editor.GetChangedDocument().Project.Solution;
        }

        return solution;
    }
}
