// The proto model: every decision made, nothing left but writing text. Emitters turn it into .proto files, and the C#
// emitters (mappers, service adapter, client shim) read from it which C# symbol each definition and field came from and
// how its value converts, so they never decide anything themselves. Keys are the contract model's (TypeRef.Key).
using MigrateWcf.Generator.Model;

namespace MigrateWcf.Generator.Mapping;

public enum ProtoLabel
{
    None,
    Optional,
    Repeated,
}

/// <summary>What a field's type refers to, as mapping resolved it.</summary>
public enum ProtoTypeKind
{
    /// <summary>A proto scalar: <see cref="ProtoTypeReference.Name"/> is its keyword (<c>int32</c>, <c>string</c>, <c>bytes</c>).</summary>
    Scalar,

    /// <summary>A message: <see cref="ProtoTypeReference.Name"/> is its full name (<c>contoso.Order</c>, <c>google.protobuf.Empty</c>).</summary>
    Message,

    /// <summary>An enum: <see cref="ProtoTypeReference.Name"/> is its full name.</summary>
    Enum,

    /// <summary>A <c>map&lt;K, V&gt;</c>: <see cref="ProtoTypeReference.MapKey"/> and <see cref="ProtoTypeReference.MapValue"/>.</summary>
    Map,
}

/// <summary>A field's type as a reference to its definition, so nothing downstream parses <see cref="ProtoField.Type"/>.</summary>
public sealed record ProtoTypeReference(ProtoTypeKind Kind, string Name, ProtoTypeReference? MapKey = null, ProtoTypeReference? MapValue = null)
{
    public static ProtoTypeReference Scalar(string keyword) => new(ProtoTypeKind.Scalar, keyword);

    public static ProtoTypeReference Message(string fullName) => new(ProtoTypeKind.Message, fullName);
}

/// <summary>One field. <see cref="Type"/> is the proto type as written (<c>int32</c>, <c>.contoso.Order</c>, <c>map&lt;string, int32&gt;</c>).</summary>
/// <param name="Origin">The C# symbol the field holds; null in the fixed messages of <c>migrate_wcf/common.proto</c>.</param>
/// <param name="Conversion">How the C# value becomes this field and back; null where no C# value is held directly (a
/// call id, the inside of a generated wrapper, whose conversion the field using the wrapper describes).</param>
public sealed record ProtoField(string Name, string Type, int Number, ProtoLabel Label, string? Comment, FieldOrigin? Origin = null, ProtoConversion? Conversion = null)
{
    /// <summary>The field's <c>json_name</c> option: the name WCF's JSON uses where proto3's lowerCamelCase default differs; null for the default.</summary>
    public string? JsonName { get; init; }

    /// <summary>What <see cref="Type"/> refers to; null only in the fixed messages of <c>migrate_wcf/common.proto</c> and
    /// a generated call id, which no C# value is converted through.</summary>
    public ProtoTypeReference? Reference { get; init; }
}

public sealed record ProtoOneof(string Name, EquatableArray<ProtoField> Fields, string? Comment);

/// <summary>A message. Reserved numbers and names come from the lock file (fields that existed once).</summary>
/// <param name="Origin">What the message was made from; null in <c>migrate_wcf/common.proto</c>.</param>
public sealed record ProtoMessage(
    string Name,
    string? Comment,
    EquatableArray<ProtoField> Fields,
    EquatableArray<ProtoOneof> Oneofs,
    EquatableArray<int> ReservedNumbers,
    EquatableArray<string> ReservedNames,
    MessageOrigin? Origin = null);

/// <param name="ClrName">The C# enum member (the proto name may come from <c>[EnumMember(Value)]</c>); null for an added zero value.</param>
public sealed record ProtoEnumValue(string Name, int Number, string? Comment, string? ClrName = null);

/// <param name="TypeKey">The C# enum's key in the contract model; null in <c>migrate_wcf/common.proto</c>.</param>
public sealed record ProtoEnum(string Name, string? Comment, EquatableArray<ProtoEnumValue> Values, bool AllowAlias, string? TypeKey = null);

/// <summary>A top-level definition: exactly one of message or enum.</summary>
public sealed record ProtoDefinition(ProtoMessage? Message, ProtoEnum? Enum)
{
    public string Name => Message?.Name ?? Enum!.Name;
}

/// <param name="Origin">The operation the rpc carries (or the callback contract, for the callbacks rpc).</param>
public sealed record ProtoRpc(
    string Name,
    string RequestType,
    string ResponseType,
    bool ClientStreaming,
    bool ServerStreaming,
    string? Comment,
    RpcOrigin? Origin = null)
{
    /// <summary>The rpc's <c>google.api.http</c> rule (a WCF REST operation served by JSON transcoding); null for none.</summary>
    public ProtoHttpRule? Http { get; init; }

    /// <summary>The full name of the request message (<see cref="RequestType"/> is how the file writes it).</summary>
    public string RequestFullName { get; init; } = string.Empty;

    /// <summary>The full name of the response message (<see cref="ResponseType"/> is how the file writes it).</summary>
    public string ResponseFullName { get; init; } = string.Empty;
}

