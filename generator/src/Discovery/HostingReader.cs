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
/// Reads WCF hosting, client and runtime code in C# (what <c>.config</c> files say is read by
/// <see cref="ConfigurationReader"/>): bindings and service hosts created (<c>new NetTcpBinding()</c>,
/// <c>new ServiceHost(...)</c>) or derived from, client proxies and channel factories (<c>ClientBase&lt;T&gt;</c>,
/// <c>ChannelFactory&lt;T&gt;</c>), <c>net.pipe://</c> addresses written as strings, WCF security mode values
/// (<c>SecurityMode.Message</c>), the members of <c>OperationContext</c> the code uses, and authorization the migrated
/// service no longer runs (<c>[PrincipalPermission]</c>, classes derived from <c>ServiceAuthorizationManager</c>). One syntax tree at a time, so a
/// front end can ask for one document; the whole compilation is every tree in path order.
/// </summary>
internal sealed class HostingReader
{
    // Text that code this reader looks for must contain; a tree (or a node) without any of it is skipped unread.
    private const string NewKeyword = "new";
    private const string NamedPipeScheme = "net.pipe:";
    private const string SecurityModeSuffix = "SecurityMode";
    private const string OperationContextName = "OperationContext";
    private const string PrincipalPermissionName = "PrincipalPermission";

    private readonly DiscoveryContext _context;
    private readonly WcfSymbols _wcf;

    public HostingReader(DiscoveryContext context)
    {
        _context = context;
        _wcf = context.Wcf;
    }

    /// <summary>
    /// Finds hosting and runtime code in every tree of the compilation, in path order.
    /// </summary>
    public EquatableArray<HostingUsageModel> Read()
    {
        var usages = new List<HostingUsageModel>();
        // By file path, not in the caller's order, so the model does not depend on how the files were listed.
        foreach (var tree in _context.Compilation.SyntaxTrees.OrderBy(t => t.FilePath, StringComparer.Ordinal))
        {
            Read(tree, usages);
        }

        return usages.ToEquatableArray();
    }

