using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using MigrateWcf.Generator.Model;
using MigrateWcf.Generator.References;
using MigrateWcf.Generator.Rules;

namespace MigrateWcf.Generator.Discovery;

/// <summary>
/// The thin driver of discovery: symbols of one compilation → <see cref="ContractModel"/>. It walks the source types
/// once, hands each to the reader of its concern (<see cref="ServiceContractReader"/>, <see cref="BehaviorReader"/>),
/// then reads the data types they reached (<see cref="DataTypeReader"/>, first met first read) and the hosting code
/// (<see cref="HostingReader"/>). Symbol work stays in the readers; nothing downstream sees a symbol. Each contract and
/// type is read inside its own guard, so one bad symbol yields a finding and the rest continues. It runs on the
/// caller's thread: the host (compiler, IDE, tool) decides parallelism.
/// </summary>
internal static class ContractDiscovery
{
    public static (ContractModel Model, ImmutableArray<Finding> Findings) Discover(Compilation compilation, IReadOnlyList<ReferencedProject> referencedProjects, CancellationToken cancellationToken)
    {
        var wcf = WcfSymbols.Create(compilation);
        if (!wcf.HasWcf)
        {
            return (ContractModel.Empty, ImmutableArray<Finding>.Empty);
        }

        // Checked before any symbol is asked for: binding such a type overflows the stack, which ends the process.
        var tooDeep = TypeNesting.TooDeep(compilation.SyntaxTrees, cancellationToken);
        if (tooDeep.Count > 0)
        {
            return (ContractModel.Empty, tooDeep
                .Select(t => Finding.Create(FindingMessages.TypeNestedTooDeep, DiscoveryContext.PositionOf(t.Node.GetLocation()), TypeNesting.Limit.ToString(System.Globalization.CultureInfo.InvariantCulture)))
                .ToImmutableArray());
        }

        return Discover(compilation, wcf, SourceTypes(compilation), readHosting: true, cancellationToken, referencedProjects: referencedProjects);
    }

