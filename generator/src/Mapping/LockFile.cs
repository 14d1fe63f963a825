using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Text;
using System.Text.RegularExpressions;
using MigrateWcf.Generator.Rules;

namespace MigrateWcf.Generator.Mapping;

/// <summary>A field that needs a number: its stable key (the serialized member name), and a number it asks for.</summary>
internal sealed record FieldRequest(string Key, int? PreferredNumber);

/// <summary>A field that existed once and must stay reserved: its number, key and the proto name it had (if recorded).</summary>
internal sealed record ReservedField(int Number, string Key, string? Name);

/// <summary>
/// Numbers given to a message's fields, the proto names the lock file holds for them, and the fields that existed once
/// and must stay reserved.
/// </summary>
internal sealed record FieldAllocation(IReadOnlyDictionary<string, int> Numbers, IReadOnlyDictionary<string, string> Names, IReadOnlyList<ReservedField> Reserved);

/// <summary>What a definition line of the lock file names: a message, an enum or a service.</summary>
internal enum LockedKind
{
    Message,
    Enum,
    Service,
}

/// <summary>
/// A definition the lock file knows: its kind, its proto full name (<c>package.Name</c>), and its origin token: the WCF
/// name it was made from (<c>{namespace}name</c>) when that is not the one its key implies, or the callback contract of
/// a duplex envelope. Null origin: the default for the key.
/// </summary>
internal sealed record LockedDefinition(LockedKind Kind, string FullName, string? Origin)
{
    public string Package => FullName.Substring(0, Math.Max(0, FullName.LastIndexOf('.')));

    public string Name => FullName.Substring(FullName.LastIndexOf('.') + 1);
}

/// <summary>
/// The lock file (format in docs/lock-file.md): per message, service or enum key, the proto name it was given, the names
/// of its rpcs or enum values, and one line per field ever numbered with its proto name. Keys come from the C# source
/// (type full names, serialized member names, WCF operation names), never from proto names, so a proto name can be kept
/// when the C# changes. Version 1 files (numbers only) still load; their names are taken from this run and written.
/// </summary>
internal sealed partial class LockFile
{
    public const string Header = "# migrate-wcf lock file (docs/lock-file.md): proto names and field numbers. Generated: commit it; edit by hand only as that page says.";
    private const string VersionLine = "version 2";
    private const string Version1Line = "version 1";

    /// <summary>Sub-name kinds: an rpc of a service (by WCF operation name), a value of an enum (by serialized member name).</summary>
    public const string RpcKind = "rpc";
    public const string ValueKind = "value";

    private static readonly Regex Identifier = new("^[A-Za-z_][A-Za-z0-9_]*$", RegexOptions.CultureInvariant);
    private static readonly Regex FullName = new(@"^([A-Za-z_][A-Za-z0-9_]*\.)*[A-Za-z_][A-Za-z0-9_]*$", RegexOptions.CultureInvariant);

    private readonly Dictionary<string, Item> _items = new(StringComparer.Ordinal);

    /// <summary>Everything one key holds: a definition line, sub-names (rpcs or enum values), fields.</summary>
    private sealed class Item
    {
        public LockedDefinition? Definition { get; set; }

        /// <summary>Rpc or enum value names; most keys (messages) have none, so it is made on first use.</summary>
        public Dictionary<(string Kind, string SubKey), string>? SubNames { get; private set; }

        public Dictionary<(string Kind, string SubKey), string> SubNamesToFill => SubNames ??= new();

        public Dictionary<string, Entry> Fields { get; } = new(StringComparer.Ordinal);
    }

    private sealed class Entry
    {
        public Entry(int number, bool reserved, string? name)
        {
            Number = number;
            Reserved = reserved;
            Name = name;
        }

        public int Number { get; }

        public bool Reserved { get; set; }

        public string? Name { get; set; }
    }

    private static readonly Dictionary<string, string> NoNames = new(StringComparer.Ordinal);

    private const int FirstReservedRange = 19000;
    private const int LastReservedRange = 19999;
    private const int MaxFieldNumber = 536870911;

    // ───────────────────────────── numbers ─────────────────────────────