    /// <summary>Finds hosting and runtime code in one tree of the compilation, in tree order.</summary>
    public void Read(SyntaxTree tree, List<HostingUsageModel> usages)
    {
        if (tree.FilePath == CoreWcfDeclarations.FileName
            || (_wcf.Binding.IsEmpty && _wcf.ServiceHostBase.IsEmpty && _wcf.ClientChannels.IsEmpty && _wcf.OperationContext.IsEmpty))
        {
            return;
        }

        _context.CancellationToken.ThrowIfCancellationRequested();
        var root = tree.GetRoot(_context.CancellationToken);
        var text = tree.GetText(_context.CancellationToken).ToString();
        // An OperationContext may be held in a local or a field, so a tree that names the type is read whole.
        var readsOperationContext = !_wcf.OperationContext.IsEmpty && text.IndexOf(OperationContextName, StringComparison.Ordinal) >= 0;
        var markers = MarkerOffsets(text);
        SemanticModel? semanticModel = null;
        SemanticModel Model() => semanticModel ??= _context.Compilation.GetSemanticModel(tree);
        foreach (var node in root.DescendantNodes(node => readsOperationContext || MayHoldHostingCode(node, markers)))
        {
            switch (node)
            {
                case ObjectCreationExpressionSyntax creation:
                    // The created type is the type its syntax names; binding just that name in scope (usings, aliases, type
                    // parameters) avoids binding the whole enclosing statement, lambdas and overloads included.
                    AddCreated(usages, Model().GetSpeculativeTypeInfo(TypeLookupPosition(creation), creation.Type, SpeculativeBindingOption.BindAsTypeOrNamespace).Type, CreationSpan(creation), tree);
                    break;
                case ImplicitObjectCreationExpressionSyntax targetTyped:
                    // new() takes its type from the context, so only binding the expression can tell.
                    AddCreated(usages, Model().GetTypeInfo(targetTyped, _context.CancellationToken).Type, TextSpan.FromBounds(targetTyped.SpanStart, targetTyped.ArgumentList.Span.End), tree);
                    break;
                case ClassDeclarationSyntax { BaseList: { Types.Count: > 0 } baseList } declaration:
                    var declared = Model().GetDeclaredSymbol(declaration, _context.CancellationToken);
                    AddCreated(usages, declared?.BaseType, baseList.Types[0].Span, tree);
                    AddAuthorizationManager(usages, declared, baseList.Types[0].Span, tree);
                    break;
                case AttributeSyntax attribute when !_wcf.PrincipalPermission.IsEmpty
                    && LastIdentifier(attribute.Name).StartsWith(PrincipalPermissionName, StringComparison.Ordinal):
                    AddPrincipalPermission(usages, attribute, Model(), tree);
                    break;
                case LiteralExpressionSyntax literal when literal.IsKind(SyntaxKind.StringLiteralExpression)
                    && literal.Token.ValueText.StartsWith(NamedPipeScheme, StringComparison.OrdinalIgnoreCase):
                    usages.Add(new HostingUsageModel(HostingUsageKind.Address, "System.String", Position(tree, literal.Span)) { Detail = literal.Token.ValueText });
                    break;
                case InterpolatedStringExpressionSyntax { Contents.Count: > 0 } interpolated
                    when interpolated.Contents[0] is InterpolatedStringTextSyntax first && first.TextToken.ValueText.StartsWith(NamedPipeScheme, StringComparison.OrdinalIgnoreCase):
                    usages.Add(new HostingUsageModel(HostingUsageKind.Address, "System.String", Position(tree, interpolated.Span)) { Detail = first.TextToken.ValueText });
                    break;
                case MemberAccessExpressionSyntax access when readsOperationContext && access.Name.Identifier.ValueText == OperationContextName:
                    AddQualifiedOperationContext(usages, access, Model(), tree);
                    break;
                case MemberAccessExpressionSyntax access:
                    ReadMemberAccess(access, access.Name, Model, tree, readsOperationContext, usages);
                    break;
                case MemberBindingExpressionSyntax binding when readsOperationContext:
                    ReadMemberAccess(binding, binding.Name, Model, tree, readsOperationContext, usages);
                    break;
                case QualifiedNameSyntax qualified when readsOperationContext && qualified.Right.Identifier.ValueText == OperationContextName:
                    AddQualifiedOperationContext(usages, qualified, Model(), tree);
                    break;
            }
        }
    }

    private void AddCreated(List<HostingUsageModel> usages, ITypeSymbol? type, TextSpan span, SyntaxTree tree)
    {
        if (type is null || type.TypeKind == TypeKind.Error)
        {
            return;
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

            usages.Add(new HostingUsageModel(k, _context.Key(wcfType.OriginalDefinition), Position(tree, span)));
        }
    }

    /// <summary>A class derived from <c>ServiceAuthorizationManager</c>: its <c>CheckAccessCore</c> never runs in the migrated service.</summary>
    private void AddAuthorizationManager(List<HostingUsageModel> usages, INamedTypeSymbol? declared, TextSpan span, SyntaxTree tree)
    {
        if (declared is not { BaseType: { TypeKind: not TypeKind.Error } baseType } || !WcfSymbols.DerivesFrom(baseType, _wcf.ServiceAuthorizationManager))
        {
            return;
        }

        var wcfType = baseType;
        while (!WcfSymbols.Is(wcfType, _wcf.ServiceAuthorizationManager) && wcfType.BaseType is { } next)
        {
            wcfType = next;
        }

        usages.Add(new HostingUsageModel(HostingUsageKind.ServiceAuthorizationManager, _context.Key(wcfType.OriginalDefinition), Position(tree, span))
        {
            Context = declared.Name,
        });
    }

