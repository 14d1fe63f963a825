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

    private Resolved Resolve(TypeRef type, string package, string csharpNamespace, FieldContext context, bool asElement = false)
    {
        switch (type.Shape)
        {
            case TypeShape.Primitive when Primitives.TryGetValue(type.Key, out var primitive):
                if (primitive.IsMessage)
                {
                    return new Resolved(Reference(package, primitive.Proto), ProtoLabel.None, ResolvedKind.Message);
                }

                // Strings and bytes keep null apart from empty unless the source says they are never null.
                var optional = !asElement && primitive.IsReference && MayBeNull(type, context);
                return new Resolved(primitive.Proto, optional ? ProtoLabel.Optional : ProtoLabel.None, ResolvedKind.Scalar);

            case TypeShape.Nullable:
                var inner = Resolve(type.Arguments[0], package, csharpNamespace, context, asElement: true);
                if (inner.Kind == ResolvedKind.Scalar && asElement && ScalarWrappers.TryGetValue(inner.Type, out var wrapper))
                {
                    return new Resolved(Reference(package, wrapper), ProtoLabel.None, ResolvedKind.Message);
                }

                return inner.Kind is ResolvedKind.Scalar or ResolvedKind.Enum && !asElement ? inner with { Label = ProtoLabel.Optional } : inner;

            case TypeShape.Enum when _typeInfo.TryGetValue(type.Key, out var enumInfo):
                return new Resolved(Reference(package, enumInfo.FullName), ProtoLabel.None, ResolvedKind.Enum);

            case TypeShape.DataType when _typeInfo.TryGetValue(type.Key, out var info):
                return new Resolved(Reference(package, info.FullName), ProtoLabel.None, ResolvedKind.Message);

            case TypeShape.Collection:
                if (MayBeNull(type, context) && !asElement)
                {
                    // A bare repeated field cannot be null; a wrapper message has presence, so null and empty stay apart.
                    return new Resolved(ListWrapper(type, package, csharpNamespace, context), ProtoLabel.None, ResolvedKind.Message);
                }

                return ValueOf(type.Arguments[0], package, csharpNamespace, context) with { Label = ProtoLabel.Repeated };

            case TypeShape.Dictionary:
                return ResolveDictionary(type, package, csharpNamespace, context, asElement);

            case TypeShape.Object:
                Report(FindingMessages.ObjectMember, context.Position, context.Where);
                return new Resolved(Reference(package, "google.protobuf.Any"), ProtoLabel.None, ResolvedKind.Message, $"C# object: only message types can travel here ({RuleIds.ObjectMember}).");

            case TypeShape.Unresolved:
                Report(FindingMessages.UnresolvedType, context.Position, context.Where, type.Display);
                return new Resolved("bytes", ProtoLabel.None, ResolvedKind.Scalar, $"Placeholder: the C# type {type.Display} could not be resolved ({RuleIds.UnresolvedType}).");

            case TypeShape.Stream:
                Report(FindingMessages.StreamInMessage, context.Position, context.Where);
                return new Resolved("bytes", ProtoLabel.None, ResolvedKind.Scalar, $"Placeholder: a Stream has no proto form inside a message ({RuleIds.UnmappedType}).");

            case TypeShape.Void:
                return new Resolved(Reference(package, "google.protobuf.Empty"), ProtoLabel.None, ResolvedKind.Message);

            default:
                if (type.Detail is { } detail)
                {
                    Report(FindingMessages.UnmappedType, context.Position, context.Where, type.Display, detail);
                }
                else
                {
                    Report(FindingMessages.TypeWithoutProtoForm, context.Position, context.Where, type.Display);
                }

                return new Resolved("bytes", ProtoLabel.None, ResolvedKind.Scalar, $"Placeholder: {type.Display} is {type.Detail ?? "not mappable"} ({RuleIds.UnmappedType}).");
        }
    }

    /// <summary>A reference-typed value may be null unless the source says otherwise (non-nullable annotation or IsRequired).</summary>
    private static bool MayBeNull(TypeRef type, FieldContext context)
        => type.Nullability != NullabilityValue.NotNull && !context.IsRequired;

    private Resolved ResolveDictionary(TypeRef type, string package, string csharpNamespace, FieldContext context, bool asElement)
    {
        var keyType = type.Arguments[0];
        var valueType = type.Arguments[1];
        var key = Resolve(keyType, package, csharpNamespace, context, asElement: true);
        if (MayBeNull(type, context) && !asElement)
        {
            return new Resolved(MapWrapper(type, package, csharpNamespace, context), ProtoLabel.None, ResolvedKind.Message);
        }

        if (key.Kind == ResolvedKind.Scalar && key.Label == ProtoLabel.None && MapKeyTypes.Contains(key.Type))
        {
            var value = ValueOf(valueType, package, csharpNamespace, context);
            return new Resolved($"map<{key.Type}, {value.Type}>", ProtoLabel.None, ResolvedKind.Map);
        }

        Report(FindingMessages.NonScalarDictionaryKey, context.Position, context.Where, keyType.Display);
        return new Resolved(EntryMessage(type, package, csharpNamespace, context), ProtoLabel.Repeated, ResolvedKind.Message);
    }

    /// <summary>A map value or entry part: repeated and map values are wrapped, since proto cannot nest them directly.</summary>
    private Resolved ValueOf(TypeRef type, string package, string csharpNamespace, FieldContext context)
    {
        var value = Resolve(type, package, csharpNamespace, context, asElement: true);
        if (value.Label == ProtoLabel.Repeated)
        {
            return new Resolved(ListWrapper(type, package, csharpNamespace, context), ProtoLabel.None, ResolvedKind.Message);
        }

        return value.Kind == ResolvedKind.Map
            ? new Resolved(MapWrapper(type, package, csharpNamespace, context), ProtoLabel.None, ResolvedKind.Message)
            : value;
    }

    /// <summary><c>message {Element}List { repeated Element items = 1; }</c>: a list with presence, or a list inside a list or map.</summary>
    private string ListWrapper(TypeRef collection, string package, string csharpNamespace, FieldContext context)
    {
        var elementType = collection.Shape == TypeShape.Collection ? collection.Arguments[0] : collection;
        return Wrapper(package, csharpNamespace, ReadableName(elementType) + "List", "Generated wrapper: a list that keeps null apart from empty, or a list nested in a list or map.", () =>
        {
            // A non-collection arrives here only as a dictionary mapped to repeated entries: those are the items.
            var element = collection.Shape == TypeShape.Collection
                ? ValueOf(elementType, package, csharpNamespace, context)
                : Resolve(collection, package, csharpNamespace, context, asElement: true);

            return new[] { new ProtoField("items", element.Type, 1, ProtoLabel.Repeated, null) };
        });
    }

    /// <summary><c>message {K}To{V}Map { map&lt;K, V&gt; entries = 1; }</c>: a dictionary with presence, or nested in a list or map.</summary>
    private string MapWrapper(TypeRef dictionary, string package, string csharpNamespace, FieldContext context)
    {
        return Wrapper(package, csharpNamespace, ReadableName(dictionary.WithNullability(NullabilityValue.Oblivious)), "Generated wrapper: a dictionary that keeps null apart from empty, or a dictionary nested in a list or map.", () =>
        {
            var inner = ResolveDictionary(dictionary.WithNullability(NullabilityValue.Oblivious), package, csharpNamespace, context, asElement: true);
            return new[] { new ProtoField("entries", inner.Type, 1, inner.Kind == ResolvedKind.Map ? ProtoLabel.None : ProtoLabel.Repeated, null) };
        });
    }

    /// <summary><c>message {K}To{V}Entry { K key = 1; V value = 2; }</c>, repeated in place of a map whose key proto cannot index.</summary>
    private string EntryMessage(TypeRef dictionary, string package, string csharpNamespace, FieldContext context)
    {
        var name = ReadableName(dictionary.Arguments[0]) + "To" + ReadableName(dictionary.Arguments[1]) + "Entry";
        return Wrapper(package, csharpNamespace, name, "Generated entry of a dictionary whose key cannot be a proto map key.", () =>
        {
            var key = ValueOf(dictionary.Arguments[0], package, csharpNamespace, context);
            var value = ValueOf(dictionary.Arguments[1], package, csharpNamespace, context);
            return new[]
            {
                new ProtoField("key", key.Type, 1, key.Label == ProtoLabel.Optional ? ProtoLabel.Optional : ProtoLabel.None, null),
                new ProtoField("value", value.Type, 2, value.Label == ProtoLabel.Optional ? ProtoLabel.Optional : ProtoLabel.None, null),
            };
        });
    }

    /// <summary>Builds a generated helper message once per package and structure; its references are its own.</summary>
    private string Wrapper(string package, string csharpNamespace, string name, string comment, Func<ProtoField[]> fields)
    {
        // Wrappers live in their package's shared file, whose C# namespace is the package's.
        csharpNamespace = PackageCSharpNamespace(package) ?? csharpNamespace;
        var outer = _currentReferences;
        var references = new HashSet<string>(StringComparer.Ordinal);
        _currentReferences = references;
        ProtoField[] built;
        try
        {
            built = fields();
        }
        finally
        {
            _currentReferences = outer;
        }

        var structure = string.Join(";", built.Select(f => f.Label + " " + f.Type + " " + f.Name));
        if (!_wrappers.TryGetValue((package, structure), out var fullName))
        {
            var claimed = _names.Claim(name, package, csharpNamespace);
            fullName = package + "." + claimed;
            _wrappers[(package, structure)] = fullName;
            var message = new ProtoMessage(claimed, comment, built.ToEquatableArray(), EquatableArray<ProtoOneof>.Empty, EquatableArray<int>.Empty, EquatableArray<string>.Empty);
            Place(new ProtoDefinition(message, null), package, csharpNamespace, null, references);
        }

        return Reference(package, fullName);
    }

    // ───────────────────────────── data types ─────────────────────────────

    /// <summary>Maps one data type to a message or enum. Returns whether it mapped without warnings.</summary>
    private bool MapDataType(TypeInfo info)
    {
        _currentUnclean = false;
        var type = info.Model;
        if (type.Kind == DataTypeKind.Enum)
        {
            MapEnum(info);
            return !_currentUnclean;
        }

        if (type.Kind == DataTypeKind.MessageContract && StreamBody(info) is not null)
        {
            // A streamed message contract is the rpc's byte stream (see MapOperation), not a message.
            return true;
        }

        var references = new HashSet<string>(StringComparer.Ordinal);
        _currentReferences = references;
        try
        {
            if (type.Kind == DataTypeKind.Serializable)
            {
                Report(FindingMessages.SerializableType, type.Position, type.Key);
            }

            if (type.PreservesReferences)
            {
                Report(FindingMessages.ReferencePreserved, type.Position, type.Key);
            }

            if (type.HasCustomSerialization)
            {
                Report(FindingMessages.CustomSerialization, type.Position, type.Key);
            }

            var members = FlattenedMembers(type);
            var required = members.Where(m => m.Member.IsRequired).Select(m => m.Member.Name).ToList();
            if (required.Count > 0)
            {
                Report(FindingMessages.RequiredMember, type.Position, type.Key, string.Join(", ", required));
            }

            foreach (var header in members.Where(m => m.Member.IsHeader))
            {
                Report(FindingMessages.MessageContractHeader, header.Member.Position ?? type.Position, type.Key, header.Member.ClrName);
            }

            var subtypes = KnownDescendants(type.Key);
            var requests = members.Select(m => new FieldRequest(m.LockKey, m.PreferredNumber)).ToList();
            requests.AddRange(subtypes.Select(s => new FieldRequest("known:" + s.Model.Key, null)));
            var allocation = _lock.Assign(LockFile.KeyToken(type.Key), requests);

            var fieldNames = new FieldNames();
            var fields = new List<ProtoField>();
            foreach (var member in members)
            {
                var context = new FieldContext($"'{type.ClrName}.{member.Member.ClrName}'", member.Member.Position ?? type.Position, member.Member.IsRequired);
                var resolved = Resolve(member.Member.Type, info.Package, info.CSharpNamespace, context);
                fields.Add(new ProtoField(fieldNames.Claim(ProtoNames.ToSnake(member.Member.Name)), resolved.Type, allocation.Numbers[member.LockKey], resolved.Label, WithNote(member.Member.Documentation, resolved)));
            }

            var oneofs = new List<ProtoOneof>();
            if (subtypes.Count > 0)
            {
                var cases = subtypes.Select(s => new ProtoField(
                    fieldNames.Claim(ProtoNames.ToSnake(s.Name)),
                    Reference(info.Package, s.FullName),
                    allocation.Numbers["known:" + s.Model.Key],
                    ProtoLabel.None,
                    null)).ToEquatableArray();
                oneofs.Add(new ProtoOneof(fieldNames.Claim("subtype"), cases, "Set when the value is one of these known derived types; the case then carries the whole value."));
            }

            var message = new ProtoMessage(
                info.Name,
                Comment(type.Documentation, type.Key),
                fields.OrderBy(f => f.Number).ToEquatableArray(),
                oneofs.ToEquatableArray(),
                allocation.Reserved.Select(r => r.Number).ToEquatableArray(),
                ReservedNames(allocation, fieldNames));
            Place(new ProtoDefinition(message, null), info.Package, info.CSharpNamespace, null, references);
        }
        finally
        {
            _currentReferences = null;
        }

        return !_currentUnclean;
    }

    private static string Comment(string? documentation, string source)
        => documentation is null ? $"From {source}." : $"{documentation} (From {source}.)";

    private static EquatableArray<string> ReservedNames(FieldAllocation allocation, FieldNames fieldNames)
        => allocation.Reserved
            .Where(r => r.Key.IndexOf(':') < 0)
            .Select(r => ProtoNames.ToSnake(r.Key.Substring(r.Key.LastIndexOf('.') + 1)))
            .Where(n => !fieldNames.IsTaken(n))
            .Distinct(StringComparer.Ordinal)
            .ToEquatableArray();

    private sealed record OrderedMember(DataMemberModel Member, string LockKey, int? PreferredNumber);

    /// <summary>
    /// Members in DataContractSerializer's order (base types first; per type, members without Order alphabetically,
    /// then by Order). Explicit Orders become field numbers when they are all distinct and positive.
    /// </summary>
    private List<OrderedMember> FlattenedMembers(DataTypeModel type)
    {
        var chain = SelfAndBaseTypes(type).Reverse().ToList();

        var ordered = new List<(DataMemberModel Member, string Level)>();
        foreach (var level in chain)
        {
            ordered.AddRange(level.Members.Where(m => m.Order < 0).OrderBy(m => m.Name, StringComparer.Ordinal).Select(m => (m, level.ClrName)));
            ordered.AddRange(level.Members.Where(m => m.Order >= 0).OrderBy(m => m.Order).ThenBy(m => m.Name, StringComparer.Ordinal).Select(m => (m, level.ClrName)));
        }

        var orders = ordered.Where(m => m.Member.Order >= 0).Select(m => m.Member.Order).ToList();
        var useOrders = orders.Count > 0 && orders.All(o => o >= 1) && orders.Distinct().Count() == orders.Count;
        var keys = new HashSet<string>(StringComparer.Ordinal);
        var result = new List<OrderedMember>();
        foreach (var (member, level) in ordered)
        {
            // A derived type may reuse a base member's name (WCF allows it); the level keeps their lock keys apart.
            var key = LockFile.KeyToken(member.Name);
            if (!keys.Add(key))
            {
                key = LockFile.KeyToken(level + "." + member.Name);
                keys.Add(key);
            }

            result.Add(new OrderedMember(member, key, useOrders && member.Order >= 1 ? member.Order : null));
        }

        return result;
    }

    private Dictionary<string, List<TypeInfo>>? _knownDescendants;

    /// <summary>The known types (of any contract or type) that derive from <paramref name="baseKey"/>, ordered by key.</summary>
    private List<TypeInfo> KnownDescendants(string baseKey)
    {
        _knownDescendants ??= IndexKnownDescendants();
        return _knownDescendants.TryGetValue(baseKey, out var descendants) ? descendants : NoDescendants;
    }

    private static readonly List<TypeInfo> NoDescendants = new();

    /// <summary>
    /// Walks each known type's base chain once and files the type under every ancestor, instead of asking every pair of
    /// types whether one derives from the other.
    /// </summary>
    private Dictionary<string, List<TypeInfo>> IndexKnownDescendants()
    {
        var index = new Dictionary<string, List<TypeInfo>>(StringComparer.Ordinal);
        foreach (var key in AllKnownTypeKeys().OrderBy(k => k, StringComparer.Ordinal))
        {
            if (!_typeInfo.TryGetValue(key, out var info))
            {
                continue;
            }

            foreach (var ancestor in SelfAndBaseTypes(info.Model).Skip(1))
            {
                if (!index.TryGetValue(ancestor.Key, out var descendants))
                {
                    index[ancestor.Key] = descendants = new List<TypeInfo>();
                }

                descendants.Add(info);
            }
        }

        return index;
    }

    /// <summary>The type, then its base types as far as the model has them; a cycle (broken code) ends the walk.</summary>
    private IEnumerable<DataTypeModel> SelfAndBaseTypes(DataTypeModel type)
    {
        var seen = new HashSet<string>(StringComparer.Ordinal);
        for (var current = type; current is not null && seen.Add(current.Key); current = current.BaseTypeKey is { } b && _types.TryGetValue(b, out var bt) ? bt : null)
        {
            yield return current;
        }
    }

    private HashSet<string> AllKnownTypeKeys()
    {
        var known = new HashSet<string>(StringComparer.Ordinal);
        foreach (var type in _model.DataTypes)
        {
            known.UnionWith(type.KnownTypes.Where(t => t.Shape == TypeShape.DataType).Select(t => t.Key));
        }

        foreach (var service in _model.Services)
        {
            known.UnionWith(service.ServiceKnownTypes.Where(t => t.Shape == TypeShape.DataType).Select(t => t.Key));
            known.UnionWith(service.Operations.SelectMany(o => o.KnownTypes).Where(t => t.Shape == TypeShape.DataType).Select(t => t.Key));
        }

        return known;
    }

    /// <summary>Field names in one message: unique, and unique as JSON names too (protoc rejects fields whose camelCase forms meet).</summary>
    private sealed class FieldNames
    {
        private readonly HashSet<string> _taken = new(StringComparer.Ordinal);

        public bool IsTaken(string name) => _taken.Contains(Fold(name));

        public string Claim(string name)
        {
            var candidate = name;
            for (var i = 2; _taken.Contains(Fold(candidate)); i++)
            {
                candidate = name + "_" + i.ToString(CultureInfo.InvariantCulture);
            }

            _taken.Add(Fold(candidate));
            return candidate;
        }

        private static string Fold(string name) => name.Replace("_", string.Empty).ToLowerInvariant();
    }

    // ───────────────────────────── enums ─────────────────────────────

    private void MapEnum(TypeInfo info)
    {
        var type = info.Model;
        var prefix = ProtoNames.ToUpperSnake(info.Name) + "_";
        if (type.IsFlagsEnum)
        {
            Report(FindingMessages.FlagsEnum, type.Position, type.Key);
        }

        var values = new List<ProtoEnumValue>();
        var members = type.EnumMembers.Select((m, i) => (Member: m, Index: i))
            .OrderBy(m => m.Member.Value == 0 ? 0 : 1).ThenBy(m => m.Member.Value).ThenBy(m => m.Index)
            .Select(m => m.Member)
            .ToList();
        if (!members.Any(m => m.Value == 0))
        {
            Report(FindingMessages.EnumWithoutZero, type.Position, type.Key);
            values.Add(new ProtoEnumValue(_names.ClaimEnumValue(prefix + "UNSPECIFIED", info.Package), 0, "Added: proto3 enums need a zero value; the C# enum has none."));
        }

        foreach (var member in members)
        {
            if (member.Value < int.MinValue || member.Value > int.MaxValue)
            {
                Report(FindingMessages.EnumValueOutOfRange, type.Position, type.Key, member.ClrName, member.Value.ToString(CultureInfo.InvariantCulture));
                continue;
            }

            var comment = member.Documentation;
            if (member.Name != member.ClrName)
            {
                comment = (comment is null ? string.Empty : comment + " ") + $"[EnumMember] value \"{member.Name}\" (C# {member.ClrName}).";
            }

            values.Add(new ProtoEnumValue(_names.ClaimEnumValue(prefix + ProtoNames.ToUpperSnake(member.Name), info.Package), (int)member.Value, comment));
        }

        var allowAlias = values.GroupBy(v => v.Number).Any(g => g.Count() > 1);
        var protoEnum = new ProtoEnum(info.Name, Comment(type.Documentation, type.Key), values.ToEquatableArray(), allowAlias);
        Place(new ProtoDefinition(null, protoEnum), info.Package, info.CSharpNamespace, null, new HashSet<string>(StringComparer.Ordinal));
    }
}
