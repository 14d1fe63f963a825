using System.Buffers;
using Grpc.Core;

namespace MigrateWcf.Runtime;

/// <summary>A message's bytes as a marshaller reads them on the local lane: a sequence over the frame's bytes (what
/// Google.Protobuf's generated marshallers parse; Grpc.Core.Api's byte[] emulation does not provide one).</summary>
internal sealed class LaneDeserializationContext(ReadOnlyMemory<byte> payload) : DeserializationContext
{
    public override int PayloadLength => payload.Length;

    public override byte[] PayloadAsNewBuffer() => payload.ToArray();

    public override ReadOnlySequence<byte> PayloadAsReadOnlySequence() => new(payload);
}

/// <summary>Where a marshaller writes a message on the local lane: a buffer writer (what Google.Protobuf's generated
/// marshallers write to), or a whole array from a marshaller that makes one.</summary>
internal sealed class LaneSerializationContext : SerializationContext
{
    private ArrayBufferWriter<byte>? _writer;
    private byte[]? _payload;

    /// <summary>A message's bytes as <paramref name="marshaller"/> writes them.</summary>
    public static byte[] Serialize<T>(Marshaller<T> marshaller, T message)
    {
        var serialized = new LaneSerializationContext();
        marshaller.ContextualSerializer(message, serialized);
        return serialized.Payload;
    }

    /// <summary>The message's bytes, once the marshaller completed.</summary>
    public byte[] Payload => _payload ?? throw new InvalidOperationException("The marshaller did not complete the message.");

    public override void Complete(byte[] payload) => _payload = payload;

    public override IBufferWriter<byte> GetBufferWriter() => _writer ??= new ArrayBufferWriter<byte>();

    public override void SetPayloadLength(int payloadLength) => _writer ??= new ArrayBufferWriter<byte>(Math.Max(payloadLength, 1));

    public override void Complete() => _payload = _writer?.WrittenSpan.ToArray() ?? [];
}
