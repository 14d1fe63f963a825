// The proto model: every decision made, nothing left but writing text. Emitters turn it into .proto files.
using MigrateWcf.Generator.Model;

namespace MigrateWcf.Generator.Mapping;

public enum ProtoLabel
{
    None,
    Optional,
    Repeated,
}

/// <summary>One field. <see cref="Type"/> is the proto type as written (<c>int32</c>, <c>.contoso.Order</c>, <c>map&lt;string, int32&gt;</c>).</summary>
public sealed record ProtoField(string Name, string Type, int Number, ProtoLabel Label, string? Comment);

public sealed record ProtoOneof(string Name, EquatableArray<ProtoField> Fields, string? Comment);

/// <summary>A message. Reserved numbers and names come from the lock file (fields that existed once).</summary>
public sealed record ProtoMessage(
    string Name,
    string? Comment,
    EquatableArray<ProtoField> Fields,
    EquatableArray<ProtoOneof> Oneofs,
    EquatableArray<int> ReservedNumbers,
    EquatableArray<string> ReservedNames);

public sealed record ProtoEnumValue(string Name, int Number, string? Comment);

public sealed record ProtoEnum(string Name, string? Comment, EquatableArray<ProtoEnumValue> Values, bool AllowAlias);

/// <summary>A top-level definition: exactly one of message or enum.</summary>
public sealed record ProtoDefinition(ProtoMessage? Message, ProtoEnum? Enum)
{
    public string Name => Message?.Name ?? Enum!.Name;
}

public sealed record ProtoRpc(
    string Name,
    string RequestType,
    string ResponseType,
    bool ClientStreaming,
    bool ServerStreaming,
    string? Comment);

public sealed record ProtoService(string Name, string? Comment, EquatableArray<ProtoRpc> Rpcs);

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
