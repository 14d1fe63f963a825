using System;
using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using MigrateWcf.Generator.Model;
using MigrateWcf.Generator.Rules;

namespace MigrateWcf.Generator.Discovery;

/// <summary>
/// Reads a <c>[ServiceContract]</c> interface or class: its name and namespace, its operations and those of the service
/// contracts it inherits (through <c>AllInterfaces</c>, so a base <c>IRepository&lt;Customer&gt;</c> contributes its
/// operations with <c>Customer</c> in place of <c>T</c>), its callback contract, known types and session mode. An open
/// generic contract is read only through the contracts deriving from it: alone it has no proto form.
/// </summary>
internal sealed class ServiceContractReader
{
    private readonly DiscoveryContext _context;
    private readonly WcfSymbols _wcf;
    private readonly OperationReader _operations;
    private readonly CallbackContractReader _callbacks;
    private readonly DataTypeReader _dataTypes;

    public ServiceContractReader(DiscoveryContext context, OperationReader operations, CallbackContractReader callbacks, DataTypeReader dataTypes)
    {
        _context = context;
        _wcf = context.Wcf;
        _operations = operations;
        _callbacks = callbacks;
        _dataTypes = dataTypes;
    }

    /// <summary>The <c>[ServiceContract]</c> attribute of <paramref name="type"/>, or null when it is not a contract.</summary>
    public AttributeData? ContractAttribute(INamedTypeSymbol type) => WcfSymbols.Find(type, _wcf.ServiceContract);

