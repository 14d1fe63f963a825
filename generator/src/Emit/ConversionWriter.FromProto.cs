using System;
using System.Collections.Generic;
using System.Linq;
using MigrateWcf.Generator.Mapping;
using MigrateWcf.Generator.Model;

namespace MigrateWcf.Generator.Emit;

/// <summary>Proto → C#: the C# value of a field or proto value, and the collections built from proto ones.</summary>
internal sealed partial class ConversionWriter
{
    /// <summary>
    /// The C# value of field <paramref name="field"/> of the message in <paramref name="source"/>: null for an unset field
    /// that keeps null apart, the proto3 default for an unset value type, a <c>MessageMappingException</c> for an unset
    /// field whose C# value is never null. Statements that build collections are written first.
    /// </summary>
    public string FromField(ProtoConversion conversion, ProtoField field, ProtoMessage message, string source, string where)
    {
        var property = source + "." + ProtocNames.Property(field, message);
        var slot = Reference(field);
        switch (conversion.Kind)
        {
            case ConversionKind.Repeated:
            case ConversionKind.Map:
            case ConversionKind.Entries:
                return Build(conversion, property, slot, where);
            case ConversionKind.Any:
                return conversion.Null == NullMapping.NotCarried
                    ? $"({_anyClass}.Unpack({property}, {_nextDepth}) ?? throw {Common}.NotSet({CSharpWriter.Literal(where)}))"
                    : $"{_anyClass}.Unpack({property}, {_nextDepth})";
            case ConversionKind.Unsupported:
                return $"{Common}.ToUnsupported<{conversion.CSharp?.Name ?? "object"}>({property}, {CSharpWriter.Literal(where)})";
        }

        if (field.Label == ProtoLabel.Optional)
        {
            // A proto3 optional scalar or enum: HasX tells null apart.
            var value = FromProto(conversion, property, slot, where);
            var cast = conversion.Kind == ConversionKind.Nullable ? "(" + conversion.CSharp!.Name + ")" : string.Empty;
            return $"({source}.{ProtocNames.HasProperty(field, message)} ? {cast}{value} : null)";
        }

        if (!IsMessageSlot(conversion))
        {
            return FromProto(conversion, property, slot, where);
        }

        // A message field: null when unset.
        switch (conversion.Null)
        {
            case NullMapping.NotCarried:
                return FromProto(conversion, $"({property} ?? throw {Common}.NotSet({CSharpWriter.Literal(where)}))", slot, where);
            case NullMapping.Unset or NullMapping.None when CommonMessageReader(conversion) is { } reader:
                // The runtime reads common.proto's messages through extension methods: null-conditional reads the unset field.
                _file.Using("global::MigrateWcf.Runtime.Mapping");
                return conversion.Null == NullMapping.Unset ? $"{property}?.{reader}()" : $"({property}?.{reader}() ?? default)";
            case NullMapping.Unset:
            case NullMapping.None:
                var unset = conversion.Null == NullMapping.Unset ? "null" : $"default({conversion.CSharp!.Name})";
                // Named for the field it reads ("request.PriceDate is { } priceDateMessage"), unique in the method.
                var propertyName = ProtocNames.Property(field, message);
                var fieldName = char.ToLowerInvariant(propertyName[0]) + propertyName.Substring(1);
                var present = Local(fieldName + "Message");
                var wrapper = conversion.Kind is ConversionKind.ListWrapper or ConversionKind.MapWrapper;
                var built = wrapper ? Inline(() => FromProto(conversion, present, slot, where)) : null;
                if (wrapper && built is null)
                {
                    // Named for the field, unless that name is taken (an adapter's local for the parameter itself).
                    var result = Local(_locals.Contains(fieldName) ? fieldName + (conversion.Kind == ConversionKind.ListWrapper ? "List" : "Map") : fieldName);
                    var type = conversion.CSharp!.Name;
                    _w.Line($"{(type.EndsWith("?", StringComparison.Ordinal) ? type : type + "?")} {result} = {unset};");
                    _w.Open($"if ({property} is {{ }} {present})");
                    _w.Line($"{result} = {FromProto(conversion, present, slot, where)};");
                    _w.Close();
                    _w.Line();
                    return result;
                }

                var cast = conversion.Null == NullMapping.Unset && conversion.Kind == ConversionKind.Nullable ? "(" + conversion.CSharp!.Name + ")" : string.Empty;
                return $"({property} is {{ }} {present} ? {cast}{built ?? FromProto(conversion, present, slot, where)} : {unset})";
            default:
                return FromProto(conversion, property, slot, where);
        }
    }

