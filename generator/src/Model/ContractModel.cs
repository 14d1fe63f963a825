// The contract model: what discovery read from the compilation, as plain values. No symbols, compilations or Roslyn
// locations are held, so two runs over the same source produce equal models and the model can be cached or compared.
using System;

namespace MigrateWcf.Generator.Model;

/// <summary>Everything discovered in one compilation, sorted by key.</summary>
public sealed record ContractModel(
    EquatableArray<ServiceContractModel> Services,
    EquatableArray<DataTypeModel> DataTypes,
    EquatableArray<ServiceImplementationModel> Implementations,
    EquatableArray<HostingUsageModel> HostingUsages)
{
    public static ContractModel Empty { get; } = new(
        EquatableArray<ServiceContractModel>.Empty,
        EquatableArray<DataTypeModel>.Empty,
        EquatableArray<ServiceImplementationModel>.Empty,
        EquatableArray<HostingUsageModel>.Empty);

    /// <summary>Client-side classes that implement a callback contract with a <c>[CallbackBehavior]</c>, sorted by key.</summary>
    public EquatableArray<CallbackImplementationModel> CallbackImplementations { get; init; } = EquatableArray<CallbackImplementationModel>.Empty;

    /// <summary>Classes that implement service contracts but are WCF client code (never served), sorted by key.</summary>
    public EquatableArray<ClientClassModel> ClientClasses { get; init; } = EquatableArray<ClientClassModel>.Empty;

    /// <summary>The WCF types among <see cref="ServiceModelTypes"/> the compilation's references provide (MigrateWcf.Compatibility supplies missing ones).</summary>
    public ServiceModelTypes ReferencedServiceModelTypes { get; init; }

    /// <summary>The WCF types among <see cref="ServiceModelTypes"/> the sources use in code, not in attributes (<c>WebOperationContext</c>), anywhere in the compilation.</summary>
    public ServiceModelTypes UsedInCode { get; init; }

    /// <summary>Namespaces of the source types (implementations or not) that name WCF's OperationContext unqualified: the stand-in goes into each.</summary>
    public EquatableArray<string> OperationContextNamespaces { get; init; } = EquatableArray<string>.Empty;
}

/// <summary>What kind of WCF hosting, binding or runtime code was found (in C# or in a .config file).</summary>
public enum HostingUsageKind
{
    /// <summary><c>new ServiceHost(...)</c> or a class derived from <c>ServiceHostBase</c>.</summary>
    ServiceHost,

    /// <summary>A binding created in code (<c>new NetTcpBinding()</c>, ...).</summary>
    Binding,

    /// <summary>A client proxy base (<c>ClientBase&lt;T&gt;</c>, <c>ChannelFactory&lt;T&gt;</c>, <c>DuplexChannelFactory&lt;T&gt;</c>).</summary>
    ClientChannel,

    /// <summary>An endpoint address written in the source or a config file; <see cref="HostingUsageModel.Detail"/> is the address.</summary>
    Address,

    /// <summary>A security mode value; <see cref="HostingUsageModel.TypeName"/> is its enum (or binding configuration), <see cref="HostingUsageModel.Detail"/> the value.</summary>
    SecurityMode,

    /// <summary>A member of <c>OperationContext</c> used in code; <see cref="HostingUsageModel.Detail"/> is the member.</summary>
    OperationContext,

    /// <summary><c>OperationContext</c> named with its namespace (<c>System.ServiceModel.OperationContext</c>).</summary>
    QualifiedOperationContext,

    /// <summary>A <c>&lt;service&gt;</c> of <c>&lt;system.serviceModel&gt;</c>; <see cref="HostingUsageModel.Detail"/> is its endpoint count.</summary>
    ConfiguredService,

    /// <summary>A client <c>&lt;endpoint&gt;</c> of <c>&lt;system.serviceModel&gt;</c>; <see cref="HostingUsageModel.Detail"/> is its contract.</summary>
    ConfiguredClientEndpoint,

    /// <summary>A binding named in <c>&lt;system.serviceModel&gt;</c> (an endpoint's <c>binding</c>, e.g. <c>netNamedPipeBinding</c>).</summary>
    ConfiguredBinding,