    /// <summary>Whether <paramref name="type"/> (or a type containing it) has type parameters of its own.</summary>
    public static bool IsOpenGeneric(INamedTypeSymbol type)
    {
        for (var current = type; current is not null; current = current.ContainingType)
        {
            if (current.TypeParameters.Length > 0)
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>
    /// The generic contracts some other contract of <paramref name="contracts"/> derives from (closed, as in
    /// <c>ICustomers : IRepository&lt;Customer&gt;</c>, or still open, as in <c>IEntityService&lt;T&gt; : IRepository&lt;T&gt;</c>):
    /// they are bases, not services. An open contract derived from only by other open ones maps through whichever
    /// closed contract ends the chain, or is reported there when none does.
    /// </summary>
    public static HashSet<INamedTypeSymbol> GenericBases(IEnumerable<INamedTypeSymbol> contracts)
    {
        var bases = new HashSet<INamedTypeSymbol>(SymbolEqualityComparer.Default);
        foreach (var contract in contracts)
        {
            foreach (var baseInterface in contract.AllInterfaces.Where(i => i.IsGenericType))
            {
                bases.Add(baseInterface.OriginalDefinition);
            }
        }

        return bases;
    }

    /// <summary>An open generic contract nothing derives from: it is implemented or hosted as it is, or not used at all.</summary>
    public void ReportUnusedOpenGeneric(INamedTypeSymbol type)
    {
        var parameters = new List<string>();
        for (var current = type; current is not null; current = current.ContainingType)
        {
            parameters.InsertRange(0, current.TypeParameters.Select(p => p.Name));
        }

        _context.Report(FindingMessages.OpenGenericContract, type, _context.Key(type), string.Join(", ", parameters));
    }

    /// <summary>
    /// The [ServiceContract] interfaces among <paramref name="contracts"/> that another of them names as its
    /// <c>CallbackContract</c>, each with the first (by key) naming it.
    /// </summary>
    public static Dictionary<INamedTypeSymbol, INamedTypeSymbol> CallbackContracts(IEnumerable<(INamedTypeSymbol Type, AttributeData Attribute)> contracts)
    {
        var list = contracts.ToList();
        var declared = new HashSet<INamedTypeSymbol>(list.Select(c => c.Type.OriginalDefinition), SymbolEqualityComparer.Default);
        var callbacks = new Dictionary<INamedTypeSymbol, INamedTypeSymbol>(SymbolEqualityComparer.Default);
        foreach (var (type, attribute) in list.OrderBy(c => c.Type.ToDisplayString(), StringComparer.Ordinal))
        {
            if (WcfSymbols.NamedType(attribute, "CallbackContract") is INamedTypeSymbol callback
                && !SymbolEqualityComparer.Default.Equals(callback.OriginalDefinition, type.OriginalDefinition)
                && declared.Contains(callback.OriginalDefinition) && !callbacks.ContainsKey(callback.OriginalDefinition))
            {
                callbacks[callback.OriginalDefinition] = type;
            }
        }

        return callbacks;
    }

    /// <summary>The contract's name and namespace as WCF puts them on the wire: <c>ServiceContract.Name</c> (the type name), <c>Namespace</c> (http://tempuri.org/).</summary>
    public static (string Name, string Namespace) WcfName(INamedTypeSymbol type, AttributeData attribute)
        => (WcfSymbols.Named<string?>(attribute, "Name", null) ?? type.Name, WcfSymbols.Named<string?>(attribute, "Namespace", null) ?? WcfNamespaces.TempUri);

    /// <summary>
    /// Whether <paramref name="type"/>, implemented by nothing in the input, is client code, reporting why: a copy of an
    /// implemented contract with the same WCF name, or a contract svcutil or Add Service Reference generated while the
    /// input implements others. False when it stays a service (as every contract of a contracts-only input does).
    /// </summary>
    public bool IsClientSideContract(INamedTypeSymbol type, AttributeData attribute, ImplementedContracts implemented)
    {
        if (implemented.Contains(type) || !implemented.Any)
        {
            return false;
        }

        var (name, contractNamespace) = WcfName(type, attribute);
        var key = _context.Key(type);
        if (implemented.WithWcfName((name, contractNamespace), key) is { } original)
        {
            _context.Report(FindingMessages.ClientSideContractCopy, type, key, original, name, contractNamespace);
            return true;
        }

        if (!implemented.IsCalled(type) && CopyInOtherNamespace(type, name, contractNamespace, implemented) is { } copied)
        {
            _context.Report(FindingMessages.ClientSideContractOtherNamespace, type, key, _context.Key(copied.Contract), name, copied.Namespace, contractNamespace);
            return true;
        }

        if (GeneratedForClient(type, attribute) is { } evidence)
        {
            _context.Report(FindingMessages.ClientSideContractGenerated, type, key, evidence);
            return true;
        }

        return false;
    }

    /// <summary>
    /// For a contract of the input's own files, when the compilation holds the projects the input references too: the
    /// contract of a referenced project (the first by key) that the input implements instead, with the WCF name of
    /// <paramref name="type"/> and the same operations in another namespace, and that namespace. Course projects keep a
    /// copy of a contract in each project; a service declared in the namespace of the referenced project's copy
    /// implements that copy, which C# name lookup finds first, so WCF served it and the input's own is dead. Null for
    /// none; a contract beside its twin in the input stays a service (another namespace is another service).
    /// </summary>
    private (INamedTypeSymbol Contract, string Namespace)? CopyInOtherNamespace(INamedTypeSymbol type, string name, string contractNamespace, ImplementedContracts implemented)
    {
        if (!_context.HoldsReferencedProjects || !_context.IsInput(type))
        {
            return null;
        }

        var operations = OperationShapes(type);
        if (operations.Count == 0)
        {
            return null;
        }

        foreach (var contract in implemented.WithWcfNameOnly(name).OrderBy(c => _context.Key(c), StringComparer.Ordinal))
        {
            if (!_context.IsInput(contract) && WcfSymbols.Find(contract, _wcf.ServiceContract) is { } attribute
                && WcfName(contract, attribute).Namespace is var otherNamespace && otherNamespace != contractNamespace
                && OperationShapes(contract).SetEquals(operations))
            {
                return (contract, otherNamespace);
            }
        }

        return null;
    }

    /// <summary>
    /// Each operation of <paramref name="contract"/> and the contracts it extends as its WCF name, parameter and result
    /// types by name (not namespace: each copy has its own copies of the data types); one-way ones marked.
    /// </summary>
    private HashSet<string> OperationShapes(INamedTypeSymbol contract)
    {
        var shapes = new HashSet<string>(StringComparer.Ordinal);
        foreach (var declaring in new[] { contract }.Concat(contract.AllInterfaces.Where(i => WcfSymbols.Has(i, _wcf.ServiceContract))))
        {
            foreach (var method in _operations.OperationMethods(declaring))
            {
                var attribute = _wcf.OperationAttribute(method);
                var operationName = (attribute is null ? null : WcfSymbols.Named<string?>(attribute, "Name", null)) ?? method.Name;
                var oneWay = attribute is not null && WcfSymbols.Named(attribute, "IsOneWay", false);
                shapes.Add($"{operationName}({string.Join(",", method.Parameters.Select(p => p.RefKind + " " + p.Type.Name))}){method.ReturnType.Name}{(oneWay ? " one-way" : string.Empty)}");
            }
        }

        return shapes;
    }

    /// <summary>
    /// How svcutil, dotnet-svcutil or Add Service Reference marked a contract they wrote (<c>[GeneratedCode]</c> naming
    /// them, or <c>ConfigurationName</c>, which only they set), as findings name it; null for a contract written by hand.
    /// </summary>
    private string? GeneratedForClient(INamedTypeSymbol type, AttributeData attribute)
    {
        foreach (var generated in WcfSymbols.FindAll(type, _wcf.GeneratedCode))
        {
            if (generated.ConstructorArguments.Length >= 1 && generated.ConstructorArguments[0].Value is string tool
                && ClientGenerators.Contains(tool))
            {
                return $"[GeneratedCode(\"{tool}\")]";
            }
        }

        return WcfSymbols.Named<string?>(attribute, "ConfigurationName", null) is { Length: > 0 } configurationName
            ? $"ServiceContract(ConfigurationName = \"{configurationName}\")"
            : null;
    }

    /// <summary>The tool names svcutil (and Add Service Reference, which runs it) and dotnet-svcutil write in <c>[GeneratedCode]</c>.</summary>
    private static readonly HashSet<string> ClientGenerators = new(StringComparer.Ordinal) { "System.ServiceModel", "Microsoft.Tools.ServiceModel.Svcutil" };

    public ServiceContractModel Read(INamedTypeSymbol type, AttributeData attribute)
    {
        var (name, contractNamespace) = WcfName(type, attribute);
        var callback = WcfSymbols.NamedType(attribute, "CallbackContract") as INamedTypeSymbol;

        var inherited = new List<string>();
        var methods = new List<IMethodSymbol>(_operations.OperationMethods(type));
        if (type.TypeKind == TypeKind.Interface)
        {
            foreach (var baseInterface in type.AllInterfaces)
            {
                if (WcfSymbols.Has(baseInterface, _wcf.ServiceContract))
                {
                    inherited.Add(_context.Key(baseInterface));
                    methods.AddRange(_operations.OperationMethods(baseInterface));
                }
            }
        }

        var operations = _operations.Read(methods, type);
        var callbackOperations = callback is not null && callback.TypeKind != TypeKind.Error
            ? _callbacks.ReadOperations(callback)
            : EquatableArray<OperationModel>.Empty;

        var knownTypes = new List<TypeRef>();
        foreach (var known in WcfSymbols.FindAll(type, _wcf.ServiceKnownType))
        {
            knownTypes.AddRange(_dataTypes.ReadKnownTypes(known, type));
        }

        var doc = _context.Doc(type);
        return new ServiceContractModel(
            _context.Key(type),
            name,
            type.Name,
            DiscoveryContext.Namespace(type),
            contractNamespace,
            type.TypeKind == TypeKind.Class,
            BehaviorReader.SessionMode(attribute),
            callback is null ? null : _context.Key(callback),
            operations,
            callbackOperations,
            DataTypeReader.DistinctByKey(knownTypes),
            inherited.ToEquatableArray(),
            WcfSymbols.Has(type, _wcf.XmlSerializerFormat),
            doc.Summary,
            DiscoveryContext.PositionOf(type))
        {
            CSharpName = _context.Declared(type),
            CallbackCSharpName = callback is null ? null : _context.Declared(callback),
            OtherMembers = _context.ReadsEmitterFacts ? _context.CSharp.OtherMembers(type) : EquatableArray<ContractMember>.Empty,
            CallbackOtherMembers = callback is null || callback.TypeKind == TypeKind.Error || !_context.ReadsEmitterFacts ? EquatableArray<ContractMember>.Empty : _context.CSharp.OtherMembers(callback),
            IsInternal = !DiscoveryContext.IsPublic(type) || (callback is not null && !DiscoveryContext.IsPublic(callback)),
        };
    }
}
