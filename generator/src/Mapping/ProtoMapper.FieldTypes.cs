using System;
using System.Collections.Generic;
using System.Linq;
using MigrateWcf.Generator.Model;
using MigrateWcf.Generator.Rules;

namespace MigrateWcf.Generator.Mapping;

/// <summary>Field types: which proto type, label and conversion each use of a C# type gets (docs/architecture.md, "What a contract becomes").</summary>
internal sealed partial class ProtoMapper
{
    private enum ResolvedKind
    {
        Scalar,
        Enum,
        Message,
        Map,
    }

    /// <summary>A field type as written in proto, with its label and conversion; maps are <c>map&lt;K, V&gt;</c> with no label.</summary>
    private readonly record struct Resolved(string Type, ProtoLabel Label, ResolvedKind Kind, ProtoConversion Conversion, string? Note = null)
    {
        /// <summary>What <see cref="Type"/> refers to.</summary>
        public ProtoTypeReference Reference { get; init; } = ProtoTypeReference.Scalar(Type);
    }

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

    /// <summary>C# built-ins: (proto type, is a message, can be null in C#, how the value converts).</summary>
    private static readonly Dictionary<string, (string Proto, bool IsMessage, bool IsReference, ConversionKind Conversion)> Primitives = new(StringComparer.Ordinal)
    {
        ["System.Boolean"] = ("bool", false, false, ConversionKind.Same),
        ["System.Byte"] = ("uint32", false, false, ConversionKind.Widened),
        ["System.SByte"] = ("int32", false, false, ConversionKind.Widened),
        ["System.Int16"] = ("int32", false, false, ConversionKind.Widened),
        ["System.UInt16"] = ("uint32", false, false, ConversionKind.Widened),
        ["System.Int32"] = ("int32", false, false, ConversionKind.Same),
        ["System.UInt32"] = ("uint32", false, false, ConversionKind.Same),
        ["System.Int64"] = ("int64", false, false, ConversionKind.Same),
        ["System.UInt64"] = ("uint64", false, false, ConversionKind.Same),
        ["System.Single"] = ("float", false, false, ConversionKind.Same),
        ["System.Double"] = ("double", false, false, ConversionKind.Same),
        ["System.String"] = ("string", false, true, ConversionKind.Same),
        ["System.Char"] = ("string", false, false, ConversionKind.Char),
        ["System.Guid"] = ("string", false, false, ConversionKind.Guid),
        ["System.Uri"] = ("string", false, true, ConversionKind.Uri),
        ["System.Byte[]"] = ("bytes", false, true, ConversionKind.Bytes),
        ["System.Decimal"] = (CommonPackage + ".Decimal", true, false, ConversionKind.Decimal),
        ["System.DateTime"] = (CommonPackage + ".DateTime", true, false, ConversionKind.DateTime),
        ["System.DateTimeOffset"] = (CommonPackage + ".DateTimeOffset", true, false, ConversionKind.DateTimeOffset),
        ["System.TimeSpan"] = ("google.protobuf.Duration", true, false, ConversionKind.TimeSpan),
    };