    /// <summary>
    /// <c>[PrincipalPermission(SecurityAction.Demand, Role = "...")]</c> on a class or method: the migrated service does not
    /// check it. One that demands nothing (<c>Authenticated = false</c> without a role or name) is left alone.
    /// </summary>
    private void AddPrincipalPermission(List<HostingUsageModel> usages, AttributeSyntax attribute, SemanticModel semanticModel, SyntaxTree tree)
    {
        if (attribute.Parent?.Parent is not MemberDeclarationSyntax owner
            || semanticModel.GetDeclaredSymbol(owner, _context.CancellationToken) is not { } symbol)
        {
            return;
        }

        var data = symbol.GetAttributes().FirstOrDefault(a => a.ApplicationSyntaxReference is { } reference
            && reference.SyntaxTree == tree && reference.Span == attribute.Span);
        if (data is null || !WcfSymbols.Is(data.AttributeClass, _wcf.PrincipalPermission))
        {
            return;
        }

        var role = WcfSymbols.Named<string?>(data, "Role", null);
        var name = WcfSymbols.Named<string?>(data, "Name", null);
        role = string.IsNullOrEmpty(role) ? null : role;
        name = string.IsNullOrEmpty(name) ? null : name;
        if (role is null && name is null && !WcfSymbols.Named(data, "Authenticated", true))
        {
            return;
        }

        usages.Add(new HostingUsageModel(HostingUsageKind.PrincipalPermission, _context.Key(data.AttributeClass!), Position(tree, attribute.Span))
        {
            Context = symbol switch
            {
                IMethodSymbol { MethodKind: MethodKind.Constructor or MethodKind.StaticConstructor } constructor => constructor.ContainingType.Name + "." + constructor.ContainingType.Name,
                IMethodSymbol method => method.ContainingType.Name + "." + method.Name,
                _ => symbol.Name,
            },
            Demand = new PrincipalDemand(role, name),
        });
    }

    /// <summary><c>X.Member</c>: a WCF security mode value, or a member of OperationContext.</summary>
    private void ReadMemberAccess(ExpressionSyntax access, SimpleNameSyntax name, Func<SemanticModel> model, SyntaxTree tree, bool readsOperationContext, List<HostingUsageModel> usages)
    {
        var isSecurityMode = access is MemberAccessExpressionSyntax { Expression: var left } && LastIdentifier(left).EndsWith(SecurityModeSuffix, StringComparison.Ordinal);
        var isContextMember = readsOperationContext && _wcf.OperationContextMemberNames.Contains(name.Identifier.ValueText);
        if (!isSecurityMode && !isContextMember)
        {
            return;
        }

        var semanticModel = model();
        var symbol = semanticModel.GetSymbolInfo(access, _context.CancellationToken).Symbol;
        if (symbol is IFieldSymbol { ContainingType: { TypeKind: TypeKind.Enum } enumType } field
            && enumType.Name.EndsWith(SecurityModeSuffix, StringComparison.Ordinal) && WcfSymbols.IsInWcfNamespace(enumType))
        {
            usages.Add(new HostingUsageModel(HostingUsageKind.SecurityMode, _context.Key(enumType), Position(tree, access.Span))
            {
                Detail = field.Name,
                Context = EnclosingMember(semanticModel, access),
            });
        }
        else if (symbol is not null && WcfSymbols.Is(symbol.ContainingType, _wcf.OperationContext))
        {
            usages.Add(new HostingUsageModel(HostingUsageKind.OperationContext, _context.Key(symbol.ContainingType), Position(tree, name.Span))
            {
                Detail = symbol.Name,
                Context = EnclosingMember(semanticModel, access),
            });
        }
    }

    /// <summary><c>System.ServiceModel.OperationContext</c> written with its namespace: a type of the implementation's namespace cannot stand in for it.</summary>
    private void AddQualifiedOperationContext(List<HostingUsageModel> usages, ExpressionSyntax qualified, SemanticModel semanticModel, SyntaxTree tree)
    {
        if (semanticModel.GetSymbolInfo(qualified, _context.CancellationToken).Symbol is INamedTypeSymbol type && WcfSymbols.Is(type, _wcf.OperationContext))
        {
            usages.Add(new HostingUsageModel(HostingUsageKind.QualifiedOperationContext, _context.Key(type), Position(tree, qualified.Span))
            {
                Context = EnclosingMember(semanticModel, qualified),
            });
        }
    }

