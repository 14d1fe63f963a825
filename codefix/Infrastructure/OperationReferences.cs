using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.FindSymbols;
using Microsoft.CodeAnalysis.CSharp;

namespace MigrateWcf.CodeFixes.Infrastructure;

/// <summary>
/// What the operation-changing fixes find about a contract method: the methods implementing it (and overriding those)
/// declared in source, and every place that names one of them.
/// </summary>
internal static class OperationReferences
{
    /// <summary>The contract method a diagnostic points at: a method of a service contract interface.</summary>
    public static MethodDeclarationSyntax? ContractMethod(SyntaxNode root, Diagnostic diagnostic)
        => root.FindToken(diagnostic.Location.SourceSpan.Start).Parent?.FirstAncestorOrSelf<MethodDeclarationSyntax>() is { Parent: InterfaceDeclarationSyntax } method ? method : null;

    /// <summary>Implementations of <paramref name="contractMethod"/> in source, and the methods overriding them.</summary>
    public static async Task<ImmutableArray<IMethodSymbol>> ImplementationsAsync(IMethodSymbol contractMethod, Solution solution, CancellationToken cancellationToken)
    {
        var found = new List<IMethodSymbol>();
        var queue = new Queue<IMethodSymbol>();
        foreach (var implementation in await SymbolFinder.FindImplementationsAsync(contractMethod, solution, cancellationToken: cancellationToken).ConfigureAwait(false))
        {
            if (implementation is IMethodSymbol method)
            {
                queue.Enqueue(method);
            }
        }

        while (queue.Count > 0)
        {
            var method = queue.Dequeue();
            if (method.DeclaringSyntaxReferences.IsEmpty || found.Contains(method, SymbolEqualityComparer.Default))
            {
                continue;
            }

            found.Add(method);
            foreach (var overriding in await SymbolFinder.FindOverridesAsync(method, solution, cancellationToken: cancellationToken).ConfigureAwait(false))
            {
                if (overriding is IMethodSymbol overridingMethod)
                {
                    queue.Enqueue(overridingMethod);
                }
            }
        }

        return found.ToImmutableArray();
    }

    /// <summary>Every place in source that names one of <paramref name="methods"/> (calls, method groups, crefs, nameof), by document.</summary>
    public static async Task<List<(DocumentId Document, SyntaxNode Name)>> NamesAsync(IEnumerable<IMethodSymbol> methods, Solution solution, CancellationToken cancellationToken)
    {
        var names = new List<(DocumentId, SyntaxNode)>();
        var seen = new HashSet<(DocumentId, Microsoft.CodeAnalysis.Text.TextSpan)>();
        foreach (var method in methods)
        {
            foreach (var referenced in await SymbolFinder.FindReferencesAsync(method, solution, cancellationToken).ConfigureAwait(false))
            {
                foreach (var location in referenced.Locations)
                {
                    if (location.IsImplicit || !seen.Add((location.Document.Id, location.Location.SourceSpan)))
                    {
                        continue;
                    }

                    var root = await location.Document.GetSyntaxRootAsync(cancellationToken).ConfigureAwait(false);
                    if (root?.FindNode(location.Location.SourceSpan, findInsideTrivia: true, getInnermostNodeForTie: true) is { } node)
                    {
                        names.Add((location.Document.Id, node));
                    }
                }
            }
        }

        return names;
    }

    /// <summary>The invocation <paramref name="name"/> calls (<c>x.M(...)</c>, <c>M(...)</c>, <c>x?.M(...)</c>), or null when it is not called there.</summary>
    public static InvocationExpressionSyntax? Invocation(SyntaxNode name)
    {
        var callee = name.Parent is MemberAccessExpressionSyntax access && access.Name == name ? access
            : name.Parent is MemberBindingExpressionSyntax binding && binding.Name == name ? binding
            : (SyntaxNode)name;
        return callee.Parent is InvocationExpressionSyntax invocation && invocation.Expression == callee ? invocation : null;
    }

    /// <summary>True when <paramref name="name"/> sits in a documentation comment's cref.</summary>
    public static bool IsInCref(SyntaxNode name) => name.FirstAncestorOrSelf<CrefSyntax>(ascendOutOfTrivia: false) is not null;

    /// <summary>The name in <paramref name="node"/> (an identifier, a generic name, or the name of a member access) renamed.</summary>
    public static SyntaxNode Renamed(SyntaxNode node, string newName) => node switch
    {
        IdentifierNameSyntax identifier => identifier.WithIdentifier(SyntaxFactory.Identifier(newName).WithTriviaFrom(identifier.Identifier)),
        GenericNameSyntax generic => generic.WithIdentifier(SyntaxFactory.Identifier(newName).WithTriviaFrom(generic.Identifier)),
        NameMemberCrefSyntax cref when cref.Name is IdentifierNameSyntax id => cref.WithName(id.WithIdentifier(SyntaxFactory.Identifier(newName).WithTriviaFrom(id.Identifier))),
        QualifiedCrefSyntax qualified when qualified.Member is NameMemberCrefSyntax { Name: IdentifierNameSyntax id } member
            => qualified.WithMember(member.WithName(id.WithIdentifier(SyntaxFactory.Identifier(newName).WithTriviaFrom(id.Identifier)))),
        _ => node,
    };
}