    /// <summary>
    /// Numbers <paramref name="fields"/> of <paramref name="messageKey"/>: a locked number first, then the field's
    /// preferred number if free, then the lowest free number in the given order. Locked fields that are no longer present
    /// become reserved; a reserved field that comes back gets its old number (and name) again.
    /// </summary>
    public FieldAllocation Assign(string messageKey, IReadOnlyList<FieldRequest> fields)
    {
        var entries = ItemOf(messageKey).Fields;
        var numbers = new Dictionary<string, int>(fields.Count, StringComparer.Ordinal);
        Dictionary<string, string>? names = null;
        List<FieldRequest>? pending = null;
        foreach (var field in fields)
        {
            if (entries.TryGetValue(field.Key, out var entry))
            {
                entry.Reserved = false;
                numbers[field.Key] = entry.Number;
                if (entry.Name is { } name)
                {
                    (names ??= new Dictionary<string, string>(StringComparer.Ordinal))[field.Key] = name;
                }
            }
            else
            {
                (pending ??= new List<FieldRequest>()).Add(field);
            }
        }

        if (pending is not null)
        {
            var taken = new HashSet<int>();
            foreach (var entry in entries.Values)
            {
                taken.Add(entry.Number);
            }

            var unplaced = new List<FieldRequest>();
            foreach (var field in pending)
            {
                if (field.PreferredNumber is { } preferred && IsUsable(preferred) && taken.Add(preferred))
                {
                    numbers[field.Key] = preferred;
                    entries[field.Key] = new Entry(preferred, false, null);
                }
                else
                {
                    unplaced.Add(field);
                }
            }

            var next = 1;
            foreach (var field in unplaced)
            {
                while (taken.Contains(next) || !IsUsable(next))
                {
                    next++;
                }

                taken.Add(next);
                numbers[field.Key] = next;
                entries[field.Key] = new Entry(next, false, null);
            }
        }

        // Every requested key is in numbers now; locked keys that were not requested are gone from the message.
        List<ReservedField>? reserved = null;
        foreach (var pair in entries)
        {
            if (!numbers.ContainsKey(pair.Key))
            {
                pair.Value.Reserved = true;
                (reserved ??= new List<ReservedField>()).Add(new ReservedField(pair.Value.Number, pair.Key, pair.Value.Name));
            }
        }

        reserved?.Sort((a, b) => a.Number.CompareTo(b.Number));
        return new FieldAllocation(numbers, (IReadOnlyDictionary<string, string>?)names ?? NoNames, (IReadOnlyList<ReservedField>?)reserved ?? Array.Empty<ReservedField>());
    }

    /// <summary>Records the proto name a numbered field of <paramref name="messageKey"/> got in this run.</summary>
    public void NameField(string messageKey, string fieldKey, string name)
    {
        if (ItemOf(messageKey).Fields.TryGetValue(fieldKey, out var entry))
        {
            entry.Name = name;
        }
    }

    // ───────────────────────────── names ─────────────────────────────

    /// <summary>The definition the lock file holds for <paramref name="key"/>, or null.</summary>
    public LockedDefinition? Definition(string key) => _items.TryGetValue(key, out var item) ? item.Definition : null;

    /// <summary>Whether the file names anything (a version 1 file or a first run does not).</summary>
    public bool HasDefinitions => _items.Values.Any(i => i.Definition is not null);

    /// <summary>Every key with a definition line, in key order.</summary>
    public IEnumerable<KeyValuePair<string, LockedDefinition>> Definitions()
        => _items.Where(i => i.Value.Definition is not null).OrderBy(i => i.Key, StringComparer.Ordinal)
            .Select(i => new KeyValuePair<string, LockedDefinition>(i.Key, i.Value.Definition!));

    /// <summary>Records what <paramref name="key"/> is called in this run (replacing an older name).</summary>
    public void Define(string key, LockedKind kind, string fullName, string? origin)
        => ItemOf(key).Definition = new LockedDefinition(kind, fullName, origin is null ? null : KeyToken(origin));

    /// <summary>The name of an rpc (<see cref="RpcKind"/>) or enum value (<see cref="ValueKind"/>) of <paramref name="key"/>.</summary>
    public string? SubName(string key, string kind, string subKey)
        => _items.TryGetValue(key, out var item) && item.SubNames is { } names && names.TryGetValue((kind, KeyToken(subKey)), out var name) ? name : null;

    /// <summary>Every sub-name of one kind of <paramref name="key"/> (e.g. the locked rpc names of a service).</summary>
    public IEnumerable<string> SubNames(string key, string kind)
        => _items.TryGetValue(key, out var item) && item.SubNames is { } names ? names.Where(s => s.Key.Kind == kind).Select(s => s.Value) : Enumerable.Empty<string>();

    public void NameSub(string key, string kind, string subKey, string name) => ItemOf(key).SubNamesToFill[(kind, KeyToken(subKey))] = name;

    // ───────────────────────────── renames ─────────────────────────────

    /// <summary>
    /// Moves everything <paramref name="oldKey"/> holds to <paramref name="newKey"/> (a renamed C# type or contract
    /// whose WCF name stayed), with the keys under it (<c>old/…</c>, <c>old#…</c>: a contract's operation messages and
    /// duplex envelopes) and the known-type cases that name it (<c>known:old</c>).
    /// </summary>
    public void Rekey(string oldKey, string newKey)
    {
        foreach (var key in _items.Keys.ToList())
        {
            var target = key == oldKey || key.StartsWith(oldKey + "/", StringComparison.Ordinal) || key.StartsWith(oldKey + "#", StringComparison.Ordinal)
                ? newKey + key.Substring(oldKey.Length)
                : WithTypeArgumentRenamed(key, oldKey, newKey);
            if (target != key && !_items.ContainsKey(target))
            {
                _items[target] = _items[key];
                _items.Remove(key);
            }
        }

        foreach (var item in _items.Values)
        {
            foreach (var field in item.Fields.Keys.Where(k => k.StartsWith("known:", StringComparison.Ordinal)).ToList())
            {
                var derived = field.Substring("known:".Length);
                var target = "known:" + (derived == oldKey ? newKey : WithTypeArgumentRenamed(derived, oldKey, newKey));
                if (target != field && !item.Fields.ContainsKey(target))
                {
                    item.Fields[target] = item.Fields[field];
                    item.Fields.Remove(field);
                }
            }
        }
    }