    /// <summary>The member code sits in, as findings name it: <c>Type.Member</c>.</summary>
    private static string? EnclosingMember(SemanticModel semanticModel, SyntaxNode node)
    {
        var symbol = semanticModel.GetEnclosingSymbol(node.SpanStart);
        while (symbol is IMethodSymbol { MethodKind: MethodKind.LambdaMethod or MethodKind.LocalFunction } inner)
        {
            symbol = inner.ContainingSymbol;
        }

        if (symbol is IMethodSymbol { AssociatedSymbol: { } property })
        {
            symbol = property;
        }

        return symbol switch
        {
            null => null,
            INamedTypeSymbol type => type.Name,
            _ when symbol.ContainingType is { } type => type.Name + "." + (symbol is IMethodSymbol { MethodKind: MethodKind.Constructor or MethodKind.StaticConstructor } ? type.Name : symbol.Name),
            _ => symbol.Name,
        };
    }

    private static string LastIdentifier(ExpressionSyntax expression) => expression switch
    {
        IdentifierNameSyntax identifier => identifier.Identifier.ValueText,
        MemberAccessExpressionSyntax member => member.Name.Identifier.ValueText,
        QualifiedNameSyntax qualified => qualified.Right.Identifier.ValueText,
        AliasQualifiedNameSyntax alias => alias.Name.Identifier.ValueText,
        _ => string.Empty,
    };

    /// <summary><c>new T(arguments)</c> without its object initializer, which may run for many lines.</summary>
    private static TextSpan CreationSpan(ObjectCreationExpressionSyntax creation)
        => TextSpan.FromBounds(creation.SpanStart, creation.ArgumentList?.Span.End ?? creation.Type.Span.End);

    private static SourcePosition? Position(SyntaxTree tree, TextSpan span) => DiscoveryContext.PositionOf(tree.GetLocation(span));

    /// <summary>Where the text holds a marker of code this reader looks for, in order. Matches in comments, strings or longer names only cost a walk.</summary>
    private static List<int> MarkerOffsets(string content)
    {
        var offsets = new List<int>();
        foreach (var marker in new[] { NewKeyword, NamedPipeScheme, SecurityModeSuffix, PrincipalPermissionName })
        {
            // Addresses are case-insensitive (NET.PIPE://); keywords and type names are not.
            var comparison = marker == NamedPipeScheme ? StringComparison.OrdinalIgnoreCase : StringComparison.Ordinal;
            for (var i = content.IndexOf(marker, comparison); i >= 0; i = content.IndexOf(marker, i + marker.Length, comparison))
            {
                offsets.Add(i);
            }
        }

        offsets.Sort();
        return offsets;
    }

    /// <summary>
    /// Whether to walk into a node: code this reader looks for holds one of its markers (<c>new</c>, <c>net.pipe:</c>,
    /// <c>SecurityMode</c>, <c>PrincipalPermission</c>), so a node whose text lacks them holds none. Namespaces and types are always walked, since the
    /// classes they declare may derive from a hosting type.
    /// </summary>
    private static bool MayHoldHostingCode(SyntaxNode node, List<int> markers)
    {
        if (node is CompilationUnitSyntax or BaseNamespaceDeclarationSyntax or TypeDeclarationSyntax)
        {
            return true;
        }

        var span = node.FullSpan;
        var index = markers.BinarySearch(span.Start);
        index = index < 0 ? ~index : index;
        return index < markers.Count && markers[index] < span.End;
    }

    /// <summary>
    /// Where to look up the type an object creation names: a position with the same names in scope whose binding does
    /// not need the member's body. Inside a method, property, constructor or field initializer, Roslyn resolves a position
    /// by building the binders of the whole body (or of the statement around a lambda); bodies declare no types, so the
    /// member's signature sees the same names: usings, aliases, containing types and their type parameters, and a
    /// generic method's own type parameters at its return type. A local function's type parameters are in scope only
    /// inside it, so the search stops there, before the outermost lambda or query inside it.
    /// </summary>
    internal static int TypeLookupPosition(ObjectCreationExpressionSyntax creation)
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