    /// <summary>A .config file that is not well-formed XML; <see cref="HostingUsageModel.Detail"/> says why.</summary>
    UnreadableConfiguration,

    /// <summary>A <c>&lt;serviceThrottling maxConcurrentCalls&gt;</c> in the behavior of a configured service (named by its
    /// <c>behaviorConfiguration</c>, or the unnamed default behavior); <see cref="HostingUsageModel.TypeName"/> is the
    /// service's name, <see cref="HostingUsageModel.Detail"/> the number.</summary>
    ServiceThrottling,

    /// <summary>What translating a file's <c>&lt;system.serviceModel&gt;</c> into the generated host's appsettings.json
    /// says about one of its settings (Mapping/HostConfiguration.cs); <see cref="HostingUsageModel.Finding"/> is it.</summary>
    ConfigurationTranslation,

    /// <summary>A <c>[PrincipalPermission]</c> on a class or method; <see cref="HostingUsageModel.Context"/> is what it is on
    /// (<c>Type</c> or <c>Type.Method</c>), <see cref="HostingUsageModel.Demand"/> what it demands.</summary>
    PrincipalPermission,

    /// <summary>A class derived from WCF's <c>ServiceAuthorizationManager</c>; <see cref="HostingUsageModel.TypeName"/> is the WCF
    /// base, <see cref="HostingUsageModel.Context"/> the class.</summary>
    ServiceAuthorizationManager,
}

/// <summary>What a <c>[PrincipalPermission]</c> demands: a role, a user name, both, or (neither) an authenticated caller.</summary>
public sealed record PrincipalDemand(string? Role, string? Name);

/// <summary>WCF hosting, binding, client-channel or runtime code in the source or in a .config file.</summary>
/// <param name="TypeName">The WCF type used, e.g. <c>System.ServiceModel.NetTcpBinding</c> (for config entries: the service, endpoint or binding name).</param>
public sealed record HostingUsageModel(HostingUsageKind Kind, string TypeName, SourcePosition? Position)
{
    /// <summary>What the usage names besides its type: an address, a security mode value, an OperationContext member, an endpoint count.</summary>
    public string? Detail { get; init; }

    /// <summary>The C# member the code sits in (<c>StockWatchService.Subscribe</c>), for findings that name it.</summary>
    public string? Context { get; init; }

    /// <summary>The finding of a <see cref="HostingUsageKind.ConfigurationTranslation"/>, made where the translation decides.</summary>
    public Finding? Finding { get; init; }

    /// <summary>What a <see cref="HostingUsageKind.PrincipalPermission"/> demands.</summary>
    public PrincipalDemand? Demand { get; init; }
}

/// <summary>WCF's session requirement of a contract (values as in System.ServiceModel.SessionMode).</summary>
public enum SessionModeValue
{
    Allowed = 0,
    Required = 1,
    NotAllowed = 2,
}

/// <summary>WCF's instancing (values as in System.ServiceModel.InstanceContextMode).</summary>
public enum InstanceMode
{
    PerSession = 0,
    PerCall = 1,
    Single = 2,
}

/// <summary>WCF's concurrency (values as in System.ServiceModel.ConcurrencyMode).</summary>
public enum ConcurrencyModeValue
{
    Single = 0,
    Reentrant = 1,
    Multiple = 2,
}

/// <summary>Which C# method shapes declare one operation (several when sync, Task and Begin/End forms collapse).</summary>
[Flags]
public enum OperationForms
{
    None = 0,
    Synchronous = 1,
    TaskBased = 2,
    BeginEnd = 4,
}

/// <summary>How a parameter travels.</summary>
public enum ParameterDirection
{
    In,
    Ref,
    Out,
}