    /// <summary>
    /// Discovery starting from <paramref name="roots"/> only (each read as a contract, implementation or callback class,
    /// as the whole run reads every source type), with the data types they reach; hosting code only when asked. The
    /// whole run is this over <see cref="SourceTypes(Compilation)"/>; <see cref="CompilationAnalysis"/> reads one
    /// contract this way.
    /// </summary>
    /// <param name="findingsOnly">Read only what findings depend on (no doc comments, no C# spellings): <see cref="CompilationAnalysis"/>.</param>
    /// <param name="implemented">
    /// The contracts the whole input implements (<see cref="ImplementedContracts.Read"/> over every source type), when
    /// <paramref name="roots"/> are not every source type; null: the implementations among the roots are all there are.
    /// </param>
    /// <param name="referencedProjects">Projects the input references but does not name, whose files are among the roots (<see cref="ReferencedProjectContracts"/>); null: every root is the input's.</param>
    internal static (ContractModel Model, ImmutableArray<Finding> Findings) Discover(Compilation compilation, WcfSymbols wcf, IEnumerable<INamedTypeSymbol> roots, bool readHosting, CancellationToken cancellationToken, bool findingsOnly = false, ImplementedContracts? implemented = null, IReadOnlyList<ReferencedProject>? referencedProjects = null)
    {
        var context = new DiscoveryContext(compilation, wcf, cancellationToken, readsEmitterFacts: !findingsOnly, referencedProjects);
        var types = new TypeClassifier(context);
        var dataTypes = new DataTypeReader(context, types);
        var behaviors = new BehaviorReader(context);
        var clients = new ClientCodeReader(context);
        var webHttp = new WebHttpReader(context);
        var operations = new OperationReader(context, types, dataTypes, behaviors, webHttp);
        var contracts = new ServiceContractReader(context, operations, new CallbackContractReader(operations), dataTypes);

        var services = new List<ServiceContractModel>();
        var implementations = new List<ServiceImplementationModel>();
        var callbackImplementations = new List<CallbackImplementationModel>();
        var clientClasses = new List<ClientClassModel>();
        var implementedHere = new ImplementedContracts(context);
        var closings = new Lazy<GenericClosings>(() => GenericClosings.Read(context));
        var contractTypes = new List<(INamedTypeSymbol Type, AttributeData Attribute)>();
        var rootTypes = roots as IReadOnlyList<INamedTypeSymbol> ?? roots.ToList();
        var library = ReferencedProjectContracts.Read(context, clients, rootTypes, referencedProjects, closings);
        library.Report(context);
        foreach (var type in rootTypes)
        {
            cancellationToken.ThrowIfCancellationRequested();
            context.Guard(type, FindingMessages.ContractAnalysisFailed, () =>
            {
                // A library's own contracts, and its classes serving or calling only them, are no part of the migration.
                if (library.IsLeftOut(type) || (type.TypeKind == TypeKind.Class && library.OnlyServesLeftOut(type, clients.ContractsOf(type))))
                {
                    return;
                }

                if (contracts.ContractAttribute(type) is { } contractAttribute)
                {
                    contractTypes.Add((type, contractAttribute));
                }

                if (type.TypeKind == TypeKind.Class)
                {
                    ReadClass(type, context, clients, behaviors, implementations, clientClasses, implementedHere, closings);
                    if (behaviors.ReadCallbackImplementation(type) is { } callbackImplementation)
                    {
                        callbackImplementations.Add(callbackImplementation);
                    }
                }
            });
        }

        // Read from some roots only, a contract's callback contracts may be among the others.
        var callbackOf = ServiceContractReader.CallbackContracts(implemented is null
            ? contractTypes
            : SourceTypes(compilation).Select(t => (Type: t, Attribute: contracts.ContractAttribute(t))).Where(c => c.Attribute is not null).Select(c => (c.Type, c.Attribute!)));
        implemented ??= implementedHere;
        // An open generic contract has no proto form of its own: the closed contracts deriving from it carry its
        // operations (type arguments filled in). Which generic contracts serve as bases is known once all are seen.
        var bases = ServiceContractReader.GenericBases(contractTypes.Select(c => c.Type));
        if (contractTypes.Any(c => ServiceContractReader.IsOpenGeneric(c.Type) && !bases.Contains(c.Type)))
        {
            // Read from some roots only (one contract, as an analyzer asks): whether an open generic contract serves as a
            // base depends on contracts outside them.
            bases = ServiceContractReader.GenericBases(SourceTypes(compilation).Where(t => contracts.ContractAttribute(t) is not null));
        }
        // A callback contract is the client's side of a duplex contract, even with [ServiceContract] of its own (which
        // lets svcutil and DuplexChannelFactory describe it): WCF serves it only as the other contract's callbacks.
        foreach (var (type, contractAttribute) in contractTypes)
        {
            cancellationToken.ThrowIfCancellationRequested();
            context.Guard(type, FindingMessages.ContractAnalysisFailed, () =>
            {
                if (context.Unreachable(type) is { } unreachable)
                {
                    context.Report(FindingMessages.UnreachableContract, type, context.Key(type), unreachable);
                }
                else if (callbackOf.TryGetValue(type.OriginalDefinition, out var duplex))
                {
                    context.Report(FindingMessages.CallbackContractNotAService, type, context.Key(type), context.Key(duplex));
                }
                else if (!ServiceContractReader.IsOpenGeneric(type))
                {
                    if (!contracts.IsClientSideContract(type, contractAttribute, implemented))
                    {
                        services.Add(contracts.Read(type, contractAttribute));
                    }
                }
                else if (!bases.Contains(type))
                {
                    contracts.ReportUnusedOpenGeneric(type);
                }
            });
        }

        var readTypes = new Dictionary<string, DataTypeModel>(StringComparer.Ordinal);
        while (types.TryTakePending(out var key, out var type))
        {
            cancellationToken.ThrowIfCancellationRequested();
            context.Guard(type, FindingMessages.TypeAnalysisFailed, () => readTypes[key] = dataTypes.Read(key, type));
        }

        var hosting = readHosting ? new HostingReader(context).Read() : EquatableArray<HostingUsageModel>.Empty;
        var model = new ContractModel(
            services.OrderBy(s => s.Key, StringComparer.Ordinal).ToEquatableArray(),
            readTypes.Values.OrderBy(t => t.Key, StringComparer.Ordinal).ToEquatableArray(),
            implementations.OrderBy(i => i.Key, StringComparer.Ordinal).ToEquatableArray(),
            hosting)
        {
            CallbackImplementations = OfCallbackContracts(callbackImplementations, services),
            ClientClasses = clientClasses.OrderBy(c => c.Key, StringComparer.Ordinal).ToEquatableArray(),
            ReferencedServiceModelTypes = wcf.ReferencedServiceModelTypes(compilation),
            // The whole compilation is read for it, so only by a whole run that emits C#.
            UsedInCode = readHosting && context.ReadsEmitterFacts ? webHttp.WebOperationContextUse() : ServiceModelTypes.None,
            OperationContextNamespaces = readHosting && context.ReadsEmitterFacts ? new OperationContextReader(context).NamespacesUsingTypeName() : EquatableArray<string>.Empty,
        };
        return (model, context.Findings.ToImmutableArray());
    }

