using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace MigrateWcf.Generator.Discovery;

/// <summary>
/// Tells WCF client code from service implementations. A class implementing a service contract is client code when it
/// derives from <c>ClientBase&lt;T&gt;</c> or <c>DuplexClientBase&lt;T&gt;</c> (an svcutil proxy), or when it is built on a
/// channel of a contract it implements: it holds a <c>ChannelFactory&lt;T&gt;</c> / <c>DuplexChannelFactory&lt;T&gt;</c>,
/// a client proxy or a client channel (<c>IXChannel</c>) of such a contract, or creates a factory or channel of one, to
/// forward its calls. A service that calls another service through a channel of a different contract stays a service,
/// and so does a class with <c>[ServiceBehavior]</c> built on a channel (a relay forwarding to a backend): WCF hosts it.
/// </summary>
internal sealed class ClientCodeReader
{
    private const string CreateChannel = "CreateChannel";

    private readonly DiscoveryContext _context;
    private readonly WcfSymbols _wcf;

    public ClientCodeReader(DiscoveryContext context)
    {
        _context = context;
        _wcf = context.Wcf;
    }

    /// <summary>
    /// The WCF client type <paramref name="type"/> is built on (<c>ClientBase&lt;IEcho&gt;</c>, <c>ChannelFactory&lt;IEcho&gt;</c>), as
    /// findings name it, when it is client code; null for any other class.
    /// </summary>
    /// <param name="contracts">The service contracts <paramref name="type"/> implements (<see cref="ContractsOf"/>).</param>
    public string? BuiltOn(INamedTypeSymbol type, IReadOnlyCollection<INamedTypeSymbol> contracts)
    {
        if (_wcf.ClientChannels.IsEmpty)
        {
            return null;
        }

        for (var current = type.BaseType; current is not null; current = current.BaseType)
        {
            if (WcfSymbols.Is(current, _wcf.ClientBases))
            {
                return _context.Display(current);
            }
        }

        if (contracts.Count == 0 || WcfSymbols.Has(type, _wcf.ServiceBehavior))
        {
            return null;
        }

        foreach (var member in type.GetMembers())
        {
            var memberType = member switch
            {
                IFieldSymbol field => field.Type,
                IPropertySymbol property => property.Type,
                _ => null,
            };
            if (memberType is not null && OfContracts(memberType, contracts) is { } held)
            {
                return held;
            }
        }

        foreach (var reference in type.DeclaringSyntaxReferences)
        {
            var syntax = reference.GetSyntax(_context.CancellationToken);
            SemanticModel? semanticModel = null;
            SemanticModel Model() => semanticModel ??= _context.Compilation.GetSemanticModel(syntax.SyntaxTree);
            foreach (var node in syntax.DescendantNodes())
            {
                // What the class creates (a factory, a proxy) or the channels it asks a factory for; other calls are not
                // bound, and a created type is bound as the name it writes, as HostingReader binds it.
                var created = node switch
                {
                    ObjectCreationExpressionSyntax creation => Model().GetSpeculativeTypeInfo(HostingReader.TypeLookupPosition(creation), creation.Type, SpeculativeBindingOption.BindAsTypeOrNamespace).Type,
                    ImplicitObjectCreationExpressionSyntax targetTyped => Model().GetTypeInfo(targetTyped, _context.CancellationToken).Type,
                    InvocationExpressionSyntax { Expression: MemberAccessExpressionSyntax { Name.Identifier.ValueText: CreateChannel } } invocation
                        => (Model().GetSymbolInfo(invocation, _context.CancellationToken).Symbol as IMethodSymbol)?.ContainingType,
                    _ => null,
                };
                if (created is not null && OfContracts(created, contracts) is { } used)
                {
                    return used;
                }
            }
        }

        return null;
    }

    /// <summary>
    /// <paramref name="type"/> as findings name it when it is a client type of one of <paramref name="contracts"/>: a
    /// channel factory or client proxy whose channel is (or extends) one, or a client channel interface extending one.
    /// </summary>
    private string? OfContracts(ITypeSymbol type, IReadOnlyCollection<INamedTypeSymbol> contracts)
    {
        for (var current = type as INamedTypeSymbol; current is not null; current = current.BaseType)
        {
            if (WcfSymbols.Is(current, _wcf.ClientChannels) && current.TypeArguments.Length == 1 && IsOrExtends(current.TypeArguments[0], contracts))
            {
                return _context.Display(current);
            }
        }

        return type.TypeKind == TypeKind.Interface && type.AllInterfaces.Any(i => WcfSymbols.Is(i, _wcf.ClientChannel)) && IsOrExtends(type, contracts)
            ? _context.Display(type)
            : null;
    }

    private static bool IsOrExtends(ITypeSymbol type, IReadOnlyCollection<INamedTypeSymbol> contracts)
        => contracts.Any(c => SymbolEqualityComparer.Default.Equals(type, c) || type.AllInterfaces.Any(i => SymbolEqualityComparer.Default.Equals(i, c)));

    /// <summary>The service contracts <paramref name="type"/> implements: interfaces, and classes up its base chain, with <c>[ServiceContract]</c>.</summary>
    public List<INamedTypeSymbol> ContractsOf(INamedTypeSymbol type)
    {
        var contracts = new List<INamedTypeSymbol>();
        foreach (var @interface in type.AllInterfaces)
        {
            if (WcfSymbols.Has(@interface, _wcf.ServiceContract))
            {
                contracts.Add(@interface);
            }
        }

        for (var current = type; current is not null; current = current.BaseType)
        {
            if (WcfSymbols.Has(current, _wcf.ServiceContract))
            {
                contracts.Add(current);
            }
        }

        return contracts;
    }
}
