using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using MigrateWcf.Generator.Model;
using MigrateWcf.Generator.Rules;

namespace MigrateWcf.Generator.Mapping;

internal sealed partial class ProtoMapper
{
    private enum ResolvedKind
    {
        Scalar,
        Enum,
        Message,
        Map,
    }

    /// <summary>A field type as written in proto, with its label; maps are <c>map&lt;K, V&gt;</c> with no label.</summary>
    private readonly record struct Resolved(string Type, ProtoLabel Label, ResolvedKind Kind, string? Note = null);

    private static string? WithNote(string? documentation, Resolved resolved)
        => resolved.Note is null ? documentation : documentation is null ? resolved.Note : documentation + " " + resolved.Note;

    /// <summary>Where a type is used, for findings: a readable place and a source position.</summary>
    private sealed record FieldContext(string Where, SourcePosition? Position, bool IsRequired);

    private static readonly HashSet<string> MapKeyTypes = new(StringComparer.Ordinal)
    {
        "int32", "int64", "uint32", "uint64", "sint32", "sint64", "fixed32", "fixed64", "sfixed32", "sfixed64", "bool", "string",
    };

    private static readonly Dictionary<string, string> ScalarWrappers = new(StringComparer.Ordinal)
    {
        ["int32"] = "google.protobuf.Int32Value",
        ["int64"] = "google.protobuf.Int64Value",
        ["uint32"] = "google.protobuf.UInt32Value",
        ["uint64"] = "google.protobuf.UInt64Value",
        ["bool"] = "google.protobuf.BoolValue",
        ["float"] = "google.protobuf.FloatValue",
        ["double"] = "google.protobuf.DoubleValue",
        ["string"] = "google.protobuf.StringValue",
        ["bytes"] = "google.protobuf.BytesValue",
    };

    /// <summary>C# built-ins: (proto type, is a message, can be null in C#).</summary>
    private static readonly Dictionary<string, (string Proto, bool IsMessage, bool IsReference)> Primitives = new(StringComparer.Ordinal)
    {
        ["System.Boolean"] = ("bool", false, false),
        ["System.Byte"] = ("uint32", false, false),
        ["System.SByte"] = ("int32", false, false),
        ["System.Int16"] = ("int32", false, false),
        ["System.UInt16"] = ("uint32", false, false),
        ["System.Int32"] = ("int32", false, false),
        ["System.UInt32"] = ("uint32", false, false),
        ["System.Int64"] = ("int64", false, false),
        ["System.UInt64"] = ("uint64", false, false),
        ["System.Single"] = ("float", false, false),
        ["System.Double"] = ("double", false, false),
        ["System.String"] = ("string", false, true),
        ["System.Char"] = ("string", false, false),
        ["System.Guid"] = ("string", false, false),
        ["System.Uri"] = ("string", false, true),
        ["System.Byte[]"] = ("bytes", false, true),
        ["System.Decimal"] = (CommonPackage + ".Decimal", true, false),
        ["System.DateTime"] = (CommonPackage + ".DateTime", true, false),
        ["System.DateTimeOffset"] = (CommonPackage + ".DateTimeOffset", true, false),
        ["System.TimeSpan"] = ("google.protobuf.Duration", true, false),
    };

