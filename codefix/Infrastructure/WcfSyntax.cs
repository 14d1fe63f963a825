using System.Collections.Immutable;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Formatting;

namespace MigrateWcf.CodeFixes.Infrastructure;

/// <summary>Edits of WCF attributes the fixes share: named arguments set, replaced or removed, trivia kept.</summary>
internal static class WcfSyntax
{
    /// <summary>The types named <paramref name="metadataName"/> in the compilation (System.ServiceModel and CoreWCF may both have one).</summary>
    public static ImmutableArray<INamedTypeSymbol> Types(Compilation compilation, params string[] metadataNames)
        => metadataNames.SelectMany(n => compilation.GetTypesByMetadataName(n)).ToImmutableArray();

    /// <summary>True when <paramref name="attribute"/> is an application of one of <paramref name="types"/> (by symbol, not by name text).</summary>
    public static bool Is(AttributeData attribute, ImmutableArray<INamedTypeSymbol> types)
        => types.Any(t => SymbolEqualityComparer.Default.Equals(attribute.AttributeClass, t));

    /// <summary>The attribute of one of <paramref name="types"/> on <paramref name="symbol"/>, with its syntax.</summary>
    public static AttributeSyntax? AttributeSyntax(ISymbol symbol, ImmutableArray<INamedTypeSymbol> types, System.Threading.CancellationToken cancellationToken)
        => symbol.GetAttributes().FirstOrDefault(a => Is(a, types))?.ApplicationSyntaxReference?.GetSyntax(cancellationToken) as AttributeSyntax;

    /// <summary><paramref name="attribute"/> with the named argument <paramref name="name"/> set to <paramref name="value"/> (replaced if present, else added last).</summary>
    public static AttributeSyntax WithNamedArgument(AttributeSyntax attribute, string name, ExpressionSyntax value)
    {
        var existing = attribute.ArgumentList?.Arguments.FirstOrDefault(a => a.NameEquals?.Name.Identifier.ValueText == name);
        if (existing is not null)
        {
            return attribute.ReplaceNode(existing.Expression, value.WithTriviaFrom(existing.Expression));
        }

        var argument = SyntaxFactory.AttributeArgument(
            SyntaxFactory.NameEquals(
                SyntaxFactory.IdentifierName(name),
                SyntaxFactory.Token(SyntaxFactory.TriviaList(SyntaxFactory.Space), SyntaxKind.EqualsToken, SyntaxFactory.TriviaList(SyntaxFactory.Space))),
            null,
            value);
        if (attribute.ArgumentList is not { } list)
        {
            return attribute.WithArgumentList(SyntaxFactory.AttributeArgumentList(SyntaxFactory.SingletonSeparatedList(argument)))
                .WithAdditionalAnnotations(Formatter.Annotation);
        }

        var arguments = list.Arguments.GetWithSeparators().ToList();
        if (list.Arguments.Count > 0)
        {
            arguments.Add(SyntaxFactory.Token(SyntaxKind.CommaToken).WithTrailingTrivia(SyntaxFactory.Space));
        }

        arguments.Add(argument);
        return attribute.WithArgumentList(list.WithArguments(SyntaxFactory.SeparatedList<AttributeArgumentSyntax>(arguments)))
            .WithAdditionalAnnotations(Formatter.Annotation);
    }

    /// <summary><paramref name="attribute"/> without the named argument <paramref name="name"/>; without parentheses when none is left.</summary>
    public static AttributeSyntax WithoutNamedArgument(AttributeSyntax attribute, string name)
    {
        if (attribute.ArgumentList is not { } list || list.Arguments.FirstOrDefault(a => a.NameEquals?.Name.Identifier.ValueText == name) is not { } argument)
        {
            return attribute;
        }

        var remaining = list.Arguments.Remove(argument);
        return remaining.Count == 0
            ? attribute.WithArgumentList(null).WithTrailingTrivia(attribute.GetTrailingTrivia())
            : attribute.WithArgumentList(list.WithArguments(remaining));
    }

    /// <summary>An integer literal.</summary>
    public static ExpressionSyntax Literal(int value) => SyntaxFactory.LiteralExpression(SyntaxKind.NumericLiteralExpression, SyntaxFactory.Literal(value));

    /// <summary>A string literal.</summary>
    public static ExpressionSyntax Literal(string value) => SyntaxFactory.LiteralExpression(SyntaxKind.StringLiteralExpression, SyntaxFactory.Literal(value));

    /// <summary>
    /// <paramref name="root"/> with <c>using <paramref name="ns"/>;</c>, added in alphabetical place among its usings when
    /// missing, so names the fix writes fully qualified (and annotated for simplification) read as usual.
    /// </summary>
    public static SyntaxNode WithUsing(SyntaxNode root, string ns)
    {
        if (root is not CompilationUnitSyntax unit
            || unit.Usings.Any(u => u.Alias is null && u.StaticKeyword.IsKind(SyntaxKind.None) && u.Name?.ToString() == ns))
        {
            return root;
        }

        var directive = SyntaxFactory.UsingDirective(SyntaxFactory.ParseName(ns).WithLeadingTrivia(SyntaxFactory.Space))
            .WithTrailingTrivia(SyntaxFactory.ElasticCarriageReturnLineFeed);
        // Among the usings of the same root namespace (System.*), in alphabetical place; without any, after the others.
        var rootNamespace = ns.Split('.')[0];
        var usings = unit.Usings;
        var group = Enumerable.Range(0, usings.Count)
            .Where(i => usings[i].Alias is null && usings[i].StaticKeyword.IsKind(SyntaxKind.None) && usings[i].Name?.ToString().Split('.')[0] == rootNamespace)
            .ToList();
        var index = group.Count == 0
            ? usings.Count
            : group.Where(i => string.CompareOrdinal(usings[i].Name?.ToString(), ns) < 0).Select(i => i + 1).DefaultIfEmpty(group[0]).Max();

        if (unit.Usings.Count > 0)
        {
            directive = directive.WithTrailingTrivia(unit.Usings[0].GetTrailingTrivia());
            if (index == 0)
            {
                // The first using carries the file's leading comments; the new one takes them over.
                var first = unit.Usings[0];
                directive = directive.WithLeadingTrivia(first.GetLeadingTrivia());
                unit = unit.ReplaceNode(first, first.WithLeadingTrivia());
            }
        }

        return unit.WithUsings(unit.Usings.Insert(index, directive));
    }
}
