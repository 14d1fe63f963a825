using System.Buffers.Binary;

namespace MigrateWcf.Interop.Testing;

/// <summary>Passes a gRPC HTTP/2 body through unchanged while walking its 5-byte message prefixes, reporting each
/// message's compressed flag. The interop cases assert that flag per message (CompressedRequest, CompressedResponse),
/// and neither grpc-dotnet's client nor its server API exposes it, so the interop programs read it off the body.</summary>
public sealed class MessageFlagTap(Stream inner, Action<bool> onMessage) : Stream
{
    private readonly byte[] _prefix = new byte[5];
    private int _prefixFilled;
    private long _payloadLeft;

    public override bool CanRead => true;

    public override bool CanSeek => false;

    public override bool CanWrite => false;

    public override long Length => throw new NotSupportedException();

    public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }

    public override int Read(byte[] buffer, int offset, int count) => Observe(buffer.AsSpan(offset, inner.Read(buffer, offset, count)));

    public override async ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
    {
        var read = await inner.ReadAsync(buffer, cancellationToken);
        return Observe(buffer.Span[..read]);
    }

    public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
        ReadAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();

    private int Observe(ReadOnlySpan<byte> data)
    {
        var read = data.Length;
        while (!data.IsEmpty)
        {
            if (_payloadLeft > 0)
            {
                var skip = (int)Math.Min(_payloadLeft, data.Length);
                _payloadLeft -= skip;
                data = data[skip..];
                continue;
            }

            var take = Math.Min(5 - _prefixFilled, data.Length);
            data[..take].CopyTo(_prefix.AsSpan(_prefixFilled));
            _prefixFilled += take;
            data = data[take..];
            if (_prefixFilled == 5)
            {
                onMessage(_prefix[0] == 1);
                _payloadLeft = BinaryPrimitives.ReadUInt32BigEndian(_prefix.AsSpan(1));
                _prefixFilled = 0;
            }
        }

        return read;
    }

    public override void Flush()
    {
    }

    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

    public override void SetLength(long value) => throw new NotSupportedException();

    public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();

    protected override void Dispose(bool disposing)
    {
        if (disposing)
        {
            inner.Dispose();
        }

        base.Dispose(disposing);
    }
}
