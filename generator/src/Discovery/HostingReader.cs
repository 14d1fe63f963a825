using System;
using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Text;
using MigrateWcf.Generator.Model;
using MigrateWcf.Generator.References;

namespace MigrateWcf.Generator.Discovery;

/// <summary>
/// Reads WCF hosting and client code configured in C# rather than in <c>.config</c>: bindings and service hosts created
/// (<c>new NetTcpBinding()</c>, <c>new ServiceHost(...)</c>) or derived from, and client proxies and channel factories
/// (<c>ClientBase&lt;T&gt;</c>, <c>ChannelFactory&lt;T&gt;</c>). Addresses and binding settings are not read yet.
/// </summary>
internal sealed class HostingReader
{
    private readonly DiscoveryContext _context;
    private readonly WcfSymbols _wcf;

    public HostingReader(DiscoveryContext context)
    {
        _context = context;
        _wcf = context.Wcf;
    }

    /// <summary>
    /// Finds bindings, service hosts and client channels created or derived from in code, in tree order.
    /// </summary>
    public EquatableArray<HostingUsageModel> Read()
    {
        if (_wcf.Binding.IsEmpty && _wcf.ServiceHostBase.IsEmpty && _wcf.ClientChannels.IsEmpty)
        {
            return EquatableArray<HostingUsageModel>.Empty;
        }

        var usages = new List<HostingUsageModel>();
        // By file path, not in the caller's order, so the model does not depend on how the files were listed.
        foreach (var tree in _context.Compilation.SyntaxTrees.OrderBy(t => t.FilePath, StringComparer.Ordinal))
        {
            if (tree.FilePath != CoreWcfDeclarations.FileName)
            {
                _context.CancellationToken.ThrowIfCancellationRequested();
                Read(tree, usages);
            }
        }

        return usages.ToEquatableArray();
    }

    private void Read(SyntaxTree tree, List<HostingUsageModel> usages)
    {
        var root = tree.GetRoot(_context.CancellationToken);
        var newKeywords = NewKeywordOffsets(tree.GetText(_context.CancellationToken));
        SemanticModel? semanticModel = null;
        foreach (var node in root.DescendantNodes(node => MayHoldHostingCode(node, newKeywords)))
        {
            ITypeSymbol? type = null;
            if (node is ObjectCreationExpressionSyntax creation)
            {
                // The created type is the type its syntax names; binding just that name in scope (usings, aliases, type
                // parameters) avoids binding the whole enclosing statement, lambdas and overloads included.
                semanticModel ??= _context.Compilation.GetSemanticModel(tree);
                type = semanticModel.GetSpeculativeTypeInfo(TypeLookupPosition(creation), creation.Type, SpeculativeBindingOption.BindAsTypeOrNamespace).Type;
            }
            else if (node is ImplicitObjectCreationExpressionSyntax targetTyped)
            {
                // new() takes its type from the context, so only binding the expression can tell.
                semanticModel ??= _context.Compilation.GetSemanticModel(tree);
                type = semanticModel.GetTypeInfo(targetTyped, _context.CancellationToken).Type;
            }
            else if (node is ClassDeclarationSyntax { BaseList: not null } declaration)
            {
                semanticModel ??= _context.Compilation.GetSemanticModel(tree);
                type = semanticModel.GetDeclaredSymbol(declaration, _context.CancellationToken)?.BaseType;
            }

            if (type is null || type.TypeKind == TypeKind.Error)
            {
                continue;
            }

            HostingUsageKind? kind =
                WcfSymbols.DerivesFrom(type, _wcf.Binding) ? HostingUsageKind.Binding
                : WcfSymbols.DerivesFrom(type, _wcf.ServiceHostBase) ? HostingUsageKind.ServiceHost
                : WcfSymbols.DerivesFrom(type, _wcf.ClientChannels) ? HostingUsageKind.ClientChannel
                : null;
            if (kind is { } k)
            {
                var wcfType = type;
                while (wcfType.BaseType is not null && !WcfSymbols.IsInWcfNamespace(wcfType))
                {
                    wcfType = wcfType.BaseType;
                }

                usages.Add(new HostingUsageModel(k, _context.Key(wcfType.OriginalDefinition), DiscoveryContext.PositionOf(node.GetLocation())));
            }
        }
    }

    /// <summary>Where the text says <c>new</c>, in order. Matches in comments, strings or longer names only cost a walk.</summary>
    private static List<int> NewKeywordOffsets(SourceText text)
    {
        var content = text.ToString();
        var offsets = new List<int>();
        for (var i = content.IndexOf("new", StringComparison.Ordinal); i >= 0; i = content.IndexOf("new", i + 3, StringComparison.Ordinal))
        {
            offsets.Add(i);
        }

        return offsets;
    }

    /// <summary>
    /// Whether to walk into a node: an object creation needs the <c>new</c> keyword, so a node whose text lacks it holds
    /// none. Namespaces and types are always walked, since the classes they declare may derive from a hosting type.
    /// </summary>
    private static bool MayHoldHostingCode(SyntaxNode node, List<int> newKeywords)
    {
        if (node is CompilationUnitSyntax or BaseNamespaceDeclarationSyntax or TypeDeclarationSyntax)
        {
            return true;
        }

        var span = node.FullSpan;
        var index = newKeywords.BinarySearch(span.Start);
        index = index < 0 ? ~index : index;
        return index < newKeywords.Count && newKeywords[index] < span.End;
    }

    /// <summary>
    /// Where to look up the type an object creation names: a position with the same names in scope whose binding does
    /// not need the member's body. Inside a method, property, constructor or field initializer, Roslyn resolves a position
    /// by building the binders of the whole body (or of the statement around a lambda); bodies declare no types, so the
    /// member's signature sees the same names: usings, aliases, containing types and their type parameters, and a
    /// generic method's own type parameters at its return type. A local function's type parameters are in scope only
    /// inside it, so the search stops there, before the outermost lambda or query inside it.
    /// </summary>
    private static int TypeLookupPosition(ObjectCreationExpressionSyntax creation)
    {
        var position = creation.Type.SpanStart;
        for (var node = creation.Parent; node is not null; node = node.Parent)
        {
            switch (node)
            {
                case LocalFunctionStatementSyntax:
                    return position;
                case AnonymousFunctionExpressionSyntax or QueryExpressionSyntax:
                    position = node.SpanStart;
                    break;
                case MethodDeclarationSyntax method:
                    return method.ReturnType.SpanStart;
                case BaseMethodDeclarationSyntax other:
                    return other.ParameterList.SpanStart;
                case BasePropertyDeclarationSyntax property:
                    return property.Type.SpanStart;
                case BaseFieldDeclarationSyntax field:
                    return field.Declaration.Type.SpanStart;
                case MemberDeclarationSyntax:
                    // Types, namespaces, enum members, top-level statements: keep the position found so far.
                    return position;
            }
        }

        return position;
    }
}