    /// <summary>
    /// A class implementing service contracts or carrying <c>[ServiceBehavior]</c>: client code (a ClientBase proxy, a
    /// class built on a channel), reported and kept apart, or an implementation, whose contracts are then implemented.
    /// </summary>
    private static void ReadClass(INamedTypeSymbol type, DiscoveryContext context, ClientCodeReader clients, BehaviorReader behaviors,
        List<ServiceImplementationModel> implementations, List<ClientClassModel> clientClasses, ImplementedContracts implemented, Lazy<GenericClosings> closings)
    {
        var contracts = clients.ContractsOf(type);
        if (contracts.Count > 0 && clients.BuiltOn(type, contracts) is { } builtOn)
        {
            var keys = contracts.Select(c => context.Key(c)).Distinct(StringComparer.Ordinal).ToEquatableArray();
            clientClasses.Add(new ClientClassModel(context.Key(type), keys, builtOn, DiscoveryContext.PositionOf(type)));
            implemented.AddCalled(contracts);
            context.Report(FindingMessages.ClientCode, type, context.Key(type), string.Join(", ", keys.Select(k => "'" + k + "'")), builtOn);
            return;
        }

        // Recorded before the class is read further, as ImplementedContracts.Read records it. A class generated code
        // cannot name still implements its contracts in WCF's eyes; it is only not served (its contracts being
        // unreachable too is said at them).
        implemented.Add(contracts);
        // A generic implementation is hosted as the closed type the input makes of it, when it makes one.
        var closed = type.IsGenericType && contracts.Count > 0 ? closings.Value.Of(type) : Array.Empty<INamedTypeSymbol>();
        var closedOnce = closed.Count == 1;
        if (behaviors.ReadImplementation(closedOnce ? closed[0] : type, closedOnce ? clients.ContractsOf(closed[0]) : contracts) is not { } read)
        {
            return;
        }

        var implementation = !closedOnce && type.IsGenericType ? read with { Closings = closed.Select(c => context.Key(c)).ToEquatableArray() } : read;

        if (context.Unreachable(type) is { } unreachable)
        {
            var reachable = contracts.Where(c => context.Unreachable(c) is null).Select(c => "'" + context.Key(c) + "'").Distinct(StringComparer.Ordinal).ToList();
            if (reachable.Count > 0)
            {
                context.Report(FindingMessages.UnreachableImplementation, type, context.Key(type), string.Join(", ", reachable), unreachable);
            }

            return;
        }

        implementations.Add(implementation);
    }

    /// <summary>Each callback class with the callback contracts (of the services found) it implements; classes implementing none are left out.</summary>
    private static EquatableArray<CallbackImplementationModel> OfCallbackContracts(List<CallbackImplementationModel> classes, List<ServiceContractModel> services)
    {
        var callbackContracts = new HashSet<string>(services.Select(s => s.CallbackContractKey).OfType<string>(), StringComparer.Ordinal);
        return classes
            .Select(c => c with { CallbackContractKeys = c.CallbackContractKeys.Where(callbackContracts.Contains).ToEquatableArray() })
            .Where(c => c.CallbackContractKeys.Count > 0)
            .OrderBy(c => c.Key, StringComparer.Ordinal)
            .ToEquatableArray();
    }

    /// <summary>Every type declared in source (nested ones after their container), by namespace and name, not by file order.</summary>
    internal static IEnumerable<INamedTypeSymbol> SourceTypes(Compilation compilation) => SourceTypes(compilation.Assembly.GlobalNamespace);

    private static IEnumerable<INamedTypeSymbol> SourceTypes(INamespaceSymbol ns)
    {
        foreach (var type in ns.GetTypeMembers().OrderBy(t => t.MetadataName, StringComparer.Ordinal))
        {
            foreach (var nested in WithNested(type))
            {
                if (nested.Locations.Any(l => l.IsInSource && l.SourceTree?.FilePath != CoreWcfDeclarations.FileName))
                {
                    yield return nested;
                }
            }
        }

        foreach (var child in ns.GetNamespaceMembers().OrderBy(n => n.Name, StringComparer.Ordinal))
        {
            foreach (var type in SourceTypes(child))
            {
                yield return type;
            }
        }
    }

    private static IEnumerable<INamedTypeSymbol> WithNested(INamedTypeSymbol type)
    {
        yield return type;
        foreach (var nested in type.GetTypeMembers().OrderBy(t => t.MetadataName, StringComparer.Ordinal))
        {
            foreach (var inner in WithNested(nested))
            {
                yield return inner;
            }
        }
    }
}
