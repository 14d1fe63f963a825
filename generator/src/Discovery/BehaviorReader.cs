using System;
using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using MigrateWcf.Generator.Model;

namespace MigrateWcf.Generator.Discovery;

/// <summary>
/// Reads how WCF runs a service or a callback: <c>[ServiceBehavior]</c> (instancing, concurrency) and
/// <c>[OperationBehavior]</c> on implementation classes, <c>[CallbackBehavior]</c> on client callback classes, sessions
/// (<c>SessionMode</c>, <c>IsInitiating</c>/<c>IsTerminating</c>) and transactions (<c>[TransactionFlow]</c>,
/// <c>TransactionScopeRequired</c>). The contract reader asks it for the session and transaction settings it records.
/// </summary>
internal sealed class BehaviorReader
{
    private readonly DiscoveryContext _context;
    private readonly WcfSymbols _wcf;
    private readonly OperationContextReader _operationContext;

    public BehaviorReader(DiscoveryContext context)
    {
        _context = context;
        _wcf = context.Wcf;
        _operationContext = new OperationContextReader(context);
    }

    /// <summary>
    /// A class implementing service contracts (<paramref name="contracts"/>, <see cref="ClientCodeReader.ContractsOf"/>) or
    /// carrying <c>[ServiceBehavior]</c>; null for any other class. The driver has told client code apart already.
    /// </summary>
    public ServiceImplementationModel? ReadImplementation(INamedTypeSymbol type, IReadOnlyList<INamedTypeSymbol> contracts)
    {
        var contractKeys = contracts.Select(c => _context.Key(c)).ToList();
        var behavior = WcfSymbols.Find(type, _wcf.ServiceBehavior);
        if (contractKeys.Count == 0 && behavior is null)
        {
            return null;
        }

        var instance = behavior is null ? InstanceMode.PerSession : (InstanceMode)WcfSymbols.Named(behavior, "InstanceContextMode", 0);
        var concurrency = behavior is null ? ConcurrencyModeValue.Single : (ConcurrencyModeValue)WcfSymbols.Named(behavior, "ConcurrencyMode", 0);

        var used = FromServiceModel(behavior) ? ServiceModelTypes.ServiceBehaviorAttribute | ServiceModelTypes.InstanceContextMode : ServiceModelTypes.None;
        var operationBehaviors = new List<OperationBehaviorModel>();
        foreach (var method in DiscoveryContext.MembersInSourceOrder(type).OfType<IMethodSymbol>())
        {
            if (WcfSymbols.Find(method, _wcf.OperationBehavior) is { } operationBehavior)
            {
                used |= FromServiceModel(operationBehavior) ? ServiceModelTypes.OperationBehaviorAttribute : ServiceModelTypes.None;
                operationBehaviors.Add(new OperationBehaviorModel(
                    method.Name,
                    WcfSymbols.Named(operationBehavior, "TransactionScopeRequired", false),
                    DiscoveryContext.PositionOf(operationBehavior) ?? DiscoveryContext.PositionOf(method)));
            }
        }

        return new ServiceImplementationModel(
            _context.Key(type),
            type.Name,
            DiscoveryContext.Namespace(type),
            contractKeys.Distinct(StringComparer.Ordinal).ToEquatableArray(),
            instance,
            IsSet(behavior, "InstanceContextMode"),
            concurrency,
            IsSet(behavior, "ConcurrencyMode"),
            operationBehaviors.ToEquatableArray(),
            DiscoveryContext.PositionOf(type),
            behavior is null ? null : DiscoveryContext.PositionOf(behavior))
        {
            CSharpName = _context.Declared(type),
            // WCF's dispatcher calls the parameterless constructor whatever its accessibility; the runtime also takes a
            // public one with parameters (its services from DI).
            IsActivatable = !type.IsAbstract && !IsOpen(type)
                            && type.InstanceConstructors.Any(c => c.DeclaredAccessibility == Accessibility.Public || c.Parameters.Length == 0),
            ServiceModelTypesUsed = used,
            OperationContextUses = _operationContext.Read(type),
            IsInternal = !DiscoveryContext.IsPublic(type),
            GenericDefinitionKey = type.IsGenericType ? _context.Key(type.OriginalDefinition) : null,
            TypeArgumentPositions = SourceTypesIn(type.TypeArguments).Select(DiscoveryContext.PositionOf).OfType<SourcePosition>().Distinct().ToEquatableArray(),
            NameOnlyTypeArgumentPositions = NameOnlyTypeArguments(type).Select(DiscoveryContext.PositionOf).OfType<SourcePosition>().Distinct().ToEquatableArray(),
        };
    }

