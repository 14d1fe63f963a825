using System.Buffers;
using Google.Protobuf;
using Google.Protobuf.WellKnownTypes;
using Grpc.Core;

namespace MigrateWcf.Runtime;

/// <summary>
/// A WCF <see cref="Stream"/> parameter or result as a gRPC stream of <c>google.protobuf.BytesValue</c> chunks
/// (generator/README.md, "Operations"): <see cref="WriteAsync"/> sends a stream's bytes, <see cref="ReadStream"/> is a
/// read-only <see cref="Stream"/> over received chunks. The generated adapters and client proxies use both.
/// </summary>
public static class ByteStreams
{
    /// <summary>Bytes per chunk: large enough that framing costs little, far below gRPC's 4 MB message limit.</summary>
    public const int ChunkSize = 64 * 1024;

    /// <summary>Sends <paramref name="source"/> to its end as chunks of at most <see cref="ChunkSize"/> bytes (none for an empty stream).</summary>
    public static async Task WriteAsync(Stream source, IAsyncStreamWriter<BytesValue> writer, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(source);
        ArgumentNullException.ThrowIfNull(writer);
        var buffer = ArrayPool<byte>.Shared.Rent(ChunkSize);
        try
        {
            int read;
            while ((read = await source.ReadAsync(buffer.AsMemory(0, ChunkSize), cancellationToken).ConfigureAwait(false)) > 0)
            {
                // Copied: the writer may still be serializing the message when the buffer is refilled.
                await writer.WriteAsync(new BytesValue { Value = ByteString.CopyFrom(buffer, 0, read) }, cancellationToken).ConfigureAwait(false);
            }
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(buffer);
        }
    }

    /// <summary>
    /// A read-only, forward-only stream of the bytes in <paramref name="chunks"/>. Disposing it disposes
    /// <paramref name="owner"/> (a client call); <paramref name="translate"/> turns a failed call into the exception a WCF
    /// caller expects (a client proxy passes its fault registry's).
    /// </summary>
    public static Stream ReadStream(IAsyncStreamReader<BytesValue> chunks, CancellationToken cancellationToken = default, IDisposable? owner = null, Func<RpcException, Exception>? translate = null)
    {
        ArgumentNullException.ThrowIfNull(chunks);
        return new ChunkReadStream(chunks, cancellationToken, owner, translate);
    }

    private sealed class ChunkReadStream(IAsyncStreamReader<BytesValue> chunks, CancellationToken cancellationToken, IDisposable? owner, Func<RpcException, Exception>? translate) : Stream
    {
        private ByteString _chunk = ByteString.Empty;
        private int _offset;
        private bool _ended;
        private long _position;

        public override bool CanRead => true;
        public override bool CanSeek => false;
        public override bool CanWrite => false;
        public override long Length => throw new NotSupportedException();

        public override long Position
        {
            get => _position;
            set => throw new NotSupportedException();
        }

        // A synchronous reader (most WCF services read their Stream parameter synchronously) waits for the next chunk.
        public override int Read(byte[] buffer, int offset, int count) => Read(buffer.AsSpan(offset, count));

        public override int Read(Span<byte> buffer)
        {
            if (buffer.IsEmpty || !HasData() && !MoveNextAsync().AsTask().GetAwaiter().GetResult())
            {
                return 0;
            }

            return Copy(buffer);
        }

        public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken token) => ReadAsync(buffer.AsMemory(offset, count), token).AsTask();

        public override async ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken token = default)
        {
            if (buffer.IsEmpty || !HasData() && !await MoveNextAsync(token).ConfigureAwait(false))
            {
                return 0;
            }

            return Copy(buffer.Span);
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
                owner?.Dispose();
            }

            base.Dispose(disposing);
        }

        private bool HasData() => _offset < _chunk.Length;

        private int Copy(Span<byte> buffer)
        {
            var count = Math.Min(buffer.Length, _chunk.Length - _offset);
            _chunk.Span.Slice(_offset, count).CopyTo(buffer);
            _offset += count;
            _position += count;
            return count;
        }

        /// <summary>Takes the next non-empty chunk; false at the end of the stream.</summary>
        private async ValueTask<bool> MoveNextAsync(CancellationToken token = default)
        {
            using var linked = token.CanBeCanceled ? CancellationTokenSource.CreateLinkedTokenSource(token, cancellationToken) : null;
            while (!_ended)
            {
                try
                {
                    if (!await chunks.MoveNext(linked?.Token ?? cancellationToken).ConfigureAwait(false))
                    {
                        _ended = true;
                        return false;
                    }
                }
                catch (RpcException e) when (translate is not null)
                {
                    throw translate(e);
                }

                (_chunk, _offset) = (chunks.Current.Value, 0);
                if (_chunk.Length > 0)
                {
                    return true;
                }
            }

            return false;
        }
    }
}
