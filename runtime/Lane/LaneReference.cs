using System.Buffers.Binary;
using Google.Protobuf;

namespace MigrateWcf.Runtime;

/// <summary>
/// What a bytes field carries in place of its value when the value travels through the bulk lane: 40 bytes, the magic
/// <c>MWCFLANE</c>, the lane session's token, the writer's segment, the segment's generation when it was written, and the
/// value's length. Between two ends of a lane session every bytes field of exactly this length that starts with the magic
/// is a reference: a writer sends a value of that shape through the lane even when it is small, so nothing is ambiguous.
/// </summary>
internal readonly record struct LaneReference(Guid Token, int Segment, uint Generation, long Length)
{
    public const int Bytes = 40;
    private static ReadOnlySpan<byte> Magic => "MWCFLANE"u8;

    /// <summary>True for a value that must travel as a reference (it has a reference's shape) once a session is up.</summary>
    public static bool HasShape(ByteString value) => value.Length == Bytes && value.Span.StartsWith(Magic);

    public ByteString ToByteString()
    {
        var bytes = new byte[Bytes];
        Magic.CopyTo(bytes);
        Token.TryWriteBytes(bytes.AsSpan(8, 16));
        BinaryPrimitives.WriteInt32LittleEndian(bytes.AsSpan(24), Segment);
        BinaryPrimitives.WriteUInt32LittleEndian(bytes.AsSpan(28), Generation);
        BinaryPrimitives.WriteInt64LittleEndian(bytes.AsSpan(32), Length);
        return UnsafeByteOperations.UnsafeWrap(bytes);
    }

    public static LaneReference Parse(ByteString value)
    {
        var span = value.Span;
        return new(new Guid(span.Slice(8, 16)), BinaryPrimitives.ReadInt32LittleEndian(span[24..]),
            BinaryPrimitives.ReadUInt32LittleEndian(span[28..]), BinaryPrimitives.ReadInt64LittleEndian(span[32..]));
    }
}

/// <summary>A reference the reader cannot honour: unknown segment, wrong session, out of range, or overwritten.</summary>
internal sealed class LaneReferenceException(string message) : Exception(message);
