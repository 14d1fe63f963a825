using System.Runtime.Serialization;
using System.Xml;
using BenchmarkDotNet.Attributes;
using Google.Protobuf;
using LegacyWcf.Contracts.Grpc;
using LegacyOrder = LegacyWcf.Contracts.Order;

namespace MigrateWcf.Serialization.Benchmarks;

/// <summary>One Order each way: WCF's DataContractSerializer over the binary XML encoding net.tcp and net.pipe send,
/// against the migrated path (the generated mapper, then protobuf), and each half of the migrated path alone.</summary>
[MemoryDiagnoser]
public class SerializerBenchmarks
{
    private static readonly DataContractSerializer Serializer = new(typeof(LegacyOrder));
    private readonly MemoryStream _buffer = new();
    private LegacyOrder _order = null!;
    private Order _message = null!;
    private byte[] _xml = null!;
    private byte[] _proto = null!;

    /// <summary>Lines in the order: a small message and a large one.</summary>
    [Params(1, 100)]
    public int Lines { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        _order = SampleOrders.Create(Lines);
        _message = DataTypesMappers.ToMessage(_order, 1);
        _xml = Xml(_order);
        _proto = _message.ToByteArray();
        // What is timed must be right: the migrated round trip gives back the order DataContractSerializer writes
        // byte for byte, and so does WCF's own.
        if (!Xml(DataTypesMappers.FromMessage(Order.Parser.ParseFrom(_proto), 1)).AsSpan().SequenceEqual(_xml)
            || !Xml(ReadXml(_xml)).AsSpan().SequenceEqual(_xml))
        {
            throw new InvalidOperationException($"The {Lines}-line order does not round-trip unchanged.");
        }
    }

    /// <summary>Wire bytes of one order in each format (the column "Wire bytes").</summary>
    public static int WireBytes(string format, int lines)
    {
        var order = SampleOrders.Create(lines);
        return format == "dcs" ? Xml(order).Length : DataTypesMappers.ToMessage(order, 1).CalculateSize();
    }

    [Benchmark(Baseline = true, Description = "DataContractSerializer (binary XML): write")]
    public long DcsWrite()
    {
        _buffer.Position = 0;
        using (var writer = XmlDictionaryWriter.CreateBinaryWriter(_buffer, null, null, ownsStream: false))
        {
            Serializer.WriteObject(writer, _order);
        }

        return _buffer.Position;
    }

    [Benchmark(Description = "DataContractSerializer (binary XML): read")]
    public object DcsRead() => ReadXml(_xml);

    [Benchmark(Description = "migrated: mapper + protobuf: write")]
    public byte[] MigratedWrite() => DataTypesMappers.ToMessage(_order, 1).ToByteArray();

    [Benchmark(Description = "migrated: protobuf + mapper: read")]
    public object MigratedRead() => DataTypesMappers.FromMessage(Order.Parser.ParseFrom(_proto), 1);

    [Benchmark(Description = "generated mapper alone: legacy → message")]
    public object MapperToMessage() => DataTypesMappers.ToMessage(_order, 1);

    [Benchmark(Description = "generated mapper alone: message → legacy")]
    public object MapperFromMessage() => DataTypesMappers.FromMessage(_message, 1);

    [Benchmark(Description = "protobuf alone: write")]
    public byte[] ProtobufWrite() => _message.ToByteArray();

    [Benchmark(Description = "protobuf alone: read")]
    public object ProtobufRead() => Order.Parser.ParseFrom(_proto);

    private static byte[] Xml(LegacyOrder order)
    {
        using var stream = new MemoryStream();
        using (var writer = XmlDictionaryWriter.CreateBinaryWriter(stream, null, null, ownsStream: false))
        {
            Serializer.WriteObject(writer, order);
        }

        return stream.ToArray();
    }

    private static LegacyOrder ReadXml(byte[] bytes)
    {
        using var reader = XmlDictionaryReader.CreateBinaryReader(bytes, XmlDictionaryReaderQuotas.Max);
        return (LegacyOrder)Serializer.ReadObject(reader)!;
    }
}
