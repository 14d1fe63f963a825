using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using MigrateWcf.Generator.Model;
using MigrateWcf.Generator.Rules;

namespace MigrateWcf.Generator.Mapping;

internal sealed partial class ProtoMapper
{
    // ───────────────────────────── data types ─────────────────────────────

    /// <summary>Maps one data type to a message or enum. Returns whether it mapped without warnings.</summary>
    private bool MapDataType(TypeInfo info)
    {
        var scope = MappingScope.ForItem(info.Package, info.CSharpNamespace);
        var type = info.Model;
        if (type.Kind == DataTypeKind.Enum)
        {
            MapEnum(info, scope);
            return scope.Item.IsClean;
        }

        if (type.Kind == DataTypeKind.MessageContract && StreamBody(info) is not null)
        {
            // A streamed message contract is the rpc's byte stream (see MapOperation), not a message.
            return true;
        }

        if (type.Kind == DataTypeKind.Serializable)
        {
            Report(scope, FindingMessages.SerializableType, type.Position, type.Key);
        }

        // Types from referenced assemblies (KeyValuePair, ...) are inferred too, but nobody can add attributes to them.
        if (type.Kind == DataTypeKind.Inferred && type.Position is not null)
        {
            Report(scope, FindingMessages.InferredDataContract, type.Position, type.Key);
        }

        // Types from referenced assemblies (ExceptionDetail as a fault detail, ...): nobody can add Orders to them.
        if (type.Kind == DataTypeKind.DataContract && type.Position is not null)
        {
            ReportMemberOrder(scope, type);
        }

        if (type.PreservesReferences)
        {
            Report(scope, FindingMessages.ReferencePreserved, type.Position, type.Key);
        }

        if (type.HasCustomSerialization)
        {
            Report(scope, FindingMessages.CustomSerialization, type.Position, type.Key);
        }

        var members = FlattenedMembers(type);
        var required = members.Where(m => m.Member.IsRequired).Select(m => m.Member.Name).ToList();
        if (required.Count > 0)
        {
            Report(scope, FindingMessages.RequiredMember, type.Position, type.Key, string.Join(", ", required));
        }

        foreach (var header in members.Where(m => m.Member.IsHeader))
        {
            Report(scope, FindingMessages.MessageContractHeader, header.Member.Position ?? type.Position, type.Key, header.Member.ClrName);
        }

        var subtypes = KnownDescendants(type.Key);
        var requests = members.Select(m => new FieldRequest(m.LockKey, m.PreferredNumber)).ToList();
        requests.AddRange(subtypes.Select(s => new FieldRequest("known:" + s.Model.Key, null)));
        var typeKey = LockFile.KeyToken(type.Key);
        var allocation = _lock.Assign(typeKey, requests);

        // Field names: the lock file's first, then the members' and the known-type cases' own, in that order.
        var fieldNames = new FieldNames();
        var naming = members.Select(m => (Key: m.LockKey, Derived: ProtoNames.ToSnake(m.Member.Name)))
            .Concat(subtypes.Select(s => (Key: "known:" + s.Model.Key, Derived: ProtoNames.ToSnake(s.Name))))
            .ToList();
        var names = NameFields(naming, allocation, fieldNames);
        foreach (var (key, name, derived) in RecordFieldNames(typeKey, naming, names, allocation))
        {
            var member = members.FirstOrDefault(m => m.LockKey == key);
            var what = member is not null ? $"Member '{type.ClrName}.{member.Member.ClrName}'" : $"The known-type case {key.Substring("known:".Length)} of '{type.Key}'";
            Report(null, Finding.Create(FindingMessages.ProtoNameKept, member?.Member.Position ?? type.Position, what, name, derived));
        }

        var fields = new List<ProtoField>();
        foreach (var member in members)
        {
            var context = new FieldContext($"'{type.ClrName}.{member.Member.ClrName}'", member.Member.Position ?? type.Position, member.Member.IsRequired);
            var resolved = Resolve(member.Member.Type, scope, context);
            var origin = new FieldOrigin(FieldOriginKind.Member, member.DeclaringTypeKey, member.Member.ClrName);
            fields.Add(new ProtoField(names[member.LockKey], resolved.Type, allocation.Numbers[member.LockKey], resolved.Label, WithNote(member.Member.Documentation, resolved), origin, resolved.Conversion)
            {
                // WCF's JSON names a member as its DataMember name; proto3's would be the field's lowerCamelCase.
                JsonName = RestTypes.Contains(type.Key) ? JsonNameFor(names[member.LockKey], member.Member.Name) : null,
                Reference = resolved.Reference,
            });
        }

        var oneofs = new List<ProtoOneof>();
        if (subtypes.Count > 0)
        {
            Report(scope, FindingMessages.KnownTypesMapped, type.Position, type.Key, string.Join(", ", subtypes.Select(s => s.Model.Key)));
            var cases = subtypes.Select(s => new ProtoField(
                names["known:" + s.Model.Key],
                Reference(scope, s.FullName),
                allocation.Numbers["known:" + s.Model.Key],
                ProtoLabel.None,
                null,
                new FieldOrigin(FieldOriginKind.KnownSubtype, s.Model.Key),
                ProtoConversion.Of(ConversionKind.Message, s.Model.Key, NullMapping.Unset) with { CSharp = new CSharpTypeName(s.Model.CSharpName) })
            {
                Reference = ProtoTypeReference.Message(s.FullName),
            }).ToEquatableArray();
            oneofs.Add(new ProtoOneof(fieldNames.Claim("subtype"), cases, "Set when the value is one of these known derived types; the case then carries the whole value."));
        }

        DefineLocked(typeKey, LockedKind.Message, info.Package, info.Name, TypeOriginToken(type));
        var message = new ProtoMessage(
            info.Name,
            Comment(type.Documentation, type.Key),
            fields.OrderBy(f => f.Number).ToEquatableArray(),
            oneofs.ToEquatableArray(),
            allocation.Reserved.Select(r => r.Number).ToEquatableArray(),
            ReservedNames(allocation, fieldNames),
            new MessageOrigin(MessageOriginKind.DataType, type.Key));
        Place(new ProtoDefinition(message, null), info.Package, info.CSharpNamespace, null, scope.References);
        return scope.Item.IsClean;
    }