/// <summary>
/// A <c>google.api.http</c> rule (google/api/http.proto): the HTTP method and path template, which request field the body
/// fills (<c>*</c>: every field the path does not bind; null: no body, unbound fields come from the query), and which
/// response field is the whole response body (null: the response message).
/// </summary>
/// <param name="Method">The HttpRule pattern: <c>get</c>, <c>put</c>, <c>post</c>, <c>delete</c>, <c>patch</c>, or another method's name for a <c>custom</c> pattern.</param>
public sealed record ProtoHttpRule(string Method, string Path, string? Body, string? ResponseBody)
{
    /// <summary>True when <see cref="Method"/> is one of HttpRule's own patterns rather than <c>custom</c>.</summary>
    public bool IsStandardMethod => Method is "get" or "put" or "post" or "delete" or "patch";
}

/// <param name="ContractKey">The service contract's key in the contract model.</param>
public sealed record ProtoService(string Name, string? Comment, EquatableArray<ProtoRpc> Rpcs, string? ContractKey = null);

/// <summary>One .proto file.</summary>
/// <param name="Path">Relative path with '/' separators, following the package (e.g. <c>contoso/orders/order_service.proto</c>).</param>
/// <param name="Source">What the file was generated from, for its header comment.</param>
public sealed record ProtoFile(
    string Path,
    string Package,
    string CSharpNamespace,
    string Source,
    EquatableArray<string> Imports,
    EquatableArray<ProtoDefinition> Definitions,
    EquatableArray<ProtoService> Services);

/// <summary>What a message was made from.</summary>
public enum MessageOriginKind
{
    /// <summary>A data type or message contract: <see cref="MessageOrigin.TypeKey"/> is its key.</summary>
    DataType,

    /// <summary>An operation's request: its in and ref parameters. TypeKey is the contract declaring the method.</summary>
    Request,

    /// <summary>An operation's response: its result (field <c>result</c>), then its ref and out parameters.</summary>
    Response,

    /// <summary>A callback method's parameters (a case of the callback envelope). TypeKey is the callback contract.</summary>
    CallbackRequest,

    /// <summary>A callback method's result and ref/out parameters (a case of the client's reply).</summary>
    CallbackResult,

    /// <summary>The server's messages of a duplex service: one oneof case per callback method. TypeKey is the callback contract.</summary>
    CallbackEnvelope,

    /// <summary>The client's answers to callbacks that return something. TypeKey is the callback contract.</summary>
    CallbackReply,

    /// <summary>A generated list or dictionary wrapper or dictionary entry. Shared by every C# type of the same structure, so no one symbol.</summary>
    Generated,
}

/// <param name="TypeKey">The type or contract (contract model key); null for generated messages.</param>
/// <param name="MethodName">The C# method of an operation or callback message (the primary form: sync, else Task, else Begin).</param>
/// <param name="OperationName">The WCF operation name of an operation or callback message.</param>
public sealed record MessageOrigin(MessageOriginKind Kind, string? TypeKey = null, string? MethodName = null, string? OperationName = null);

/// <summary>What C# symbol a field holds.</summary>
public enum FieldOriginKind
{
    /// <summary>A serialized member: <see cref="FieldOrigin.TypeKey"/> declares it (a base type, for inherited members), MemberName is the C# property or field.</summary>
    Member,

    /// <summary>A method parameter: MemberName is the parameter; <see cref="FieldOrigin.Direction"/> says in, ref or out.</summary>
    Parameter,

    /// <summary>A method's return value (the <c>result</c> field).</summary>
    ReturnValue,

    /// <summary>A oneof case for a known derived type: TypeKey is that type.</summary>
    KnownSubtype,

    /// <summary>A case of the callback envelope or reply: TypeKey is the callback contract, MemberName the callback method.</summary>
    Callback,

    /// <summary>Generated: a call id, or the inside of a list or dictionary wrapper or entry.</summary>
    Generated,
}

/// <param name="TypeKey">The declaring type or contract (contract model key), or the derived type of a known-subtype case.</param>
public sealed record FieldOrigin(FieldOriginKind Kind, string? TypeKey = null, string? MemberName = null, ParameterDirection Direction = ParameterDirection.In)
{
    /// <summary>For a <see cref="FieldOriginKind.Parameter"/>: its index in the operation's parameters (the model's order,
    /// which every C# form of the operation maps to); -1 otherwise.</summary>
    public int ParameterIndex { get; init; } = -1;
}

