using System.Net;

namespace MigrateWcf.Interop.Client;

/// <summary>Records the compressed-flag of every gRPC message in each response body, seen below the runtime's
/// client (as an <see cref="HttpMessageHandler"/>), because server_compressed_unary must assert the flag per
/// message and the runtime's public API, like grpc-dotnet's, does not expose it.</summary>
internal sealed class FrameFlagRecorder(HttpMessageHandler inner) : DelegatingHandler(inner)
{
    private readonly List<bool> _flags = [];

    /// <summary>The compressed-flag of each message received since the last <see cref="Reset"/>, in order.</summary>
    public IReadOnlyList<bool> CompressedFlags
    {
        get
        {
            lock (_flags)
            {
                return _flags.ToArray();
            }
        }
    }

    public void Reset()
    {
        lock (_flags)
        {
            _flags.Clear();
        }
    }

    protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        var response = await base.SendAsync(request, cancellationToken);
        var original = response.Content;
        var tapped = new StreamContent(new FrameTapStream(await original.ReadAsStreamAsync(cancellationToken), Record));
        foreach (var header in original.Headers)
        {
            tapped.Headers.TryAddWithoutValidation(header.Key, header.Value);
        }

        response.Content = tapped;
        return response;
    }

    private void Record(bool compressed)
    {
        lock (_flags)
        {
            _flags.Add(compressed);
        }
    }

    /// <summary>Passes the body through unchanged while walking the 5-byte message prefixes.</summary>
    private sealed class FrameTapStream(Stream inner, Action<bool> onMessage) : Stream
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
                    _payloadLeft = System.Buffers.Binary.BinaryPrimitives.ReadUInt32BigEndian(_prefix.AsSpan(1));
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
}