    private static string Comment(string? documentation, string source)
        => documentation is null ? $"From {source}." : $"{documentation} (From {source}.)";

    /// <summary>The names of reserved fields: as the lock file recorded them, else derived from the key (known-type cases have none).</summary>
    private static EquatableArray<string> ReservedNames(FieldAllocation allocation, FieldNames fieldNames)
        => allocation.Reserved
            .Where(r => r.Name is not null || r.Key.IndexOf(':') < 0)
            .Select(r => r.Name ?? ProtoNames.ToSnake(r.Key.Substring(r.Key.LastIndexOf('.') + 1)))
            .Where(n => !fieldNames.IsTaken(n))
            .Distinct(StringComparer.Ordinal)
            .ToEquatableArray();

    /// <param name="DeclaringTypeKey">The type in the base chain that declares the member.</param>
    private sealed record OrderedMember(DataMemberModel Member, string DeclaringTypeKey, string LockKey, int? PreferredNumber);

    /// <summary>
    /// Members in DataContractSerializer's order (base types first; per type, members without Order alphabetically,
    /// then by Order). Explicit Orders become field numbers when they are all distinct and positive.
    /// </summary>
    private List<OrderedMember> FlattenedMembers(DataTypeModel type)
    {
        // Asked for per type by mapping, naming and the cycle check: made once (the model does not change while mapping).
        if (_flattenedMembers.TryGetValue(type.Key, out var flattened) && ReferenceEquals(flattened.Type, type))
        {
            return flattened.Members;
        }

        var members = FlattenMembers(type);
        _flattenedMembers[type.Key] = (type, members);
        return members;
    }

    private readonly Dictionary<string, (DataTypeModel Type, List<OrderedMember> Members)> _flattenedMembers = new(StringComparer.Ordinal);