/// <param name="ContractKey">The contract declaring the operation (a base contract for an inherited one), or the callback contract for the callbacks rpc.</param>
/// <param name="OperationName">The WCF operation name; null for the callbacks rpc.</param>
/// <param name="MethodName">The C# method of the primary form; null for the callbacks rpc.</param>
public sealed record RpcOrigin(string ContractKey, string? OperationName, string? MethodName)
{
    /// <summary>The operation's index in its service's <see cref="ServiceContractModel.Operations"/>; -1 for the callbacks rpc.</summary>
    public int OperationIndex { get; init; } = -1;
}

/// <summary>How a C# value and its proto form convert into each other.</summary>
public enum ConversionKind
{
    /// <summary>The proto scalar holds the value as it is: <c>int</c>, <c>long</c>, <c>uint</c>, <c>ulong</c>, <c>bool</c>, <c>float</c>, <c>double</c>, <c>string</c>.</summary>
    Same,

    /// <summary><c>sbyte</c>/<c>short</c> in <c>int32</c>, <c>byte</c>/<c>ushort</c> in <c>uint32</c>; reading back narrows (checked).</summary>
    Widened,

    /// <summary><c>char</c> as a one-character string.</summary>
    Char,

    /// <summary><c>Guid</c> as its canonical string (format "D").</summary>
    Guid,

    /// <summary><c>Uri</c> as its original string.</summary>
    Uri,

    /// <summary><c>byte[]</c> as <c>bytes</c>.</summary>
    Bytes,

    /// <summary><c>decimal</c> as <c>migrate_wcf.Decimal</c> (the runtime's converter).</summary>
    Decimal,

    /// <summary><c>DateTime</c> as <c>migrate_wcf.DateTime</c> (ticks and Kind).</summary>
    DateTime,

    /// <summary><c>DateTimeOffset</c> as <c>migrate_wcf.DateTimeOffset</c>.</summary>
    DateTimeOffset,

    /// <summary><c>TimeSpan</c> as <c>google.protobuf.Duration</c>.</summary>
    TimeSpan,

    /// <summary>A C# enum as its proto enum, by number.</summary>
    Enum,

    /// <summary>A data type or message contract as its message, through that message's own mapper.</summary>
    Message,

    /// <summary><c>T?</c> as an optional field: no value is the field unset. Arguments[0] converts the T.</summary>
    Nullable,

    /// <summary><c>T?</c> inside a list or map, as a <c>google.protobuf.*Value</c> wrapper. Arguments[0] converts the T.</summary>
    NullableWrapper,

    /// <summary>A sequence as a repeated field. Arguments[0] converts each element.</summary>
    Repeated,

    /// <summary>A dictionary as a proto map. Arguments[0] converts the key, Arguments[1] the value.</summary>
    Map,

    /// <summary>A dictionary as repeated entry messages (<c>key</c>, <c>value</c>), for keys a map cannot have. Arguments: key, value.</summary>
    Entries,

    /// <summary>A sequence (or an entry-list dictionary) as a generated wrapper message, whose presence keeps null apart from empty or which nests a list in a list or map. Arguments[0] converts its <c>items</c> field as a whole.</summary>
    ListWrapper,

    /// <summary>A dictionary as a generated wrapper message. Arguments[0] converts its <c>entries</c> field as a whole (Map or Entries).</summary>
    MapWrapper,

    /// <summary><c>object</c> as <c>google.protobuf.Any</c>: only message values can travel.</summary>
    Any,

    /// <summary>No value: <c>google.protobuf.Empty</c> (a callback without parameters).</summary>
    Empty,

    /// <summary>No conversion: the C# type has no proto form and the field is a <c>bytes</c> placeholder (a finding says why).</summary>
    Unsupported,
}

/// <summary>What happens to a C# null.</summary>
public enum NullMapping
{
    /// <summary>The C# type is a value type, or the conversion holds no value.</summary>
    None,

    /// <summary>Null is the field (or the wrapper message) not set; every non-null value is kept apart from it.</summary>
    Unset,

    /// <summary>The C# type can hold null but the proto form cannot: the source says it never does (a non-nullable reference, <c>IsRequired</c>), or it is an element of a list or a map value.</summary>
    NotCarried,
}

/// <summary>How one C# value converts to its proto form: the conversion, the C# type, nulls, and the conversions inside.</summary>
/// <param name="ClrType">The C# type's key, e.g. <c>System.Collections.Generic.List&lt;Contoso.Order&gt;</c>.</param>
public sealed record ProtoConversion(ConversionKind Kind, string ClrType, NullMapping Null, EquatableArray<ProtoConversion> Arguments)
{
    /// <summary>The C# type as generated code writes it, and how it builds a collection or dictionary.</summary>
    public CSharpTypeName? CSharp { get; init; }

    public static ProtoConversion Of(ConversionKind kind, string clrType, NullMapping nullMapping, params ProtoConversion[] arguments)
        => new(kind, clrType, nullMapping, arguments.ToEquatableArray());
}
