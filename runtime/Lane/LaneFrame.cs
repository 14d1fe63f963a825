using System.Buffers.Binary;

namespace MigrateWcf.Runtime;

/// <summary>The lane socket's frames, 24 bytes each, little-endian: kind, segment, and one 16-byte value.</summary>
internal enum LaneFrameKind
{
    /// <summary>Server to client, first frame: the session token (value) that calls name in their header.</summary>
    Hello = 1,

    /// <summary>A new segment of the sender's, its descriptor attached; value: its capacity in bytes.</summary>
    Segment = 2,

    /// <summary>The reader has copied the sender's value out of a segment; value: the generation it read.</summary>
    Release = 3,

    /// <summary>The sender no longer writes the segment: the reader unmaps it.</summary>
    Drop = 4,
}

internal readonly record struct LaneFrame(LaneFrameKind Kind, int Segment, long Value, Guid Token = default)
{
    public const int Bytes = 24;

    public void Write(Span<byte> buffer)
    {
        BinaryPrimitives.WriteInt32LittleEndian(buffer, (int)Kind);
        BinaryPrimitives.WriteInt32LittleEndian(buffer[4..], Segment);
        if (Kind == LaneFrameKind.Hello)
        {
            Token.TryWriteBytes(buffer[8..]);
        }
        else
        {
            BinaryPrimitives.WriteInt64LittleEndian(buffer[8..], Value);
            BinaryPrimitives.WriteInt64LittleEndian(buffer[16..], 0);
        }
    }

    public static LaneFrame Read(ReadOnlySpan<byte> buffer)
    {
        var kind = (LaneFrameKind)BinaryPrimitives.ReadInt32LittleEndian(buffer);
        var segment = BinaryPrimitives.ReadInt32LittleEndian(buffer[4..]);
        return kind == LaneFrameKind.Hello
            ? new(kind, segment, 0, new Guid(buffer.Slice(8, 16)))
            : new(kind, segment, BinaryPrimitives.ReadInt64LittleEndian(buffer[8..]));
    }
}
