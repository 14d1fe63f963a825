using System.Collections;
using System.Diagnostics;
using System.Text;

namespace MigrateWcf.Runtime;

/// <summary>
/// Request headers, response headers or trailers of a call: an ordered list of key/value entries.
/// Keys are lower-case ASCII; keys ending in <c>-bin</c> carry bytes (base64 on the wire), all others printable ASCII text.
/// </summary>
public sealed class Metadata : IList<Metadata.Entry>
{
    public const string BinaryHeaderSuffix = "-bin";

    /// <summary>An empty, read-only instance.</summary>
    public static readonly Metadata Empty = new Metadata().Freeze();

    private readonly List<Entry> _entries;
    private bool _readOnly;

    public Metadata() => _entries = new List<Entry>();

    internal Metadata(int capacity) => _entries = new List<Entry>(capacity);

    internal Metadata Freeze()
    {
        _readOnly = true;
        return this;
    }

    public Metadata Add(string key, string value)
    {
        Add(new Entry(key, value));
        return this;
    }

    public Metadata Add(string key, byte[] valueBytes)
    {
        Add(new Entry(key, valueBytes));
        return this;
    }

    /// <summary>The last entry with the key, or null.</summary>
    public Entry? Get(string key)
    {
        for (var i = _entries.Count - 1; i >= 0; i--)
        {
            if (_entries[i].KeyEquals(key)) return _entries[i];
        }
        return null;
    }

    /// <summary>The text value of the last entry with the key, or null.</summary>
    public string? GetValue(string key) => Get(key)?.Value;

    /// <summary>The bytes of the last binary entry with the key, or null.</summary>
    public byte[]? GetValueBytes(string key) => Get(key)?.ValueBytes;

    public IEnumerable<Entry> GetAll(string key)
    {
        foreach (var entry in _entries)
        {
            if (entry.KeyEquals(key)) yield return entry;
        }
    }

    public Entry this[int index]
    {
        get => _entries[index];
        set
        {
            CheckWritable();
            _entries[index] = value ?? throw new ArgumentNullException(nameof(value));
        }
    }

    public int Count => _entries.Count;
    public bool IsReadOnly => _readOnly;

    public void Add(Entry item)
    {
        CheckWritable();
        _entries.Add(item ?? throw new ArgumentNullException(nameof(item)));
    }

    public void Clear()
    {
        CheckWritable();
        _entries.Clear();
    }

    public bool Contains(Entry item) => _entries.Contains(item);
    public void CopyTo(Entry[] array, int arrayIndex) => _entries.CopyTo(array, arrayIndex);
    public int IndexOf(Entry item) => _entries.IndexOf(item);

    public void Insert(int index, Entry item)
    {
        CheckWritable();
        _entries.Insert(index, item ?? throw new ArgumentNullException(nameof(item)));
    }

    public bool Remove(Entry item)
    {
        CheckWritable();
        return _entries.Remove(item);
    }

    public void RemoveAt(int index)
    {
        CheckWritable();
        _entries.RemoveAt(index);
    }

    public List<Entry>.Enumerator GetEnumerator() => _entries.GetEnumerator();
    IEnumerator<Entry> IEnumerable<Entry>.GetEnumerator() => _entries.GetEnumerator();
    IEnumerator IEnumerable.GetEnumerator() => _entries.GetEnumerator();

    private void CheckWritable()
    {
        if (_readOnly) throw new InvalidOperationException("Metadata is read-only.");
    }

    internal static bool IsBinaryKey(string key) =>
        key.Length > BinaryHeaderSuffix.Length && key.EndsWith(BinaryHeaderSuffix, StringComparison.OrdinalIgnoreCase);

    /// <summary>One metadata entry.</summary>
    [DebuggerDisplay("{ToString(),nq}")]
    public sealed class Entry
    {
        private readonly string? _value;
        private readonly byte[]? _valueBytes;

        public Entry(string key, string value)
        {
            Key = NormalizeKey(key);
            if (IsBinaryKey(Key)) throw new ArgumentException($"Key '{Key}' ends in '-bin' and needs a byte[] value.", nameof(key));
            ArgumentNullException.ThrowIfNull(value);
            ValidateTextValue(value);
            _value = value;
        }

        public Entry(string key, byte[] valueBytes)
        {
            Key = NormalizeKey(key);
            if (!IsBinaryKey(Key)) throw new ArgumentException($"Key '{Key}' needs the '-bin' suffix to carry a byte[] value.", nameof(key));
            _valueBytes = valueBytes ?? throw new ArgumentNullException(nameof(valueBytes));
        }

        // Entries built from received headers skip validation: the transport already parsed them.
        private Entry(string key, string? value, byte[]? valueBytes, bool trusted)
        {
            _ = trusted;
            Key = key;
            _value = value;
            _valueBytes = valueBytes;
        }

        internal static Entry CreateTrusted(string key, string value) => new(key, value, null, true);
        internal static Entry CreateTrusted(string key, byte[] valueBytes) => new(key, null, valueBytes, true);

        public string Key { get; }
        public bool IsBinary => _valueBytes is not null;

        /// <summary>The text value; for a binary entry, throws.</summary>
        public string Value => _value ?? throw new InvalidOperationException($"Entry '{Key}' is binary; read ValueBytes.");

        /// <summary>The bytes; for a text entry, its ASCII encoding.</summary>
        public byte[] ValueBytes => _valueBytes ?? Encoding.ASCII.GetBytes(_value!);

        internal bool KeyEquals(string key) => string.Equals(Key, key, StringComparison.OrdinalIgnoreCase);

        public override string ToString() => IsBinary ? $"[Entry: key={Key}, valueBytes={_valueBytes!.Length}]" : $"[Entry: key={Key}, value={_value}]";

        private static string NormalizeKey(string key)
        {
            ArgumentException.ThrowIfNullOrEmpty(key);
            var lower = key.ToLowerInvariant();
            foreach (var c in lower)
            {
                var ok = c is >= 'a' and <= 'z' or >= '0' and <= '9' or '-' or '_' or '.';
                if (!ok) throw new ArgumentException($"Metadata key '{key}' contains '{c}'; allowed are a-z, 0-9, '-', '_' and '.'.", nameof(key));
            }
            return lower;
        }

        private static void ValidateTextValue(string value)
        {
            foreach (var c in value)
            {
                if (c < 0x20 || c > 0x7E) throw new ArgumentException("Metadata text values must be printable ASCII; use a '-bin' key for other data.", nameof(value));
            }
        }
    }
}