    /// <summary>
    /// The source types among a closed type's own type arguments that it can use by name only: bound to a type
    /// parameter with no constraint type and no <c>new()</c>, and not inside any other type argument.
    /// </summary>
    private static IEnumerable<INamedTypeSymbol> NameOnlyTypeArguments(INamedTypeSymbol type)
    {
        var parameters = type.OriginalDefinition.TypeParameters;
        var needed = new HashSet<INamedTypeSymbol>(SymbolEqualityComparer.Default);
        var nameOnly = new List<INamedTypeSymbol>();
        for (var i = 0; i < type.TypeArguments.Length && i < parameters.Length; i++)
        {
            var argument = type.TypeArguments[i];
            if (argument is INamedTypeSymbol { IsGenericType: false } named && named.Locations.Any(l => l.IsInSource)
                && parameters[i].ConstraintTypes.IsEmpty && !parameters[i].HasConstructorConstraint)
            {
                nameOnly.Add(named.OriginalDefinition);
            }
            else
            {
                needed.UnionWith(SourceTypesIn(new[] { argument }));
            }
        }

        return nameOnly.Where(t => !needed.Contains(t));
    }

    /// <summary>A generic type whose arguments (or its containing types') are type parameters: not a type anything can create.</summary>
    private static bool IsOpen(INamedTypeSymbol type)
        => type.TypeArguments.Any(t => t is ITypeParameterSymbol || (t is INamedTypeSymbol n && IsOpen(n)) || (t is IArrayTypeSymbol a && a.ElementType is ITypeParameterSymbol))
           || (type.ContainingType is { } containing && IsOpen(containing));

    /// <summary>The types declared in source that <paramref name="types"/> are made of (type arguments, array elements), in order.</summary>
    private static IEnumerable<INamedTypeSymbol> SourceTypesIn(IEnumerable<ITypeSymbol> types)
    {
        foreach (var type in types)
        {
            var element = type is IArrayTypeSymbol array ? array.ElementType : type;
            if (element is not INamedTypeSymbol named)
            {
                continue;
            }

            if (named.Locations.Any(l => l.IsInSource))
            {
                yield return named.OriginalDefinition;
            }

            foreach (var inner in SourceTypesIn(named.TypeArguments))
            {
                yield return inner;
            }
        }
    }

    /// <summary>An attribute of System.ServiceModel (not CoreWCF, whose types a CoreWCF project has).</summary>
    private static bool FromServiceModel(AttributeData? attribute)
        => attribute?.AttributeClass?.ContainingNamespace?.ToDisplayString() == WcfSymbols.ServiceModelNamespace;

    /// <summary>
    /// A class with <c>[CallbackBehavior]</c>, with every interface it implements; the driver keeps those that are
    /// callback contracts of discovered services. Null for a class without the attribute.
    /// </summary>
    public CallbackImplementationModel? ReadCallbackImplementation(INamedTypeSymbol type)
    {
        if (WcfSymbols.Find(type, _wcf.CallbackBehavior) is not { } behavior)
        {
            return null;
        }

        return new CallbackImplementationModel(
            _context.Key(type),
            type.Name,
            DiscoveryContext.Namespace(type),
            type.AllInterfaces.Select(i => _context.Key(i)).Distinct(StringComparer.Ordinal).ToEquatableArray(),
            (ConcurrencyModeValue)WcfSymbols.Named(behavior, "ConcurrencyMode", 0),
            IsSet(behavior, "ConcurrencyMode"),
            WcfSymbols.Named(behavior, "UseSynchronizationContext", true),
            DiscoveryContext.PositionOf(type),
            DiscoveryContext.PositionOf(behavior));
    }

    /// <summary><c>ServiceContract.SessionMode</c> (values as in System.ServiceModel.SessionMode; Allowed when not set).</summary>
    public static SessionModeValue SessionMode(AttributeData serviceContract)
        => (SessionModeValue)WcfSymbols.Named(serviceContract, "SessionMode", 0);

    /// <summary><c>OperationContract.IsInitiating</c> and <c>IsTerminating</c> (WCF's defaults, true and false, without one).</summary>
    public static (bool IsInitiating, bool IsTerminating) SessionBounds(AttributeData? operationContract)
        => operationContract is null ? (true, false) : (WcfSymbols.Named(operationContract, "IsInitiating", true), WcfSymbols.Named(operationContract, "IsTerminating", false));

    /// <summary>"Allowed" or "Mandatory" for a method with <c>[TransactionFlow]</c> that lets transactions flow; else null.</summary>
    public string? TransactionFlow(IMethodSymbol method)
    {
        if (WcfSymbols.Find(method, _wcf.TransactionFlow) is { } flow
            && flow.ConstructorArguments.Length == 1 && flow.ConstructorArguments[0].Value is int option && option != 0)
        {
            // TransactionFlowOption: NotAllowed = 0, Allowed = 1, Mandatory = 2.
            return option == 2 ? "Mandatory" : "Allowed";
        }

        return null;
    }

    private static bool IsSet(AttributeData? attribute, string name)
        => attribute is not null && attribute.NamedArguments.Any(a => a.Key == name);
}