/// <summary>A <c>[ServiceContract]</c> interface or class (or a callback contract, held by its service).</summary>
/// <param name="Key">CLR full name, e.g. <c>Contoso.Orders.IOrderService</c>.</param>
/// <param name="Name">Contract name: <c>ServiceContract.Name</c> or the type name.</param>
/// <param name="ContractNamespace">Contract namespace: <c>ServiceContract.Namespace</c> or WCF's default <c>http://tempuri.org/</c>.</param>
public sealed record ServiceContractModel(
    string Key,
    string Name,
    string ClrName,
    string CSharpNamespace,
    string ContractNamespace,
    bool IsClass,
    SessionModeValue SessionMode,
    string? CallbackContractKey,
    EquatableArray<OperationModel> Operations,
    EquatableArray<OperationModel> CallbackOperations,
    EquatableArray<TypeRef> ServiceKnownTypes,
    EquatableArray<string> InheritedContractKeys,
    bool UsesXmlSerializer,
    string? Documentation,
    SourcePosition? Position)
{
    /// <summary>The contract type as generated C# names it (<c>global::Contoso.IOrders</c>).</summary>
    public string CSharpName { get; init; } = string.Empty;

    /// <summary>The callback contract as generated C# names it; null without one.</summary>
    public string? CallbackCSharpName { get; init; }

    /// <summary>Members of the contract interface (and the interfaces it extends) that are no operations.</summary>
    public EquatableArray<ContractMember> OtherMembers { get; init; } = EquatableArray<ContractMember>.Empty;

    /// <summary>Members of the callback interface (and the interfaces it extends) that are no operations.</summary>
    public EquatableArray<ContractMember> CallbackOtherMembers { get; init; } = EquatableArray<ContractMember>.Empty;

    /// <summary>The contract or its callback contract is not public (internal, or nested in an internal type): generated code that names them in a signature is internal.</summary>
    public bool IsInternal { get; init; }
}

/// <summary>One operation, however many C# methods declare it.</summary>
/// <param name="Name">Operation name: <c>OperationContract.Name</c>, else the method name (without <c>Async</c>/<c>Begin</c>).</param>
/// <param name="MethodName">The C# method name of the primary form (sync, else Task, else Begin).</param>
public sealed record OperationModel(
    string Name,
    string MethodName,
    OperationForms Forms,
    bool IsOneWay,
    bool IsInitiating,
    bool IsTerminating,
    EquatableArray<ParameterModel> Parameters,
    TypeRef ReturnType,
    EquatableArray<TypeRef> Faults,
    EquatableArray<TypeRef> KnownTypes,
    string? TransactionFlow,
    string? Action,
    string DeclaringContractKey,
    string? Documentation,
    string? ReturnsDocumentation,
    SourcePosition? Position)
{
    /// <summary>Every C# method declaring the operation (one per form; Begin and End are two), as an implementer declares them.</summary>
    public EquatableArray<OperationMethod> Methods { get; init; } = EquatableArray<OperationMethod>.Empty;

    /// <summary>The contract that declares the methods (a base contract for an inherited operation) as generated C# names it.</summary>
    public string DeclaringCSharpName { get; init; } = string.Empty;

    /// <summary>The operation's <c>[WebGet]</c> or <c>[WebInvoke]</c> (a WCF REST operation); null for none.</summary>
    public WebHttpModel? WebHttp { get; init; }
}

/// <summary>WCF's <c>WebMessageFormat</c> (values as in System.ServiceModel.Web).</summary>
public enum WebFormat
{
    Xml = 0,
    Json = 1,
}

/// <summary>WCF's <c>WebMessageBodyStyle</c> (values as in System.ServiceModel.Web).</summary>
public enum WebBodyStyle
{
    Bare = 0,
    Wrapped = 1,
    WrappedRequest = 2,
    WrappedResponse = 3,
}

/// <summary>
/// A <c>[WebGet]</c> or <c>[WebInvoke]</c> on an operation, as written (defaults applied: WebGet is GET, WebInvoke POST;
/// formats Xml; body style Bare). Mapping turns it into a <c>google.api.http</c> rule (docs/webhttp.md).
/// </summary>
/// <param name="Method">The HTTP method, upper case (<c>GET</c>, <c>POST</c>, <c>PUT</c>, ... or <c>*</c>).</param>
/// <param name="UriTemplate">The UriTemplate as written; null when not given (WCF then uses the operation name).</param>
/// <param name="IsWebGet">True for <c>[WebGet]</c>, false for <c>[WebInvoke]</c>.</param>
/// <param name="FromServiceModel">Declared by System.ServiceModel.Web (not CoreWCF): the migrated project needs the attribute types.</param>
/// <param name="Position">The attribute.</param>
public sealed record WebHttpModel(
    string Method,
    string? UriTemplate,
    WebFormat RequestFormat,
    WebFormat ResponseFormat,
    WebBodyStyle BodyStyle,
    bool IsWebGet,
    bool FromServiceModel,
    SourcePosition? Position);