    private Resolved Resolve(TypeRef type, MappingScope scope, FieldContext context, bool asElement = false)
    {
        switch (type.Shape)
        {
            case TypeShape.Primitive when Primitives.TryGetValue(type.Key, out var primitive):
                if (primitive.IsMessage)
                {
                    return new Resolved(Reference(scope, primitive.Proto), ProtoLabel.None, ResolvedKind.Message);
                }

                // Strings and bytes keep null apart from empty unless the source says they are never null.
                var optional = !asElement && primitive.IsReference && MayBeNull(type, context);
                return new Resolved(primitive.Proto, optional ? ProtoLabel.Optional : ProtoLabel.None, ResolvedKind.Scalar);

            case TypeShape.Nullable:
                var inner = Resolve(type.Arguments[0], scope, context, asElement: true);
                if (inner.Kind == ResolvedKind.Scalar && asElement && ScalarWrappers.TryGetValue(inner.Type, out var wrapper))
                {
                    return new Resolved(Reference(scope, wrapper), ProtoLabel.None, ResolvedKind.Message);
                }

                return inner.Kind is ResolvedKind.Scalar or ResolvedKind.Enum && !asElement ? inner with { Label = ProtoLabel.Optional } : inner;

            case TypeShape.Enum when _typeInfo.TryGetValue(type.Key, out var enumInfo):
                return new Resolved(Reference(scope, enumInfo.FullName), ProtoLabel.None, ResolvedKind.Enum);

            case TypeShape.DataType when _typeInfo.TryGetValue(type.Key, out var info):
                return new Resolved(Reference(scope, info.FullName), ProtoLabel.None, ResolvedKind.Message);

            case TypeShape.Collection:
                if (MayBeNull(type, context) && !asElement)
                {
                    // A bare repeated field cannot be null; a wrapper message has presence, so null and empty stay apart.
                    return new Resolved(ListWrapper(type, scope, context), ProtoLabel.None, ResolvedKind.Message);
                }

                return ValueOf(type.Arguments[0], scope, context) with { Label = ProtoLabel.Repeated };

            case TypeShape.Dictionary:
                return ResolveDictionary(type, scope, context, asElement);

            case TypeShape.Object:
                Report(scope, FindingMessages.ObjectMember, context.Position, context.Where);
                return new Resolved(Reference(scope, "google.protobuf.Any"), ProtoLabel.None, ResolvedKind.Message, $"C# object: only message types can travel here ({RuleIds.ObjectMember}).");

            case TypeShape.Unresolved:
                Report(scope, FindingMessages.UnresolvedType, context.Position, context.Where, type.Display);
                return new Resolved("bytes", ProtoLabel.None, ResolvedKind.Scalar, $"Placeholder: the C# type {type.Display} could not be resolved ({RuleIds.UnresolvedType}).");

            case TypeShape.Stream:
                Report(scope, FindingMessages.StreamInMessage, context.Position, context.Where);
                return new Resolved("bytes", ProtoLabel.None, ResolvedKind.Scalar, $"Placeholder: a Stream has no proto form inside a message ({RuleIds.UnmappedType}).");

            case TypeShape.Void:
                return new Resolved(Reference(scope, "google.protobuf.Empty"), ProtoLabel.None, ResolvedKind.Message);

            default:
                if (type.Detail is { } detail)
                {
                    Report(scope, FindingMessages.UnmappedType, context.Position, context.Where, type.Display, detail);
                }
                else
                {
                    Report(scope, FindingMessages.TypeWithoutProtoForm, context.Position, context.Where, type.Display);
                }

                return new Resolved("bytes", ProtoLabel.None, ResolvedKind.Scalar, $"Placeholder: {type.Display} is {type.Detail ?? "not mappable"} ({RuleIds.UnmappedType}).");
        }
    }

    /// <summary>A reference-typed value may be null unless the source says otherwise (non-nullable annotation or IsRequired).</summary>
    private static bool MayBeNull(TypeRef type, FieldContext context)
        => type.Nullability != NullabilityValue.NotNull && !context.IsRequired;

    private Resolved ResolveDictionary(TypeRef type, MappingScope scope, FieldContext context, bool asElement)
    {
        var keyType = type.Arguments[0];
        var valueType = type.Arguments[1];
        var key = Resolve(keyType, scope, context, asElement: true);
        if (MayBeNull(type, context) && !asElement)
        {
            return new Resolved(MapWrapper(type, scope, context), ProtoLabel.None, ResolvedKind.Message);
        }

        if (key.Kind == ResolvedKind.Scalar && key.Label == ProtoLabel.None && MapKeyTypes.Contains(key.Type))
        {
            var value = ValueOf(valueType, scope, context);
            return new Resolved($"map<{key.Type}, {value.Type}>", ProtoLabel.None, ResolvedKind.Map);
        }

        Report(scope, FindingMessages.NonScalarDictionaryKey, context.Position, context.Where, keyType.Display);
        return new Resolved(EntryMessage(type, scope, context), ProtoLabel.Repeated, ResolvedKind.Message);
    }

    /// <summary>A map value or entry part: repeated and map values are wrapped, since proto cannot nest them directly.</summary>
    private Resolved ValueOf(TypeRef type, MappingScope scope, FieldContext context)
    {
        var value = Resolve(type, scope, context, asElement: true);
        if (value.Label == ProtoLabel.Repeated)
        {
            return new Resolved(ListWrapper(type, scope, context), ProtoLabel.None, ResolvedKind.Message);
        }

        return value.Kind == ResolvedKind.Map
            ? new Resolved(MapWrapper(type, scope, context), ProtoLabel.None, ResolvedKind.Message)
            : value;
    }

