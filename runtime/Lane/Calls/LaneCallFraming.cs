using System.Buffers.Binary;
using Google.Protobuf;

namespace MigrateWcf.Runtime;

/// <summary>The call lane's framing: a 4-byte little-endian length, then one protobuf message (call_lane.proto).
/// Blocking I/O: the client writes frames on its callers' threads (and reads them through <see cref="LaneFrameReader"/>).</summary>
internal static class LaneCallFraming
{
    public const int LengthBytes = 4;

    /// <summary>Writes one frame; callers serialize writes to one socket.</summary>
    public static void Write(LaneTransport transport, IMessage message)
    {
        var length = message.CalculateSize();
        var buffer = new byte[LengthBytes + length];
        BinaryPrimitives.WriteInt32LittleEndian(buffer, length);
        message.WriteTo(buffer.AsSpan(LengthBytes));
        transport.Send(buffer);
    }

    /// <summary>Reads exactly one frame, a receive for its length and one for its message (for a raw peer that reads a
    /// frame at a time, as the tests' do; the client reads through <see cref="LaneFrameReader"/>): null at a clean end
    /// of the stream (between frames). A length above <paramref name="maxBytes"/>, a negative one, or an end inside a
    /// frame is an <see cref="InvalidDataException"/>: the peer broke the protocol, and the connection ends.</summary>
    public static byte[]? Read(LaneTransport transport, int maxBytes)
    {
        Span<byte> prefix = stackalloc byte[LengthBytes];
        if (!Fill(transport, prefix, atStart: true))
        {
            return null;
        }

        var length = BinaryPrimitives.ReadInt32LittleEndian(prefix);
        if (length < 0 || length > maxBytes)
        {
            throw new InvalidDataException($"A frame of {(uint)length} bytes is over the lane's limit of {maxBytes}.");
        }

        var message = new byte[length];
        Fill(transport, message, atStart: false);
        return message;
    }

    private static bool Fill(LaneTransport transport, Span<byte> buffer, bool atStart)
    {
        for (var read = 0; read < buffer.Length;)
        {
            var received = transport.Receive(buffer[read..]);
            if (received == 0)
            {
                return read == 0 && atStart ? false : throw new InvalidDataException("The lane connection ended inside a frame.");
            }

            read += received;
        }

        return true;
    }
}