public sealed record ParameterModel(string Name, TypeRef Type, ParameterDirection Direction, string? Documentation)
{
    /// <summary>
    /// The envelope the C# parameter wraps its value in, when WCF took one (MSMQ integration's <c>MsmqMessage&lt;T&gt;</c>):
    /// <see cref="Type"/> is then the body's type, which is what travels; generated code wraps and unwraps it. Null for a
    /// plain parameter.
    /// </summary>
    public ParameterEnvelope? Envelope { get; init; }
}

/// <summary>A parameter's envelope: its C# spelling (as generated code constructs it, null when discovery reads no C# spellings) and display name.</summary>
public sealed record ParameterEnvelope(string? CSharpType, string Display);

/// <summary>The shape of a C# type as far as serialization cares. Mapping decides what each shape becomes in proto.</summary>
public enum TypeShape
{
    /// <summary><c>void</c> (or a non-generic Task).</summary>
    Void,

    /// <summary>A built-in value the mapping knows by <see cref="TypeRef.Key"/> (e.g. <c>System.Int32</c>, <c>System.Guid</c>, <c>System.Byte[]</c>).</summary>
    Primitive,

    /// <summary>An enum; <see cref="TypeRef.Key"/> is its <see cref="DataTypeModel.Key"/>.</summary>
    Enum,

    /// <summary>A class or struct serialized by members; <see cref="TypeRef.Key"/> is its <see cref="DataTypeModel.Key"/>.</summary>
    DataType,

    /// <summary><c>Nullable&lt;T&gt;</c>; the argument is T.</summary>
    Nullable,

    /// <summary>A sequence (array, list, set, <c>IEnumerable&lt;T&gt;</c>, <c>[CollectionDataContract]</c>); the argument is the element.</summary>
    Collection,

    /// <summary>A dictionary; the arguments are key and value.</summary>
    Dictionary,

    /// <summary><c>System.IO.Stream</c> or a type derived from it.</summary>
    Stream,

    /// <summary><c>object</c>.</summary>
    Object,

    /// <summary>A type with no faithful proto form (<see cref="TypeRef.Detail"/> says why).</summary>
    Unmapped,

    /// <summary>A type the compilation could not resolve (missing reference).</summary>
    Unresolved,
}

/// <summary>Whether the source says a reference can be null.</summary>
public enum NullabilityValue
{
    Oblivious,
    NotNull,
    Nullable,
}

/// <summary>A use of a type: its shape, its key and its arguments (element, key/value, underlying).</summary>
/// <param name="Key">CLR full name (no spaces); for <see cref="TypeShape.DataType"/>/<see cref="TypeShape.Enum"/> the data type's key.</param>
/// <param name="Display">Short C# spelling for messages, e.g. <c>List&lt;Order&gt;</c>.</param>
/// <param name="Detail">For unmapped types, why (e.g. <c>non-generic collection</c>).</param>
public sealed record TypeRef(
    TypeShape Shape,
    string Key,
    string Display,
    EquatableArray<TypeRef> Arguments,
    NullabilityValue Nullability,
    string? Detail = null)
{
    public static TypeRef Void { get; } = new(TypeShape.Void, "System.Void", "void", EquatableArray<TypeRef>.Empty, NullabilityValue.Oblivious) { CSharp = new CSharpTypeName("void") };

    /// <summary>The type as generated C# writes this use of it, and how to build a collection or dictionary.</summary>
    public CSharpTypeName? CSharp { get; init; }

    public TypeRef WithNullability(NullabilityValue nullability) => this with { Nullability = nullability };

    public override string ToString() => Display;
}

