using System.Buffers;
using System.IO.Compression;

namespace MigrateWcf.Runtime.Internal;

/// <summary>gzip message compression (the only encoding besides identity we support).</summary>
internal static class GzipCompression
{
    public static void Compress(ReadOnlySpan<byte> payload, PooledBufferWriter output, CompressionLevel level)
    {
        using var target = new BufferWriterStream(output);
        using (var gzip = new GZipStream(target, level, leaveOpen: true))
        {
            gzip.Write(payload);
        }
    }

    /// <summary>Decompresses into <paramref name="output"/>; a result larger than <paramref name="maxSize"/> throws RESOURCE_EXHAUSTED before it is all inflated.</summary>
    public static void Decompress(ReadOnlySequence<byte> payload, PooledBufferWriter output, int maxSize)
    {
        using var source = new SequenceStream(payload);
        using var gzip = new GZipStream(source, CompressionMode.Decompress);
        while (true)
        {
            var span = output.GetSpan(4096);
            int read;
            try
            {
                read = gzip.Read(span);
            }
            catch (InvalidDataException ex)
            {
                throw new RpcException(new Status(StatusCode.Internal, "Failed to decompress message.", ex));
            }
            if (read == 0) break;
            output.Advance(read);
            if (output.WrittenCount > maxSize)
            {
                throw new RpcException(new Status(StatusCode.ResourceExhausted, "Received message exceeds the maximum configured message size."));
            }
        }
    }

    private sealed class BufferWriterStream(PooledBufferWriter writer) : Stream
    {
        public override bool CanRead => false;
        public override bool CanSeek => false;
        public override bool CanWrite => true;
        public override long Length => writer.WrittenCount;
        public override long Position { get => writer.WrittenCount; set => throw new NotSupportedException(); }
        public override void Flush() { }
        public override int Read(byte[] buffer, int offset, int count) => throw new NotSupportedException();
        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();
        public override void SetLength(long value) => throw new NotSupportedException();
        public override void Write(byte[] buffer, int offset, int count) => Write(buffer.AsSpan(offset, count));

        public override void Write(ReadOnlySpan<byte> buffer)
        {
            buffer.CopyTo(writer.GetSpan(buffer.Length));
            writer.Advance(buffer.Length);
        }
    }

    private sealed class SequenceStream(ReadOnlySequence<byte> sequence) : Stream
    {
        private ReadOnlySequence<byte> _remaining = sequence;

        public override bool CanRead => true;
        public override bool CanSeek => false;
        public override bool CanWrite => false;
        public override long Length => throw new NotSupportedException();
        public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }
        public override void Flush() { }
        public override int Read(byte[] buffer, int offset, int count) => Read(buffer.AsSpan(offset, count));

        public override int Read(Span<byte> buffer)
        {
            var count = (int)Math.Min(buffer.Length, _remaining.Length);
            _remaining.Slice(0, count).CopyTo(buffer);
            _remaining = _remaining.Slice(count);
            return count;
        }

        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();
        public override void SetLength(long value) => throw new NotSupportedException();
        public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
    }
}