    /// <summary>The runtime's extension method that reads a common.proto message as the C# value (the value itself, or
    /// the value a Nullable holds), or null for other conversions.</summary>
    private static string? CommonMessageReader(ProtoConversion conversion)
        => (conversion.Kind == ConversionKind.Nullable ? conversion.Arguments[0].Kind : conversion.Kind) switch
        {
            ConversionKind.Decimal => "ToDecimal",
            ConversionKind.DateTime => "ToDateTime",
            ConversionKind.DateTimeOffset => "ToDateTimeOffset",
            _ => null,
        };

    /// <summary>The C# value of the non-null proto value <paramref name="source"/>.</summary>
    public string FromProto(ProtoConversion conversion, string source, ProtoTypeReference slot, string where)
    {
        switch (conversion.Kind)
        {
            case ConversionKind.Same:
                return source;
            case ConversionKind.Widened:
                return $"checked(({conversion.CSharp!.Name}){source})";
            case ConversionKind.Char:
                return $"{Common}.ToChar({source}, {CSharpWriter.Literal(where)})";
            case ConversionKind.Guid:
                return $"{Common}.ToGuid({source}, {CSharpWriter.Literal(where)})";
            case ConversionKind.Uri:
                return $"new global::System.Uri({source}, global::System.UriKind.RelativeOrAbsolute)";
            case ConversionKind.Bytes:
                return BytesFromProto(source);
            case ConversionKind.Decimal:
                return $"{Common}.ToDecimal({source})";
            case ConversionKind.DateTime:
                return $"{Common}.ToDateTime({source})";
            case ConversionKind.DateTimeOffset:
                return $"{Common}.ToDateTimeOffset({source})";
            case ConversionKind.TimeSpan:
                return $"{Common}.ToTimeSpan({source})";
            case ConversionKind.Enum:
                return $"checked(({conversion.CSharp!.Name})(int){source})";
            case ConversionKind.Message:
                return $"{Mapper(conversion.ClrType)}FromMessage({source}, {_nextDepth})";
            case ConversionKind.Nullable:
                return FromProto(conversion.Arguments[0], source, slot, where);
            case ConversionKind.NullableWrapper:
                // An element of a repeated or map wrapper field: protobuf never holds a null there.
                return FromProto(conversion.Arguments[0], $"({source} ?? throw {Common}.NotSet({CSharpWriter.Literal(where)}))", slot, where);
            case ConversionKind.ListWrapper:
            case ConversionKind.MapWrapper:
                var (_, wrapper) = _index.Message(slot.Name);
                var inner = wrapper.Fields[0];
                return Build(conversion.Arguments[0], source + "." + ProtocNames.Property(inner, wrapper), Reference(inner), where);
            case ConversionKind.Any:
                return conversion.Null == NullMapping.NotCarried
                    ? $"({_anyClass}.Unpack({source}, {_nextDepth}) ?? throw {Common}.NotSet({CSharpWriter.Literal(where)}))"
                    : $"{_anyClass}.Unpack({source}, {_nextDepth})";
            case ConversionKind.Empty:
                return "default";
            default:
                return $"{Common}.ToUnsupported<{conversion.CSharp?.Name ?? "object"}>({source}, {CSharpWriter.Literal(where)})";
        }
    }