    private Resolved Resolve(TypeRef type, MappingScope scope, FieldContext context, bool asElement = false)
    {
        switch (type.Shape)
        {
            case TypeShape.Primitive when Primitives.TryGetValue(type.Key, out var primitive):
                if (primitive.Conversion == ConversionKind.DateTime)
                {
                    Report(scope, FindingMessages.DateTimeMapped, context.Position, context.Where);
                }
                else if (primitive.Conversion == ConversionKind.Decimal)
                {
                    Report(scope, FindingMessages.DecimalMapped, context.Position, context.Where);
                }

                if (primitive.IsMessage)
                {
                    return new Resolved(Reference(scope, primitive.Proto), ProtoLabel.None, ResolvedKind.Message, Convert(primitive.Conversion, type, NullMapping.None)) { Reference = ProtoTypeReference.Message(primitive.Proto) };
                }

                // Strings and bytes keep null apart from empty unless the source says they are never null.
                var optional = !asElement && primitive.IsReference && MayBeNull(type, context);
                var nulls = !primitive.IsReference ? NullMapping.None : optional ? NullMapping.Unset : NullMapping.NotCarried;
                return new Resolved(primitive.Proto, optional ? ProtoLabel.Optional : ProtoLabel.None, ResolvedKind.Scalar, Convert(primitive.Conversion, type, nulls));

            case TypeShape.Nullable:
                var inner = Resolve(type.Arguments[0], scope, context, asElement: true);
                if (inner.Kind == ResolvedKind.Scalar && asElement && ScalarWrappers.TryGetValue(inner.Type, out var wrapper))
                {
                    return new Resolved(Reference(scope, wrapper), ProtoLabel.None, ResolvedKind.Message, Convert(ConversionKind.NullableWrapper, type, NullMapping.NotCarried, inner.Conversion)) { Reference = ProtoTypeReference.Message(wrapper) };
                }

                if (inner.Kind is ResolvedKind.Scalar or ResolvedKind.Enum && !asElement)
                {
                    return inner with { Label = ProtoLabel.Optional, Conversion = Convert(ConversionKind.Nullable, type, NullMapping.Unset, inner.Conversion) };
                }

                // A nullable struct held as a message keeps null as "not set"; inside a list or map a null cannot travel.
                var nullable = !asElement && inner.Kind == ResolvedKind.Message ? NullMapping.Unset : NullMapping.NotCarried;
                return inner with { Conversion = Convert(ConversionKind.Nullable, type, nullable, inner.Conversion) };

            case TypeShape.Enum when _typeInfo.TryGetValue(type.Key, out var enumInfo):
                return new Resolved(Reference(scope, enumInfo.FullName), ProtoLabel.None, ResolvedKind.Enum, Convert(ConversionKind.Enum, type, NullMapping.None)) { Reference = new ProtoTypeReference(ProtoTypeKind.Enum, enumInfo.FullName) };

            case TypeShape.DataType when _typeInfo.TryGetValue(type.Key, out var info):
                ReportIfNotSerializable(info.Model, type, scope, context);
                // A reference the source says is never null (or a list element) cannot be null on the wire either.
                var messageNulls = info.Model.IsValueType ? NullMapping.None : asElement || !MayBeNull(type, context) ? NullMapping.NotCarried : NullMapping.Unset;
                return new Resolved(Reference(scope, info.FullName), ProtoLabel.None, ResolvedKind.Message, Convert(ConversionKind.Message, type, messageNulls)) { Reference = ProtoTypeReference.Message(info.FullName) };

            case TypeShape.Collection:
                if (MayBeNull(type, context) && !asElement)
                {
                    // A bare repeated field cannot be null; a wrapper message has presence, so null and empty stay apart.
                    return ListWrapper(type, scope, context, NullMapping.Unset);
                }

                var element = ValueOf(type.Arguments[0], scope, context);
                return element with { Label = ProtoLabel.Repeated, Conversion = Convert(ConversionKind.Repeated, type, NullMapping.NotCarried, element.Conversion) };

            case TypeShape.Dictionary:
                return ResolveDictionary(type, scope, context, asElement);

            case TypeShape.Object:
                Report(scope, FindingMessages.ObjectMember, context.Position, context.Where);
                return new Resolved(Reference(scope, "google.protobuf.Any"), ProtoLabel.None, ResolvedKind.Message, Convert(ConversionKind.Any, type, asElement || !MayBeNull(type, context) ? NullMapping.NotCarried : NullMapping.Unset), $"C# object: only message types can travel here ({RuleIds.ObjectMember}).") { Reference = ProtoTypeReference.Message("google.protobuf.Any") };

            case TypeShape.Unresolved:
                Report(scope, FindingMessages.UnresolvedType, context.Position, context.Where, type.Display);
                return new Resolved("bytes", ProtoLabel.None, ResolvedKind.Scalar, Unsupported(type), $"Placeholder: the C# type {type.Display} could not be resolved ({RuleIds.UnresolvedType}).");

            case TypeShape.Stream:
                Report(scope, FindingMessages.StreamInMessage, context.Position, context.Where);
                return new Resolved("bytes", ProtoLabel.None, ResolvedKind.Scalar, Unsupported(type), $"Placeholder: a Stream has no proto form inside a message ({RuleIds.UnmappedType}).");

            case TypeShape.Void:
                return new Resolved(Reference(scope, "google.protobuf.Empty"), ProtoLabel.None, ResolvedKind.Message, Convert(ConversionKind.Empty, type, NullMapping.None)) { Reference = ProtoTypeReference.Message("google.protobuf.Empty") };

            default:
                if (type.Detail is { } detail)
                {
                    Report(scope, FindingMessages.UnmappedType, context.Position, context.Where, type.Display, detail);
                }
                else
                {
                    Report(scope, FindingMessages.TypeWithoutProtoForm, context.Position, context.Where, type.Display);
                }

                return new Resolved("bytes", ProtoLabel.None, ResolvedKind.Scalar, Unsupported(type), $"Placeholder: {type.Display} is {type.Detail ?? "not mappable"} ({RuleIds.UnmappedType}).");
        }
    }

