using System.Buffers.Binary;

namespace MigrateWcf.Runtime;

/// <summary>
/// Reads one connection's frames (<see cref="LaneCallFraming"/>): the host's with asynchronous receives, so an idle
/// connection holds no thread, the client's on its reading thread; through one buffer that holds what has arrived: usually several frames per receive. The buffer starts
/// small and grows only as far as the bytes that really arrive (a peer that announces a large frame and sends little
/// costs little), and shrinks back once a large frame has been read.
/// </summary>
internal sealed class LaneFrameReader(LaneTransport transport, int maxFrameBytes)
{
    private const int InitialBytes = 4 * 1024;

    private byte[] _buffer = new byte[InitialBytes];
    private int _start;
    private int _end;

    /// <summary>The next frame's message bytes, valid until the next call; null at a clean end of the stream (between
    /// frames). A length above the limit, a negative one, or an end inside a frame is an
    /// <see cref="InvalidDataException"/>: the peer broke the protocol.</summary>
    public async ValueTask<ReadOnlyMemory<byte>?> ReadAsync()
    {
        while (true)
        {
            if (Next() is { } message)
            {
                return message;
            }

            if (Ended(await transport.ReceiveAsync(_buffer.AsMemory(_end)).ConfigureAwait(false)))
            {
                return null;
            }
        }
    }

    /// <summary><see cref="ReadAsync"/> with blocking receives, for the client's reading thread: one receive takes
    /// whatever has arrived (several frames, or a length and its message), where reading a length and then its message
    /// costs two.</summary>
    public ReadOnlyMemory<byte>? Read()
    {
        while (true)
        {
            if (Next() is { } message)
            {
                return message;
            }

            if (Ended(transport.Receive(_buffer.AsSpan(_end))))
            {
                return null;
            }
        }
    }

    /// <summary>Whether a whole frame has arrived already: the next <see cref="Read"/> returns it without a receive.</summary>
    public bool HoldsFrame
    {
        get
        {
            var available = _end - _start;
            return available >= LaneCallFraming.LengthBytes
                && available - LaneCallFraming.LengthBytes >= (long)(uint)BinaryPrimitives.ReadInt32LittleEndian(_buffer.AsSpan(_start));
        }
    }

    /// <summary>The next whole frame held, or null after making room for the bytes it still needs.</summary>
    private ReadOnlyMemory<byte>? Next()
    {
        var available = _end - _start;
        if (available < LaneCallFraming.LengthBytes)
        {
            MakeRoom(LaneCallFraming.LengthBytes);
            return null;
        }

        var length = BinaryPrimitives.ReadInt32LittleEndian(_buffer.AsSpan(_start));
        if (length < 0 || length > maxFrameBytes)
        {
            throw new InvalidDataException($"A frame of {(uint)length} bytes is over the lane's limit of {maxFrameBytes}.");
        }

        var frameBytes = LaneCallFraming.LengthBytes + length;
        if (available >= frameBytes)
        {
            var message = _buffer.AsMemory(_start + LaneCallFraming.LengthBytes, length);
            _start += frameBytes;
            return message;
        }

        MakeRoom(frameBytes);
        return null;
    }

    /// <summary>Counts a receive's bytes; true at a clean end of the stream.</summary>
    private bool Ended(int received)
    {
        if (received == 0)
        {
            return _end == _start ? true : throw new InvalidDataException("The lane connection ended inside a frame.");
        }

        _end += received;
        return false;
    }

    /// <summary>Room after the bytes held towards a frame of <paramref name="frameBytes"/>: an empty buffer starts over
    /// (small again after a large frame), a full one moves what it holds to the front, or grows (at most doubling, up to
    /// the frame) when what it holds fills it.</summary>
    private void MakeRoom(int frameBytes)
    {
        var held = _end - _start;
        if (held == 0)
        {
            (_start, _end) = (0, 0);
            if (_buffer.Length > InitialBytes)
            {
                _buffer = new byte[InitialBytes];
            }
        }

        if (_end < _buffer.Length)
        {
            return;
        }

        if (_start > 0)
        {
            _buffer.AsSpan(_start, held).CopyTo(_buffer);
            (_start, _end) = (0, held);
            return;
        }

        var grown = new byte[(int)Math.Min(frameBytes, 2L * _buffer.Length)];
        _buffer.AsSpan(0, held).CopyTo(grown);
        _buffer = grown;
    }
}