/// <summary>How a data type is serialized by WCF.</summary>
public enum DataTypeKind
{
    DataContract,
    Serializable,
    /// <summary>A plain type: DataContractSerializer infers public read/write properties and public fields.</summary>
    Inferred,
    MessageContract,
    Enum,
}

/// <summary>A class, struct or enum reachable from a contract.</summary>
/// <param name="Key">CLR full name including closed generic arguments, e.g. <c>Contoso.Page&lt;Contoso.Order&gt;</c>.</param>
/// <param name="ContractName">The <c>DataContract.Name</c> as written (may hold <c>{0}</c> placeholders), or null.</param>
/// <param name="ClrName">The type name without namespace and generic arguments.</param>
/// <param name="GenericArguments">Closed generic arguments, for readable names like <c>PageOfOrder</c>.</param>
/// <param name="BaseTypeKey">Key of the serialized base type, if any.</param>
/// <param name="KnownTypes">Types declared known by <c>[KnownType]</c> (attribute and method forms).</param>
/// <param name="PreservesReferences"><c>[DataContract(IsReference = true)]</c>: object identity and cycles are kept on the wire.</param>
public sealed record DataTypeModel(
    string Key,
    DataTypeKind Kind,
    string? ContractName,
    string ClrName,
    string CSharpNamespace,
    string ContractNamespace,
    EquatableArray<TypeRef> GenericArguments,
    EquatableArray<DataMemberModel> Members,
    EquatableArray<EnumMemberModel> EnumMembers,
    string? BaseTypeKey,
    EquatableArray<TypeRef> KnownTypes,
    bool IsAbstract,
    bool IsFlagsEnum,
    bool HasCustomSerialization,
    bool PreservesReferences,
    string? Documentation,
    SourcePosition? Position)
{
    /// <summary>A struct or enum: its values are never null.</summary>
    public bool IsValueType { get; init; }

    /// <summary>The type as generated C# names it (<c>global::Contoso.Page&lt;global::Contoso.Order&gt;</c>).</summary>
    public string CSharpName { get; init; } = string.Empty;

    /// <summary>A parameterless constructor generated code in the same assembly can call; without one, a value is created uninitialized, as WCF's serializer does.</summary>
    public bool HasAccessibleConstructor { get; init; }

    /// <summary>Not public (internal, nested in an internal type, or built on an internal type argument): generated code that names it in a signature is internal.</summary>
    public bool IsInternal { get; init; }

    /// <summary>A public parameterless constructor: what DataContractSerializer needs to infer the contract of a class without attributes.</summary>
    public bool HasPublicParameterlessConstructor { get; init; }
}

/// <summary>A serialized member.</summary>
/// <param name="Name">Serialized name: <c>DataMember.Name</c>, <c>MessageBodyMember.Name</c>, or the member name.</param>
/// <param name="Order"><c>DataMember.Order</c> / <c>MessageBodyMember.Order</c>, or -1 when not given.</param>
public sealed record DataMemberModel(
    string Name,
    string ClrName,
    TypeRef Type,
    int Order,
    bool IsRequired,
    bool EmitDefaultValue,
    bool IsHeader,
    string? Documentation,
    SourcePosition? Position)
{
    /// <summary>How generated code in the same assembly reads and writes the member.</summary>
    public DataMemberAccess Access { get; init; } = DataMemberAccess.Direct;
}

/// <summary>An enum member. <see cref="Name"/> is the <c>[EnumMember(Value)]</c> when given, else the C# name.</summary>
public sealed record EnumMemberModel(string Name, string ClrName, decimal Value, string? Documentation);

