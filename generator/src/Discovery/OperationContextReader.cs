using System;
using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using MigrateWcf.Generator.Model;

namespace MigrateWcf.Generator.Discovery;

/// <summary>
/// Reads what an implementation class does with WCF's <c>OperationContext</c>: which of its members (and of its
/// <c>Channel</c>) the code uses, and whether the type is named in a way that a type of the implementation's own
/// namespace cannot stand in for (fully qualified, <c>global::</c>, a using alias). Mapping decides what the migrated
/// service supports; the C# emitters write the stand-in.
/// </summary>
internal sealed class OperationContextReader
{
    private const string TypeName = "OperationContext";

    private readonly DiscoveryContext _context;
    private readonly WcfSymbols _wcf;

    public OperationContextReader(DiscoveryContext context)
    {
        _context = context;
        _wcf = context.Wcf;
    }

    public EquatableArray<OperationContextUse> Read(INamedTypeSymbol implementation)
    {
        if (_wcf.OperationContext.IsEmpty)
        {
            return EquatableArray<OperationContextUse>.Empty;
        }

        var uses = new List<OperationContextUse>();
        foreach (var reference in implementation.DeclaringSyntaxReferences.OrderBy(r => r.SyntaxTree.FilePath, StringComparer.Ordinal).ThenBy(r => r.Span.Start))
        {
            var syntax = reference.GetSyntax(_context.CancellationToken);
            // Most implementations never mention it; only a tree that names it (or aliases it) is bound.
            if (syntax.SyntaxTree.GetText(_context.CancellationToken).ToString().IndexOf(TypeName, StringComparison.Ordinal) < 0)
            {
                continue;
            }

            var model = _context.Compilation.GetSemanticModel(syntax.SyntaxTree);
            // 'var' binds to the type it infers; it names nothing, so it is no use of the type's name.
            foreach (var name in syntax.DescendantNodes().OfType<SimpleNameSyntax>().Where(n => !n.IsVar))
            {
                if (Use(name, model) is { } use)
                {
                    uses.Add(use);
                }
            }
        }

        return uses.ToEquatableArray();
    }

    /// <summary>
    /// The namespaces of every source type that names OperationContext unqualified (an implementation, or a base class
    /// or helper it reaches): each gets the stand-in, so code there compiles as it is. Sorted.
    /// </summary>
    public EquatableArray<string> NamespacesUsingTypeName()
    {
        var namespaces = new SortedSet<string>(StringComparer.Ordinal);
        if (_wcf.OperationContext.IsEmpty)
        {
            return EquatableArray<string>.Empty;
        }

        foreach (var tree in _context.Compilation.SyntaxTrees)
        {
            // Most files never mention it; only a tree that names it is bound.
            if (tree.GetText(_context.CancellationToken).ToString().IndexOf(TypeName, StringComparison.Ordinal) < 0)
            {
                continue;
            }

            var model = _context.Compilation.GetSemanticModel(tree);
            foreach (var name in tree.GetRoot(_context.CancellationToken).DescendantNodes().OfType<IdentifierNameSyntax>().Where(n => n.Identifier.ValueText == TypeName))
            {
                if (Use(name, model) is { Kind: OperationContextUseKind.TypeName }
                    && name.FirstAncestorOrSelf<BaseTypeDeclarationSyntax>() is { } declaration
                    && model.GetDeclaredSymbol(declaration, _context.CancellationToken) is INamedTypeSymbol type)
                {
                    namespaces.Add(DiscoveryContext.Namespace(type));
                }
            }
        }

        return namespaces.ToEquatableArray();
    }

    private OperationContextUse? Use(SimpleNameSyntax name, SemanticModel model)
    {
        var symbol = model.GetSymbolInfo(name, _context.CancellationToken).Symbol;
        var position = DiscoveryContext.PositionOf(name.GetLocation());
        switch (symbol)
        {
            case INamedTypeSymbol type when WcfSymbols.Is(type, _wcf.OperationContext):
                var qualified = name.Identifier.ValueText != TypeName
                    || name.Parent is QualifiedNameSyntax qualifiedName && qualifiedName.Right == name
                    || name.Parent is MemberAccessExpressionSyntax access && access.Name == name
                    || name.Parent is AliasQualifiedNameSyntax;
                return new OperationContextUse(qualified ? OperationContextUseKind.QualifiedName : OperationContextUseKind.TypeName, TypeName, position);
            case IPropertySymbol or IMethodSymbol or IEventSymbol or IFieldSymbol when WcfSymbols.Is(symbol.ContainingType, _wcf.OperationContext):
                return new OperationContextUse(OperationContextUseKind.Member, symbol.Name, position);
            case IPropertySymbol or IMethodSymbol or IEventSymbol when name.Parent is MemberAccessExpressionSyntax { Expression: var receiver } memberAccess
                && memberAccess.Name == name
                && WcfSymbols.Is(model.GetTypeInfo(receiver, _context.CancellationToken).Type, _wcf.ContextChannel)
                && !WcfSymbols.Is(symbol.ContainingType, _wcf.CommunicationObject):
                // OperationContext.Channel is an IContextChannel; code may use more of it than ICommunicationObject.
                return new OperationContextUse(OperationContextUseKind.Member, "Channel." + symbol.Name, position);
            default:
                return null;
        }
    }
}