    private List<OrderedMember> FlattenMembers(DataTypeModel type)
    {
        var chain = SelfAndBaseTypes(type).Reverse().ToList();

        var ordered = new List<(DataMemberModel Member, DataTypeModel Level)>();
        foreach (var level in chain)
        {
            ordered.AddRange(OwnMembersInWireOrder(level).Select(m => (m, level)));
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
                key = LockFile.KeyToken(level.ClrName + "." + member.Name);
                keys.Add(key);
            }

            result.Add(new OrderedMember(member, level.Key, key, useOrders && member.Order >= 1 ? member.Order : null));
        }

        return result;
    }

    /// <summary>
    /// WCFM2015: a data contract whose own members do not all have a distinct explicit Order of 1 or more. Its field
    /// numbers then do not come from Order (<see cref="FlattenedMembers"/>). The finding carries what the fix needs to
    /// give explicit Orders that keep today's wire order: the type's own members in that order, and the first Order,
    /// which follows the Orders its base types have (or will have once fixed the same way), so the chain stays distinct.
    /// </summary>
    private void ReportMemberOrder(MappingScope scope, DataTypeModel type)
    {
        var chain = SelfAndBaseTypes(type).Reverse().ToList();
        var taken = new HashSet<int>();
        var last = 0;
        foreach (var level in chain)
        {
            var own = OwnMembersInWireOrder(level);
            var explicitOrders = own.Where(m => m.Order >= 1).Select(m => m.Order).ToList();
            var missing = own.Where(m => m.Order < 1).Select(m => m.ClrName).ToList();
            var shared = own.Where(m => m.Order >= 1 && (taken.Contains(m.Order) || explicitOrders.Count(o => o == m.Order) > 1)).ToList();
            var clean = missing.Count == 0 && shared.Count == 0;
            var first = last + 1;
            last = clean ? Math.Max(last, explicitOrders.DefaultIfEmpty(0).Max()) : first + own.Count - 1;
            taken.UnionWith(explicitOrders);
            if (!ReferenceEquals(level, type) || clean || own.Count == 0)
            {
                continue;
            }

            var finding = missing.Count > 0
                ? Finding.Create(FindingMessages.MembersWithoutOrder, type.Position, type.Key, string.Join(", ", missing))
                : Finding.Create(FindingMessages.MembersSharingOrder, type.Position, type.Key, string.Join(", ", shared.Select(m => $"{m.ClrName} (Order {m.Order.ToString(CultureInfo.InvariantCulture)})")));
            Report(scope.Item, finding.WithAdditionalPositions(own.Select(m => m.Position)) with
            {
                Properties = new[]
                {
                    new FindingProperty(DataMemberOrderProperties.Order, string.Join(",", own.Select(m => m.ClrName))),
                    new FindingProperty(DataMemberOrderProperties.First, first.ToString(CultureInfo.InvariantCulture)),
                }.ToEquatableArray(),
            });
        }
    }

    /// <summary>A type's own members in DataContractSerializer's order: those without Order by name, then by Order and name.</summary>
    private static List<DataMemberModel> OwnMembersInWireOrder(DataTypeModel level)
    {
        // A stable sort (equal names keep their declaration order, as OrderBy would) without LINQ's buffers and keys.
        var members = level.Members.AsImmutableArray();
        var order = new int[members.Length];
        for (var i = 0; i < order.Length; i++)
        {
            order[i] = i;
        }

        Array.Sort(order, (a, b) =>
        {
            var x = members[a];
            var y = members[b];
            if ((x.Order < 0) != (y.Order < 0))
            {
                return x.Order < 0 ? -1 : 1;
            }

            var result = x.Order < 0 ? 0 : x.Order.CompareTo(y.Order);
            result = result != 0 ? result : string.CompareOrdinal(x.Name, y.Name);
            return result != 0 ? result : a.CompareTo(b);
        });
        var sorted = new List<DataMemberModel>(order.Length);
        foreach (var index in order)
        {
            sorted.Add(members[index]);
        }

        return sorted;
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

    // ───────────────────────────── enums ─────────────────────────────

    /// <summary>The lock file's sub-key of an added zero value (never a member name: those cannot start with '#').</summary>
    private const string AddedZeroValueKey = "#zero";

    private void MapEnum(TypeInfo info, MappingScope scope)
    {
        var type = info.Model;
        var typeKey = LockFile.KeyToken(type.Key);
        var prefix = ProtoNames.ToUpperSnake(info.Name) + "_";
        if (type.IsFlagsEnum)
        {
            Report(scope, FindingMessages.FlagsEnum, type.Position, type.Key);
        }

        var members = type.EnumMembers.Select((m, i) => (Member: m, Index: i))
            .OrderBy(m => m.Member.Value == 0 ? 0 : 1).ThenBy(m => m.Member.Value).ThenBy(m => m.Index)
            .Select(m => m.Member)
            .ToList();
        var addZero = !members.Any(m => m.Value == 0);
        if (addZero)
        {
            Report(scope, FindingMessages.EnumWithoutZero, type.Position, type.Key);
        }

        foreach (var member in members.Where(m => m.Value < int.MinValue || m.Value > int.MaxValue))
        {
            Report(scope, FindingMessages.EnumValueOutOfRange, type.Position, type.Key, member.ClrName, member.Value.ToString(CultureInfo.InvariantCulture));
        }

        // Value names: the lock file's first (reserved for this enum in ClaimLockedTypeNames), then new ones in value
        // order. A value is keyed by its serialized name; two members of one name (WCF rejects them) by the C# name too.
        var mapped = members.Where(m => m.Value >= int.MinValue && m.Value <= int.MaxValue).ToList();
        var memberKeys = new Dictionary<EnumMemberModel, string>();
        var valueKeys = new List<(string Key, string Derived)>();
        if (addZero)
        {
            valueKeys.Add((AddedZeroValueKey, prefix + "UNSPECIFIED"));
        }

        foreach (var member in mapped)
        {
            var key = LockFile.KeyToken(member.Name);
            memberKeys[member] = valueKeys.Any(v => v.Key == key) ? key + "#" + member.ClrName : key;
            valueKeys.Add((memberKeys[member], prefix + ProtoNames.ToUpperSnake(member.Name)));
        }

        var valueNames = new Dictionary<string, string>(StringComparer.Ordinal);
        foreach (var value in valueKeys)
        {
            if (_lock.SubName(typeKey, LockFile.ValueKind, value.Key) is { } locked && _names.TryClaimEnumValue(locked, info.Package, type.Key))
            {
                valueNames[value.Key] = locked;
                ReportIfKept($"Enum value '{type.ClrName}.{value.Key}'", type.Position, locked, "_", value.Derived);
            }
        }

        foreach (var value in valueKeys.Where(v => !valueNames.ContainsKey(v.Key)))
        {
            valueNames[value.Key] = _names.ClaimEnumValue(value.Derived, info.Package, type.Key);
        }

        var values = new List<ProtoEnumValue>();
        if (addZero)
        {
            values.Add(new ProtoEnumValue(valueNames[AddedZeroValueKey], 0, "Added: proto3 enums need a zero value; the C# enum has none."));
        }

        foreach (var member in mapped)
        {
            var comment = member.Documentation;
            if (member.Name != member.ClrName)
            {
                comment = (comment is null ? string.Empty : comment + " ") + $"[EnumMember] value \"{member.Name}\" (C# {member.ClrName}).";
            }

            values.Add(new ProtoEnumValue(valueNames[memberKeys[member]], (int)member.Value, comment, member.ClrName));
        }

        DefineLocked(typeKey, LockedKind.Enum, info.Package, info.Name, TypeOriginToken(type));
        foreach (var value in valueNames)
        {
            _lock.NameSub(typeKey, LockFile.ValueKind, value.Key, value.Value);
        }

        var allowAlias = values.GroupBy(v => v.Number).Any(g => g.Count() > 1);
        var protoEnum = new ProtoEnum(info.Name, Comment(type.Documentation, type.Key), values.ToEquatableArray(), allowAlias, type.Key);
        Place(new ProtoDefinition(null, protoEnum), info.Package, info.CSharpNamespace, null, scope.References);
    }
}