/// <summary>A class implementing one or more service contracts, with its behaviors.</summary>
public sealed record ServiceImplementationModel(
    string Key,
    string ClrName,
    string CSharpNamespace,
    EquatableArray<string> ContractKeys,
    InstanceMode InstanceContextMode,
    bool InstanceContextModeExplicit,
    ConcurrencyModeValue ConcurrencyMode,
    bool ConcurrencyModeExplicit,
    EquatableArray<OperationBehaviorModel> OperationBehaviors,
    SourcePosition? Position,
    SourcePosition? BehaviorPosition)
{
    /// <summary>The class as generated C# names it.</summary>
    public string CSharpName { get; init; } = string.Empty;

    /// <summary>Hosting can create it: a non-abstract class, not generic or closed (<see cref="GenericDefinitionKey"/>), with a parameterless constructor (of any accessibility, as WCF's dispatcher calls it) or a public one.</summary>
    public bool IsActivatable { get; init; }

    /// <summary>
    /// For a generic implementation class: the key of its definition (<c>Contoso.Receiver&lt;T&gt;</c>). When the input makes
    /// one closed type of it (<c>new Receiver&lt;Order&gt;()</c>, <c>typeof(Receiver&lt;Order&gt;)</c>), this model is that
    /// closed type, as WCF hosted it; otherwise it is the definition, which cannot be created, and
    /// <see cref="Closings"/> are the closed types found. Null for a class that is not generic.
    /// </summary>
    public string? GenericDefinitionKey { get; init; }

    /// <summary>The closed types the input makes of a generic implementation that is not served (none, or several), by key.</summary>
    public EquatableArray<string> Closings { get; init; } = EquatableArray<string>.Empty;

    /// <summary>Where the source types among a closed implementation's type arguments are declared: the migrated project compiles them with it.</summary>
    public EquatableArray<SourcePosition> TypeArgumentPositions { get; init; } = EquatableArray<SourcePosition>.Empty;

    /// <summary>
    /// Those of <see cref="TypeArgumentPositions"/> whose types the closed implementation needs by name only: each is a
    /// type argument itself (not inside another) for a type parameter with no constraint type and no <c>new()</c>, so the
    /// generic can use nothing of it but what every object has, and it is no other type argument.
    /// </summary>
    public EquatableArray<SourcePosition> NameOnlyTypeArgumentPositions { get; init; } = EquatableArray<SourcePosition>.Empty;

    /// <summary>The System.ServiceModel types among <see cref="ServiceModelTypes"/> its behavior attributes use.</summary>
    public ServiceModelTypes ServiceModelTypesUsed { get; init; }

    /// <summary>Its uses of WCF's OperationContext, in source order.</summary>
    public EquatableArray<OperationContextUse> OperationContextUses { get; init; } = EquatableArray<OperationContextUse>.Empty;

    /// <summary>Not public (internal, or nested in an internal type): generated code that names it in a signature is internal.</summary>
    public bool IsInternal { get; init; }
}

/// <summary>
/// A client-side class with <c>[CallbackBehavior]</c>: how WCF dispatched callbacks to it. The client shim's callback
/// dispatch follows it (C# emitters, a later issue).
/// </summary>
/// <param name="CallbackContractKeys">The callback contracts (of discovered services) the class implements.</param>
/// <param name="UseSynchronizationContext"><c>CallbackBehavior.UseSynchronizationContext</c> (WCF's default: true).</param>
public sealed record CallbackImplementationModel(
    string Key,
    string ClrName,
    string CSharpNamespace,
    EquatableArray<string> CallbackContractKeys,
    ConcurrencyModeValue ConcurrencyMode,
    bool ConcurrencyModeExplicit,
    bool UseSynchronizationContext,
    SourcePosition? Position,
    SourcePosition? BehaviorPosition);

/// <summary>
/// A class implementing service contracts that is WCF client code: a <c>ClientBase&lt;T&gt;</c> proxy, or a class built on a
/// channel of its contract. It is not an implementation: hosting never serves it; the generated client proxy replaces it.
/// </summary>
/// <param name="BuiltOn">The WCF client type it is built on, as findings name it (<c>ClientBase&lt;IEcho&gt;</c>).</param>
public sealed record ClientClassModel(string Key, EquatableArray<string> ContractKeys, string BuiltOn, SourcePosition? Position);

/// <summary>An <c>[OperationBehavior]</c> on an implementation method.</summary>
public sealed record OperationBehaviorModel(string MethodName, bool TransactionScopeRequired, SourcePosition? Position);
