using System.Buffers;
using System.Buffers.Binary;
using System.IO.Compression;

namespace MigrateWcf.Runtime.Internal;

/// <summary>
/// Frames outgoing messages (1-byte compressed flag, 4-byte big-endian length, payload). When the marshaller announces the
/// length and the message is not compressed, the header and payload go straight into the output without an intermediate copy.
/// One instance per call direction; not thread-safe (writes on a stream are sequential).
/// </summary>
internal sealed class MessageWriter : SerializationContext, IDisposable
{
    private readonly int _maxSendSize;
    private readonly CompressionLevel _compressionLevel;
    private IBufferWriter<byte>? _output;
    private bool _compress;
    private int _declaredLength = -1;
    private bool _direct;
    private bool _completed;
    private PooledBufferWriter? _scratch;
    private PooledBufferWriter? _compressed;

    public MessageWriter(int? maxSendSize, CompressionLevel compressionLevel)
    {
        _maxSendSize = maxSendSize ?? int.MaxValue;
        _compressionLevel = compressionLevel;
    }

    public void Write<T>(IBufferWriter<byte> output, T message, Marshaller<T> marshaller, bool compress)
    {
        _output = output;
        _compress = compress;
        _declaredLength = -1;
        _direct = false;
        _completed = false;
        try
        {
            marshaller.ContextualSerializer(message, this);
            if (!_completed) throw new InvalidOperationException("The message serializer did not call Complete.");
        }
        finally
        {
            _output = null;
            _scratch?.Reset();
        }
    }

    public override void SetPayloadLength(int payloadLength)
    {
        CheckSize(payloadLength);
        _declaredLength = payloadLength;
    }

    public override IBufferWriter<byte> GetBufferWriter()
    {
        var output = _output ?? throw new InvalidOperationException("No message is being serialized.");
        if (!_compress && _declaredLength >= 0)
        {
            WriteHeader(output, compressed: false, _declaredLength);
            _direct = true;
            return output;
        }
        _scratch ??= new PooledBufferWriter();
        _scratch.Reset();
        return _scratch;
    }

    public override void Complete(byte[] payload)
    {
        ArgumentNullException.ThrowIfNull(payload);
        WritePayload(payload);
    }

    public override void Complete()
    {
        if (_direct)
        {
            _completed = true;
            return;
        }
        WritePayload(_scratch is null ? ReadOnlySpan<byte>.Empty : _scratch.WrittenSpan);
    }

    private void WritePayload(ReadOnlySpan<byte> payload)
    {
        var output = _output ?? throw new InvalidOperationException("No message is being serialized.");
        CheckSize(payload.Length);
        var compressed = false;
        if (_compress)
        {
            _compressed ??= new PooledBufferWriter();
            _compressed.Reset();
            GzipCompression.Compress(payload, _compressed, _compressionLevel);
            payload = _compressed.WrittenSpan;
            compressed = true;
        }
        WriteHeader(output, compressed, payload.Length);
        var target = output.GetSpan(payload.Length);
        if (target.Length >= payload.Length)
        {
            payload.CopyTo(target);
            output.Advance(payload.Length);
        }
        else
        {
            // Some writers hand out smaller spans than asked for; copy in pieces.
            while (!payload.IsEmpty)
            {
                target = output.GetSpan(1);
                var n = Math.Min(target.Length, payload.Length);
                payload[..n].CopyTo(target);
                output.Advance(n);
                payload = payload[n..];
            }
        }
        _completed = true;
    }

    private void CheckSize(int length)
    {
        if (length > _maxSendSize)
        {
            throw new RpcException(new Status(StatusCode.ResourceExhausted, $"Sending message exceeds the maximum configured message size."));
        }
    }

    private static void WriteHeader(IBufferWriter<byte> output, bool compressed, int length)
    {
        var span = output.GetSpan(GrpcProtocol.HeaderSize);
        span[0] = compressed ? (byte)1 : (byte)0;
        BinaryPrimitives.WriteUInt32BigEndian(span.Slice(1), (uint)length);
        output.Advance(GrpcProtocol.HeaderSize);
    }

    public void Dispose()
    {
        _scratch?.Dispose();
        _compressed?.Dispose();
    }
}