    /// <summary><c>Ns.Page&lt;Ns.Old&gt;</c> → <c>Ns.Page&lt;Ns.New&gt;</c>: a renamed type used as a type argument renames the closed type's key too.</summary>
    private static string WithTypeArgumentRenamed(string key, string oldKey, string newKey)
    {
        var builder = new StringBuilder(key.Length);
        var i = 0;
        while (i < key.Length)
        {
            var at = key.IndexOf(oldKey, i, StringComparison.Ordinal);
            if (at < 0)
            {
                break;
            }

            var end = at + oldKey.Length;
            var argument = at > 0 && (key[at - 1] == '<' || key[at - 1] == ',') && end < key.Length && (key[end] == '>' || key[end] == ',' || key[end] == '[');
            builder.Append(key, i, at - i).Append(argument ? newKey : oldKey);
            i = end;
        }

        return builder.Append(key, i, key.Length - i).ToString();
    }

    /// <summary>Moves the keys under <paramref name="oldPrefix"/> (<c>old/…</c>) to <paramref name="newPrefix"/>, e.g. a renamed callback contract's messages.</summary>
    public void RekeyChildren(string oldPrefix, string newPrefix)
    {
        foreach (var key in _items.Keys.Where(k => k.StartsWith(oldPrefix + "/", StringComparison.Ordinal)).ToList())
        {
            var target = newPrefix + key.Substring(oldPrefix.Length);
            if (!_items.ContainsKey(target))
            {
                _items[target] = _items[key];
                _items.Remove(key);
            }
        }
    }

    /// <summary>Whether any key lies under <paramref name="prefix"/> (<c>prefix/…</c>).</summary>
    public bool HasChildren(string prefix) => _items.Keys.Any(k => k.StartsWith(prefix + "/", StringComparison.Ordinal));

    // ───────────────────────────── text ─────────────────────────────

    /// <summary>
    /// Sorted by key; per key the definition line, its rpc or value names, then its fields by number: the same names and
    /// numbers always give the same bytes, and a change touches the lines of what changed only.
    /// </summary>
    public string Serialize()
    {
        var builder = new StringBuilder();
        builder.Append(Header).Append('\n');
        builder.Append(VersionLine).Append('\n');
        foreach (var pair in _items.OrderBy(m => m.Key, StringComparer.Ordinal))
        {
            var key = pair.Key;
            var item = pair.Value;
            if (item.Definition is { } definition)
            {
                builder.Append(key).Append(' ').Append(KindToken(definition.Kind)).Append(' ').Append(definition.FullName);
                if (definition.Origin is { } origin)
                {
                    builder.Append(' ').Append(origin);
                }

                builder.Append('\n');
            }

            if (item.SubNames is { Count: > 0 } subNames)
            {
                foreach (var sub in subNames.OrderBy(s => s.Key.Kind, StringComparer.Ordinal).ThenBy(s => s.Key.SubKey, StringComparer.Ordinal))
                {
                    builder.Append(key).Append(' ').Append(sub.Key.Kind).Append(' ').Append(sub.Key.SubKey).Append(' ').Append(sub.Value).Append('\n');
                }
            }

            if (item.Fields.Count == 0)
            {
                continue;
            }

            var fields = item.Fields.ToArray();
            Array.Sort(fields, (a, b) => a.Value.Number.CompareTo(b.Value.Number));
            foreach (var field in fields)
            {
                builder.Append(key).Append(' ').Append(field.Key);
                if (field.Value.Name is { } name)
                {
                    builder.Append(' ').Append(name);
                }

                builder.Append(" = ").Append(field.Value.Number.ToString(CultureInfo.InvariantCulture));
                if (field.Value.Reserved)
                {
                    builder.Append(" reserved");
                }

                builder.Append('\n');
            }
        }

        return builder.ToString();
    }

    private static string KindToken(LockedKind kind) => kind switch
    {
        LockedKind.Enum => "enum",
        LockedKind.Service => "service",
        _ => "message",
    };

    private Item ItemOf(string key)
    {
        if (!_items.TryGetValue(key, out var item))
        {
            item = new Item();
            _items.Add(key, item);
        }

        return item;
    }

    private static bool IsUsable(int number)
        => number >= 1 && number <= MaxFieldNumber && (number < FirstReservedRange || number > LastReservedRange);

    /// <summary>Keys must be single tokens; spaces (never in C# names) would split a line.</summary>
    public static string KeyToken(string key) => key.Replace(" ", string.Empty).Replace("\t", string.Empty);
}