    /// <summary>
    /// A type without [DataContract] or [Serializable] that WCF's DataContractSerializer refuses (not public, or a class
    /// without a public parameterless constructor) or that carries nothing (no public read/write member in it or its
    /// bases, no known derived type): a database client or connection held in a contract, reported at each use (WCFM2021).
    /// </summary>
    private void ReportIfNotSerializable(DataTypeModel model, TypeRef type, MappingScope scope, FieldContext context)
    {
        if (model.Kind != DataTypeKind.Inferred || model.HasCustomSerialization)
        {
            return;
        }

        var refused = model.IsInternal ? "is not public"
            : !model.IsValueType && !model.HasPublicParameterlessConstructor ? "has no public parameterless constructor"
            : null;
        if (refused is not null)
        {
            Report(scope, FindingMessages.NotSerializableRefused, context.Position, context.Where, type.Display, refused);
        }
        else if (SelfAndBaseTypes(model).All(t => t.Members.Count == 0) && KnownDescendants(model.Key).Count == 0)
        {
            Report(scope, FindingMessages.NotSerializableEmpty, context.Position, context.Where, type.Display);
        }
    }

    private static ProtoConversion Convert(ConversionKind kind, TypeRef type, NullMapping nulls, params ProtoConversion[] arguments)
        => new(kind, type.Key, nulls, arguments.ToEquatableArray()) { CSharp = type.CSharp };

