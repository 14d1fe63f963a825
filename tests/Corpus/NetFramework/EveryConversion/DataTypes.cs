using System;
using System.Collections.Generic;
using System.Collections.ObjectModel;
using System.Runtime.Serialization;
using System.ServiceModel;

namespace Tailspin.Everything
{
    // Every conversion the mapping has, in one contract set: the generated C# is compiled, round-tripped and called end
    // to end over a socket by tests/Generator.Corpus.Tests (EveryConversionTests).

    [DataContract]
    public enum Mood
    {
        [EnumMember] Calm = 0,
        [EnumMember(Value = "VERY_HAPPY")] Happy = 1,
        [EnumMember] Grumpy = 7,
    }

    public enum Level : short
    {
        None = 0,
        Low = 1,
        High = 30000,
    }

    [DataContract]
    public struct Point
    {
        [DataMember] public int X;
        [DataMember] public int Y;
    }

    [DataContract]
    public class Scalars
    {
        [DataMember] public bool Flag { get; set; }
        [DataMember] public sbyte Tiny { get; set; }
        [DataMember] public short Small { get; set; }
        [DataMember] public byte Octet { get; set; }
        [DataMember] public ushort Port { get; set; }
        [DataMember] public int Count { get; set; }
        [DataMember] public uint Mask { get; set; }
        [DataMember] public long Big { get; set; }
        [DataMember] public ulong Huge { get; set; }
        [DataMember] public float Ratio { get; set; }
        [DataMember] public double Precise { get; set; }
        [DataMember] public string? Text { get; set; }
        [DataMember] public string Required { get; set; } = "";
        [DataMember] public char Letter { get; set; }
        [DataMember] public Guid Id { get; set; }
        [DataMember] public Uri? Link { get; set; }
        [DataMember] public byte[]? Blob { get; set; }
        [DataMember] public decimal Amount { get; set; }
        [DataMember] public DateTime When { get; set; }
        [DataMember] public DateTimeOffset Stamp { get; set; }
        [DataMember] public TimeSpan Span { get; set; }
        [DataMember] public Mood Mood { get; set; }
        [DataMember] public Level Level { get; set; }
        [DataMember] public Point Where { get; set; }
        [DataMember] public int? MaybeCount { get; set; }
        [DataMember] public char? MaybeLetter { get; set; }
        [DataMember] public Guid? MaybeId { get; set; }
        [DataMember] public decimal? MaybeAmount { get; set; }
        [DataMember] public DateTime? MaybeWhen { get; set; }
        [DataMember] public DateTimeOffset? MaybeStamp { get; set; }
        [DataMember] public TimeSpan? MaybeSpan { get; set; }
        [DataMember] public Mood? MaybeMood { get; set; }
        [DataMember] public Point? MaybeWhere { get; set; }
    }

    [DataContract]
    public class Collections
    {
        [DataMember] public List<int?> NullableInts { get; set; } = new List<int?>();
        [DataMember] public string[]? Names { get; set; }
        [DataMember] public IList<Guid> Ids { get; set; } = new List<Guid>();
        [DataMember] public HashSet<string> Tags { get; set; } = new HashSet<string>();
        [DataMember] public List<List<string>>? Nested { get; set; }
        [DataMember] public Dictionary<string, List<int>> ListsByKey { get; set; } = new Dictionary<string, List<int>>();
        [DataMember] public Dictionary<Guid, string> ByGuid { get; set; } = new Dictionary<Guid, string>();
        [DataMember] public Dictionary<int, Point> Points { get; set; } = new Dictionary<int, Point>();
        [DataMember] public IDictionary<string, decimal>? Prices { get; set; }
        [DataMember] public IEnumerable<DateTime> Dates { get; set; } = new List<DateTime>();
        [DataMember] public Dictionary<Point, string> ByPoint { get; set; } = new Dictionary<Point, string>();
        [DataMember] public List<byte[]> Blobs { get; set; } = new List<byte[]>();
        [DataMember] public Collection<Mood> Moods { get; set; } = new Collection<Mood>();
        [DataMember] public List<char?> Letters { get; set; } = new List<char?>();
        [DataMember] public int[][] Grid { get; set; } = new int[0][];
        [DataMember] public Dictionary<string, Dictionary<string, int>>? Tables { get; set; }
    }

    [DataContract]
    [KnownType(typeof(Circle))]
    [KnownType(typeof(Square))]
    [KnownType(typeof(Cube))]
    public abstract class Shape
    {
        [DataMember] public string? Name { get; set; }
    }

    [DataContract]
    public class Circle : Shape
    {
        [DataMember] public double Radius { get; set; }
    }

    [DataContract]
    public class Square : Shape
    {
        [DataMember] public double Side { get; set; }
    }

    [DataContract]
    public class Cube : Square
    {
        [DataMember] public double Depth { get; set; }
    }

    [DataContract]
    public class Node
    {
        [DataMember] public string Label { get; set; } = "";
        [DataMember] public List<Node>? Children { get; set; }
        [DataMember] public Node? Next { get; set; }
    }

    [DataContract]
    public class Sealed
    {
        [DataMember] private string _secret;
        [DataMember] internal int Inside;

        public Sealed(string secret, int visible)
        {
            _secret = secret;
            Visible = visible;
        }

        [DataMember] public int Visible { get; private set; }

        [DataMember] public string Fixed { get; } = "fixed";

        public string Secret => _secret;
    }

    [Serializable]
    public class Legacy
    {
        private int _count;
        public string? Text;
        [NonSerialized] private int _ignored;

        public int Count { get => _count; set => _count = value; }

        public int Ignored { get => _ignored; set => _ignored = value; }
    }

    public class Poco
    {
        public string? Name { get; set; }
        public int Age { get; set; }
    }

    [DataContract(Name = "PageOf{0}")]
    public class Page<T>
    {
        [DataMember] public List<T> Items { get; set; } = new List<T>();
        [DataMember] public int Total { get; set; }
    }

    [MessageContract]
    public class Envelope
    {
        [MessageHeader] public string? Tenant { get; set; }
        [MessageBodyMember] public Scalars? Body { get; set; }
    }

    [DataContract]
    public class Bag
    {
        [DataMember] public object? Anything { get; set; }
        [DataMember] public List<object> Things { get; set; } = new List<object>();
    }
}
