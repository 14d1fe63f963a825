using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Text;
using MigrateWcf.Generator.Rules;

namespace MigrateWcf.Generator.Mapping;

/// <summary>A field that needs a number: its stable key (the serialized member name), and a number it asks for.</summary>
internal sealed record FieldRequest(string Key, int? PreferredNumber);

/// <summary>Numbers given to a message's fields, plus the numbers and keys of fields that existed once and must stay reserved.</summary>
internal sealed record FieldAllocation(IReadOnlyDictionary<string, int> Numbers, IReadOnlyList<(int Number, string Key)> Reserved);

/// <summary>
/// The field-number lock file (format in docs/lock-file.md): one line per field ever numbered,
/// <c>&lt;message-key&gt; &lt;field-key&gt; = &lt;number&gt;</c>, with <c>reserved</c> appended once the field is gone.
/// Keys come from the C# source (type full names, serialized member names), not from proto names, so renaming a proto
/// message to resolve a collision never renumbers anything.
/// </summary>
internal sealed class LockFile
{
    public const string Header = "# migrate-wcf field-number lock file (docs/lock-file.md). Generated: commit it, do not edit numbers by hand.";
    private const string VersionLine = "version 1";

    private readonly Dictionary<string, Dictionary<string, Entry>> _messages = new(StringComparer.Ordinal);

    private sealed class Entry
    {
        public Entry(int number, bool reserved)
        {
            Number = number;
            Reserved = reserved;
        }

        public int Number { get; }

        public bool Reserved { get; set; }
    }

    private const int FirstReservedRange = 19000;
    private const int LastReservedRange = 19999;
    private const int MaxFieldNumber = 536870911;

    public static LockFile Parse(string? text, List<Finding> findings)
    {
        var lockFile = new LockFile();
        if (string.IsNullOrWhiteSpace(text))
        {
            return lockFile;
        }

        var badLines = new List<int>();
        var lines = text!.Split('\n');
        for (var i = 0; i < lines.Length; i++)
        {
            var line = lines[i].Trim();
            if (line.Length == 0 || line.StartsWith("#", StringComparison.Ordinal) || line == VersionLine)
            {
                continue;
            }

            var tokens = line.Split(new[] { ' ', '\t' }, StringSplitOptions.RemoveEmptyEntries);
            var valid = (tokens.Length == 4 || (tokens.Length == 5 && tokens[4] == "reserved"))
                && tokens[2] == "="
                && int.TryParse(tokens[3], NumberStyles.None, CultureInfo.InvariantCulture, out var number)
                && IsUsable(number);
            if (!valid)
            {
                badLines.Add(i + 1);
                continue;
            }

            var fields = lockFile.FieldsOf(tokens[0]);
            var parsedNumber = int.Parse(tokens[3], CultureInfo.InvariantCulture);
            if (fields.ContainsKey(tokens[1]) || fields.Values.Any(e => e.Number == parsedNumber))
            {
                badLines.Add(i + 1);
                continue;
            }

            fields.Add(tokens[1], new Entry(parsedNumber, tokens.Length == 5));
        }

        if (badLines.Count > 0)
        {
            findings.Add(Finding.Create(
                FindingMessages.LockFileUnreadable,
                null,
                badLines.Count.ToString(CultureInfo.InvariantCulture),
                badLines[0].ToString(CultureInfo.InvariantCulture)));
        }

        return lockFile;
    }

    /// <summary>
    /// Numbers <paramref name="fields"/> of <paramref name="messageKey"/>: a locked number first, then the field's
    /// preferred number if free, then the lowest free number in the given order. Locked fields that are no longer present
    /// become reserved; a reserved field that comes back gets its old number again.
    /// </summary>
    public FieldAllocation Assign(string messageKey, IReadOnlyList<FieldRequest> fields)
    {
        var entries = FieldsOf(messageKey);
        var numbers = new Dictionary<string, int>(fields.Count, StringComparer.Ordinal);
        List<FieldRequest>? pending = null;
        foreach (var field in fields)
        {
            if (entries.TryGetValue(field.Key, out var entry))
            {
                entry.Reserved = false;
                numbers[field.Key] = entry.Number;
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
                    entries[field.Key] = new Entry(preferred, false);
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
                entries[field.Key] = new Entry(next, false);
            }
        }

        // Every requested key is in numbers now; locked keys that were not requested are gone from the message.
        List<(int Number, string Key)>? reserved = null;
        foreach (var pair in entries)
        {
            if (!numbers.ContainsKey(pair.Key))
            {
                pair.Value.Reserved = true;
                (reserved ??= new List<(int, string)>()).Add((pair.Value.Number, pair.Key));
            }
        }

        reserved?.Sort((a, b) => a.Number.CompareTo(b.Number));
        return new FieldAllocation(numbers, (IReadOnlyList<(int Number, string Key)>?)reserved ?? Array.Empty<(int, string)>());
    }

    /// <summary>Sorted by message key, then number: the same numbers always give the same bytes, and diffs stay small.</summary>
    public string Serialize()
    {
        var builder = new StringBuilder();
        builder.Append(Header).Append('\n');
        builder.Append(VersionLine).Append('\n');
        foreach (var message in _messages.OrderBy(m => m.Key, StringComparer.Ordinal))
        {
            foreach (var field in message.Value.OrderBy(f => f.Value.Number))
            {
                builder.Append(message.Key).Append(' ').Append(field.Key).Append(" = ")
                    .Append(field.Value.Number.ToString(CultureInfo.InvariantCulture));
                if (field.Value.Reserved)
                {
                    builder.Append(" reserved");
                }

                builder.Append('\n');
            }
        }

        return builder.ToString();
    }

    private Dictionary<string, Entry> FieldsOf(string messageKey)
    {
        if (!_messages.TryGetValue(messageKey, out var fields))
        {
            fields = new Dictionary<string, Entry>(StringComparer.Ordinal);
            _messages.Add(messageKey, fields);
        }

        return fields;
    }

    private static bool IsUsable(int number)
        => number >= 1 && number <= MaxFieldNumber && (number < FirstReservedRange || number > LastReservedRange);

    /// <summary>Keys must be single tokens; spaces (never in C# names) would split a line.</summary>
    public static string KeyToken(string key) => key.Replace(" ", string.Empty).Replace("\t", string.Empty);
}