    private ProtoConversion Unsupported(TypeRef type) => Convert(ConversionKind.Unsupported, type, NullMapping.None);

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
            return MapWrapper(type, scope, context, NullMapping.Unset);
        }

        if (key.Kind == ResolvedKind.Scalar && key.Label == ProtoLabel.None && MapKeyTypes.Contains(key.Type))
        {
            var value = ValueOf(valueType, scope, context);
            return new Resolved($"map<{key.Type}, {value.Type}>", ProtoLabel.None, ResolvedKind.Map, Convert(ConversionKind.Map, type, NullMapping.NotCarried, key.Conversion, value.Conversion))
            {
                Reference = new ProtoTypeReference(ProtoTypeKind.Map, "map", key.Reference, value.Reference),
            };
        }

        Report(scope, FindingMessages.NonScalarDictionaryKey, context.Position, context.Where, keyType.Display);
        return EntryMessages(type, scope, context);
    }

    /// <summary>A map value or entry part: repeated and map values are wrapped, since proto cannot nest them directly.</summary>
    private Resolved ValueOf(TypeRef type, MappingScope scope, FieldContext context)
    {
        var value = Resolve(type, scope, context, asElement: true);
        if (value.Label == ProtoLabel.Repeated)
        {
            return ListWrapper(type, scope, context, NullMapping.NotCarried);
        }

        return value.Kind == ResolvedKind.Map ? MapWrapper(type, scope, context, NullMapping.NotCarried) : value;
    }

    /// <summary><c>message {Element}List { repeated Element items = 1; }</c>: a list with presence, or a list inside a list or map.</summary>
    private Resolved ListWrapper(TypeRef collection, MappingScope scope, FieldContext context, NullMapping nulls)
    {
        var elementType = collection.Shape == TypeShape.Collection ? collection.Arguments[0] : collection;
        var items = default(ProtoConversion)!;
        var name = Wrapper(scope, ReadableName(elementType) + "List", "Generated wrapper: a list that keeps null apart from empty, or a list nested in a list or map.", inner =>
        {
            // A non-collection arrives here only as a dictionary mapped to repeated entries: those are the items.
            Resolved element;
            if (collection.Shape == TypeShape.Collection)
            {
                element = ValueOf(elementType, inner, context);
                items = Convert(ConversionKind.Repeated, collection, NullMapping.NotCarried, element.Conversion);
            }
            else
            {
                element = Resolve(collection, inner, context, asElement: true);
                items = element.Conversion;
            }

            return new[] { new ProtoField("items", element.Type, 1, ProtoLabel.Repeated, null, Generated) { Reference = element.Reference } };
        });
        return new Resolved(Reference(scope, name), ProtoLabel.None, ResolvedKind.Message, Convert(ConversionKind.ListWrapper, collection, nulls, items))
        {
            Reference = ProtoTypeReference.Message(name),
        };
    }

    /// <summary><c>message {K}To{V}Map { map&lt;K, V&gt; entries = 1; }</c>: a dictionary with presence, or nested in a list or map.</summary>
    private Resolved MapWrapper(TypeRef dictionary, MappingScope scope, FieldContext context, NullMapping nulls)
    {
        var entries = default(ProtoConversion)!;
        var name = Wrapper(scope, ReadableName(dictionary.WithNullability(NullabilityValue.Oblivious)), "Generated wrapper: a dictionary that keeps null apart from empty, or a dictionary nested in a list or map.", nested =>
        {
            var inner = ResolveDictionary(dictionary.WithNullability(NullabilityValue.Oblivious), nested, context, asElement: true);
            entries = inner.Conversion;
            return new[] { new ProtoField("entries", inner.Type, 1, inner.Kind == ResolvedKind.Map ? ProtoLabel.None : ProtoLabel.Repeated, null, Generated) { Reference = inner.Reference } };
        });
        return new Resolved(Reference(scope, name), ProtoLabel.None, ResolvedKind.Message, Convert(ConversionKind.MapWrapper, dictionary, nulls, entries))
        {
            Reference = ProtoTypeReference.Message(name),
        };
    }

    /// <summary><c>message {K}To{V}Entry { K key = 1; V value = 2; }</c>, repeated in place of a map whose key proto cannot index.</summary>
    private Resolved EntryMessages(TypeRef dictionary, MappingScope scope, FieldContext context)
    {
        var name = ReadableName(dictionary.Arguments[0]) + "To" + ReadableName(dictionary.Arguments[1]) + "Entry";
        var parts = default(ProtoConversion[])!;
        var entry = Wrapper(scope, name, "Generated entry of a dictionary whose key cannot be a proto map key.", inner =>
        {
            var key = ValueOf(dictionary.Arguments[0], inner, context);
            var value = ValueOf(dictionary.Arguments[1], inner, context);
            parts = new[] { key.Conversion, value.Conversion };
            return new[]
            {
                new ProtoField("key", key.Type, 1, key.Label == ProtoLabel.Optional ? ProtoLabel.Optional : ProtoLabel.None, null, Generated) { Reference = key.Reference },
                new ProtoField("value", value.Type, 2, value.Label == ProtoLabel.Optional ? ProtoLabel.Optional : ProtoLabel.None, null, Generated) { Reference = value.Reference },
            };
        });
        return new Resolved(Reference(scope, entry), ProtoLabel.Repeated, ResolvedKind.Message, Convert(ConversionKind.Entries, dictionary, NullMapping.NotCarried, parts))
        {
            Reference = ProtoTypeReference.Message(entry),
        };
    }

    private static readonly FieldOrigin Generated = new(FieldOriginKind.Generated);

    /// <summary>A wrapper's lock key: its package and its fields as <c>name=label:type</c> (no label for a plain field).</summary>
    private static string WrapperKey(string package, ProtoField[] fields)
        => LockFile.KeyToken(WrapperKeyPrefix + package + "/" + string.Join(",", fields.Select(f => f.Name + "=" + (f.Label == ProtoLabel.None ? string.Empty : f.Label.ToString().ToLowerInvariant() + ":") + f.Type)));

    /// <summary>
    /// Builds a generated helper message once per package and structure. Its fields are resolved in a nested scope (the
    /// wrapper's own references, the same item); the reference to the wrapper itself belongs to <paramref name="scope"/>.
    /// </summary>
    /// <returns>The wrapper's full name.</returns>
    private string Wrapper(MappingScope scope, string name, string comment, Func<MappingScope, ProtoField[]> fields)
    {
        var wrapperScope = scope.Nested();
        var built = fields(wrapperScope);
        var structure = string.Join(";", built.Select(f => f.Label + " " + f.Type + " " + f.Name));
        if (!_wrappers.TryGetValue((scope.Package, structure), out var fullName))
        {
            // Wrappers live in their package's shared file, whose C# namespace is the package's. A wrapper has no C#
            // symbol: the lock file knows it by package and fields (e.g. wrapper:contoso.orders/items=repeated:Order).
            var csharpNamespace = PackageCSharpNamespace(scope.Package) ?? scope.CSharpNamespace;
            var key = WrapperKey(LockPackage(scope.Package), built);
            var claimed = ClaimLocked(key, scope.Package, csharpNamespace) ?? _names.Claim(name, scope.Package, csharpNamespace, key);
            if (LockedNameNotKept(key))
            {
                ReportNotKept(key, $"The generated message {name}", null, claimed);
            }
            fullName = scope.Package + "." + claimed;
            DefineLocked(key, LockedKind.Message, scope.Package, claimed, null);
            _wrappers[(scope.Package, structure)] = fullName;
            var message = new ProtoMessage(claimed, comment, built.ToEquatableArray(), EquatableArray<ProtoOneof>.Empty, EquatableArray<int>.Empty, EquatableArray<string>.Empty, new MessageOrigin(MessageOriginKind.Generated));
            Place(new ProtoDefinition(message, null), scope.Package, csharpNamespace, null, wrapperScope.References);
        }

        return fullName;
    }
}