    /// <summary><c>message {Element}List { repeated Element items = 1; }</c>: a list with presence, or a list inside a list or map.</summary>
    private string ListWrapper(TypeRef collection, MappingScope scope, FieldContext context)
    {
        var elementType = collection.Shape == TypeShape.Collection ? collection.Arguments[0] : collection;
        return Wrapper(scope, ReadableName(elementType) + "List", "Generated wrapper: a list that keeps null apart from empty, or a list nested in a list or map.", inner =>
        {
            // A non-collection arrives here only as a dictionary mapped to repeated entries: those are the items.
            var element = collection.Shape == TypeShape.Collection
                ? ValueOf(elementType, inner, context)
                : Resolve(collection, inner, context, asElement: true);

            return new[] { new ProtoField("items", element.Type, 1, ProtoLabel.Repeated, null) };
        });
    }

    /// <summary><c>message {K}To{V}Map { map&lt;K, V&gt; entries = 1; }</c>: a dictionary with presence, or nested in a list or map.</summary>
    private string MapWrapper(TypeRef dictionary, MappingScope scope, FieldContext context)
    {
        return Wrapper(scope, ReadableName(dictionary.WithNullability(NullabilityValue.Oblivious)), "Generated wrapper: a dictionary that keeps null apart from empty, or a dictionary nested in a list or map.", nested =>
        {
            var inner = ResolveDictionary(dictionary.WithNullability(NullabilityValue.Oblivious), nested, context, asElement: true);
            return new[] { new ProtoField("entries", inner.Type, 1, inner.Kind == ResolvedKind.Map ? ProtoLabel.None : ProtoLabel.Repeated, null) };
        });
    }

    /// <summary><c>message {K}To{V}Entry { K key = 1; V value = 2; }</c>, repeated in place of a map whose key proto cannot index.</summary>
    private string EntryMessage(TypeRef dictionary, MappingScope scope, FieldContext context)
    {
        var name = ReadableName(dictionary.Arguments[0]) + "To" + ReadableName(dictionary.Arguments[1]) + "Entry";
        return Wrapper(scope, name, "Generated entry of a dictionary whose key cannot be a proto map key.", inner =>
        {
            var key = ValueOf(dictionary.Arguments[0], inner, context);
            var value = ValueOf(dictionary.Arguments[1], inner, context);
            return new[]
            {
                new ProtoField("key", key.Type, 1, key.Label == ProtoLabel.Optional ? ProtoLabel.Optional : ProtoLabel.None, null),
                new ProtoField("value", value.Type, 2, value.Label == ProtoLabel.Optional ? ProtoLabel.Optional : ProtoLabel.None, null),
            };
        });
    }

    /// <summary>
    /// Builds a generated helper message once per package and structure. Its fields are resolved in a nested scope (the
    /// wrapper's own references, the same item); the reference to the wrapper itself belongs to <paramref name="scope"/>.
    /// </summary>
    private string Wrapper(MappingScope scope, string name, string comment, Func<MappingScope, ProtoField[]> fields)
    {
        var wrapperScope = scope.Nested();
        var built = fields(wrapperScope);
        var structure = string.Join(";", built.Select(f => f.Label + " " + f.Type + " " + f.Name));
        if (!_wrappers.TryGetValue((scope.Package, structure), out var fullName))
        {
            // Wrappers live in their package's shared file, whose C# namespace is the package's.
            var csharpNamespace = PackageCSharpNamespace(scope.Package) ?? scope.CSharpNamespace;
            var claimed = _names.Claim(name, scope.Package, csharpNamespace);
            fullName = scope.Package + "." + claimed;
            _wrappers[(scope.Package, structure)] = fullName;
            var message = new ProtoMessage(claimed, comment, built.ToEquatableArray(), EquatableArray<ProtoOneof>.Empty, EquatableArray<int>.Empty, EquatableArray<string>.Empty);
            Place(new ProtoDefinition(message, null), scope.Package, csharpNamespace, null, wrapperScope.References);
        }

        return Reference(scope, fullName);
    }
}