    /// <summary>Builds the C# collection or dictionary of a proto repeated or map field into a new local and returns it.</summary>
    private string Build(ProtoConversion conversion, string source, ProtoTypeReference slot, string where)
    {
        var csharp = conversion.CSharp ?? new CSharpTypeName("object", CollectionConstruction.Unsupported);
        var result = Local(conversion.Kind == ConversionKind.Repeated ? "list" : "map");
        if (csharp.Construction == CollectionConstruction.Unsupported)
        {
            _w.Line($"var {result} = {Common}.CannotBuild<{csharp.Name}>({CSharpWriter.Literal(where)});");
            return result;
        }

        // A list of entry messages is built by the loop (a repeated key is refused by Dictionary.Add there).
        if (conversion.Kind != ConversionKind.Entries
            && csharp.Construction is CollectionConstruction.WithCapacity or CollectionConstruction.Array
            && Inline(() => BuildExpression(conversion, csharp, source, slot, where)) is { } built)
        {
            _locals.Remove(result);
            return built;
        }

        switch (conversion.Kind)
        {
            case ConversionKind.Repeated:
                var element = conversion.Arguments[0];
                var elementType = element.CSharp!.Name;
                if (csharp.Construction == CollectionConstruction.Array && elementType.IndexOf('[') < 0)
                {
                    var index = Local("i");
                    _w.Line($"var {result} = new {elementType}[{source}.Count];");
                    _w.Open($"for (var {index} = 0; {index} < {result}.Length; {index}++)");
                    _w.Line($"{result}[{index}] = {FromProto(element, $"{source}[{index}]", slot, "an element of " + where)};");
                    _w.Close();
                    _w.Line();
                    return result;
                }

                var items = csharp.Construction == CollectionConstruction.Array ? Local("items") : result;
                _w.Line(csharp.Construction switch
                {
                    CollectionConstruction.WithCapacity => $"var {items} = new {csharp.Concrete}({source}.Count);",
                    CollectionConstruction.Add => $"var {items} = new {csharp.Concrete}();",
                    _ => $"var {items} = new global::System.Collections.Generic.List<{elementType}>({source}.Count);",
                });
                var item = Local("item");
                _w.Open($"foreach (var {item} in {source})");
                _w.Line($"{items}.Add({FromProto(element, item, slot, "an element of " + where)});");
                _w.Close();
                _w.Line();
                if (items != result)
                {
                    // An array of arrays: built as a list, since `new T[][n]` cannot be spelled from the element type.
                    _w.Line($"var {result} = {items}.ToArray();");
                }

                return result;
            case ConversionKind.Map:
                var (keySlot, valueSlot) = (slot.MapKey!, slot.MapValue!);
                _w.Line(Construct(csharp, result, source));
                var pair = Local("pair");
                _w.Open($"foreach (var {pair} in {source})");
                var key = FromProto(conversion.Arguments[0], pair + ".Key", keySlot, "a key of " + where);
                var value = FromProto(conversion.Arguments[1], pair + ".Value", valueSlot, "a value of " + where);
                _w.Line($"{result}.Add({key}, {value});");
                _w.Close();
                _w.Line();
                return result;
            case ConversionKind.Entries:
                var (_, entryMessage) = _index.Message(slot.Name);
                _w.Line(Construct(csharp, result, source));
                var entry = Local("entry");
                _w.Open($"foreach (var {entry} in {source})");
                var entryKey = FromField(conversion.Arguments[0], entryMessage.Fields[0], entryMessage, entry, "a key of " + where);
                var entryValue = FromField(conversion.Arguments[1], entryMessage.Fields[1], entryMessage, entry, "a value of " + where);
                _w.Line($"{result}.Add({entryKey}, {entryValue});");
                _w.Close();
                _w.Line();
                return result;
            default:
                throw new InvalidOperationException($"{conversion.Kind} is not a collection conversion.");
        }
    }

    /// <summary>
    /// A list, array or dictionary built from a proto collection in one expression, with LINQ: <c>ToList</c> and
    /// <c>ToArray</c> size the result from the source's count, as the loop with a capacity did.
    /// </summary>
    private string BuildExpression(ProtoConversion conversion, CSharpTypeName csharp, string source, ProtoTypeReference slot, string where)
    {
        if (conversion.Kind == ConversionKind.Repeated)
        {
            var element = conversion.Arguments[0];
            var item = Local("item");
            var converted = FromProto(element, item, slot, "an element of " + where);
            // A T? element is read from a T (or a wrapper's T? through `?? throw`): cast back, as the list's element type.
            Release(item);
            var elements = element.Kind == ConversionKind.Same ? source
                : element.Kind is ConversionKind.Nullable or ConversionKind.NullableWrapper ? $"{source}.Select({item} => ({element.CSharp!.Name}){converted})"
                : $"{source}.Select({item} => {converted})";
            return Linq(elements + (csharp.Construction == CollectionConstruction.Array ? ".ToArray()" : ".ToList()"));
        }

        if (conversion.Kind == ConversionKind.Map)
        {
            var (keySlot, valueSlot) = (slot.MapKey!, slot.MapValue!);
            var pair = Local("pair");
            var key = FromProto(conversion.Arguments[0], pair + ".Key", keySlot, "a key of " + where);
            var value = FromProto(conversion.Arguments[1], pair + ".Value", valueSlot, "a value of " + where);
            Release(pair);
            return Linq($"{source}.ToDictionary({pair} => {key}, {pair} => {value})");
        }

        throw new InvalidOperationException($"{conversion.Kind} is built by a loop.");
    }

    private static string Construct(CSharpTypeName csharp, string result, string source)
        => csharp.Construction == CollectionConstruction.WithCapacity
            ? $"var {result} = new {csharp.Concrete}({source}.Count);"
            : $"var {result} = new {csharp.Concrete}();";

    /// <summary>Whether the proto form is a message (null when unset) rather than a scalar or enum.</summary>
    private static bool IsMessageSlot(ProtoConversion conversion) => conversion.Kind switch
    {
        ConversionKind.Decimal or ConversionKind.DateTime or ConversionKind.DateTimeOffset or ConversionKind.TimeSpan or ConversionKind.Message
            or ConversionKind.ListWrapper or ConversionKind.MapWrapper or ConversionKind.Any or ConversionKind.Empty => true,
        ConversionKind.Nullable or ConversionKind.NullableWrapper => IsMessageSlot(conversion.Arguments[0]),
        _ => false,
    };
}
