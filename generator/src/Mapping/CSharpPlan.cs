// The C# side of the mapping: what the C# emitters write beside the .proto files, decided here so the emitters only
// write. Every C# name is claimed in its namespace next to the proto message names, so none collides with protoc's output.
using MigrateWcf.Generator.Model;

namespace MigrateWcf.Generator.Mapping;

/// <summary>Everything the C# emitters need besides the proto model and the contract model.</summary>
/// <param name="Namespace">The namespace of the set-wide types (hosting, client factory, faults).</param>
/// <param name="HostingClass">Static class holding <c>AddMigratedServices</c> / <c>MapMigratedServices</c>.</param>
/// <param name="OptionsClass">The options <c>AddMigratedServices</c> takes (implementation choices, WCF semantics options).</param>
/// <param name="ClientFactoryClass">Creates client proxies of every contract for one endpoint.</param>
/// <param name="FaultsClass">Registers every fault detail type of the set with the runtime.</param>
/// <param name="AnyClass">Packs and unpacks the set's data types into <c>google.protobuf.Any</c>; null when no field is an Any.</param>
/// <param name="Services">One per service contract, in proto file order.</param>
/// <param name="Mappers">One per .proto file holding data-type or generated messages.</param>
/// <param name="Faults">Every fault detail type declared with <c>[FaultContract]</c> that maps to a message, by key.</param>
/// <param name="CompatibilityTypes">WCF types the sources use and the target lacks, which MigrateWcf.Compatibility supplies (the hosting registers what its WebOperationContext needs).</param>
/// <param name="OperationContextNamespaces">Namespaces of the implementations and other types that name OperationContext: each gets a stand-in deriving from MigrateWcf.Compatibility's.</param>
/// <param name="Version">The engine's version, for <c>[GeneratedCode]</c>.</param>
public sealed record CSharpPlan(
    string Namespace,
    string HostingClass,
    string OptionsClass,
    string ClientFactoryClass,
    string FaultsClass,
    string? AnyClass,
    EquatableArray<CSharpServicePlan> Services,
    EquatableArray<CSharpMapperPlan> Mappers,
    EquatableArray<CSharpFault> Faults,
    ServiceModelTypes CompatibilityTypes,
    EquatableArray<string> OperationContextNamespaces,
    string Version)
{
    /// <summary>Some rpc has a google.api.http rule (a WCF REST operation): the hosting emits the JSON transcoding settings.</summary>
    public bool HasHttpJsonOperations { get; init; }
}

/// <summary>The C# of one service contract.</summary>
/// <param name="ProtoFile">The path of the service's .proto file (its C# namespace is the file's).</param>
/// <param name="Adapter">The service adapter, generic over the implementation: <c>{Adapter}&lt;TService&gt;</c>.</param>
/// <param name="Proxy">The client proxy implementing the contract interface; null for a contract declared on a class.</param>
/// <param name="CallbackProxy">The server's implementation of the callback contract; null without one.</param>
/// <param name="FactoryMethod">The client factory's method creating a <see cref="Proxy"/>.</param>
/// <param name="Implementations">The classes that can serve it (non-abstract, non-generic, with a parameterless or a public constructor), by key.</param>
/// <param name="Choice">When several implement it: the enum naming them and the options property choosing one (the first is the default).</param>
public sealed record CSharpServicePlan(
    string ContractKey,
    string ProtoFile,
    string Adapter,
    string? Proxy,
    string? CallbackProxy,
    string FactoryMethod,
    EquatableArray<CSharpImplementation> Implementations,
    CSharpImplementationChoice? Choice)
{
    /// <summary>The contract or its callback contract is not public: the adapter, the proxy and the factory method are internal, as C# requires of what names them.</summary>
    public bool IsInternal { get; init; }
}

/// <param name="Member">Its member in the choice enum (the class name, made unique).</param>
/// <param name="Concurrency">As WCF runs it; <c>Reentrant</c> runs as <c>Single</c> (the runtime has no reentrancy, and Primitives marks Reentrant obsolete).</param>
public sealed record CSharpImplementation(string Key, string CSharpName, string Member, InstanceMode Instancing, ConcurrencyModeValue Concurrency)
{
    /// <summary>How many of its one-way calls run at once: its configured serviceThrottling maxConcurrentCalls; null: the runtime's default.</summary>
    public int? OneWayWorkers { get; init; }
}

/// <param name="Enum">The enum type naming the implementations.</param>
/// <param name="Property">The options property holding the choice.</param>
public sealed record CSharpImplementationChoice(string Enum, string Property)
{
    /// <summary>Some implementation it names is not public: the enum and the options property are internal.</summary>
    public bool IsInternal { get; init; }
}

/// <summary>The mappers of one .proto file's data types and generated wrappers.</summary>
public sealed record CSharpMapperPlan(string ProtoFile, string ClassName);

/// <summary>A fault detail type and the gRPC status code it travels with (the name of a <c>Grpc.Core.StatusCode</c> member).</summary>
/// <param name="CSharpName">The detail type as generated C# names it.</param>
/// <param name="ScalarWrapper">For a built-in detail (<c>FaultException&lt;string&gt;</c>), the <c>google.protobuf.*Value</c> message carrying it; null for a data type, which travels as its own message.</param>
public sealed record CSharpFault(string DetailTypeKey, string CSharpName, string StatusCode, string? ScalarWrapper = null);
