using System.Buffers;
using System.Buffers.Binary;
using System.IO.Pipelines;

namespace MigrateWcf.Runtime.Internal;

/// <summary>
/// Reads length-prefixed messages from a <see cref="PipeReader"/>. The length is checked against the limit as soon as the
/// 5-byte header is in, before waiting for (or allocating) the payload.
/// </summary>
internal sealed class MessageReader<T> : DeserializationContext, IMessageReaderState, IDisposable
{
    private readonly PipeReader _reader;
    private readonly Marshaller<T> _marshaller;
    private readonly int _maxReceiveSize;
    private readonly string? _encoding;
    private readonly bool _isServer;
    private ReadOnlySequence<byte> _payload;
    private PooledBufferWriter? _decompressed;

    /// <param name="encoding">The peer's <c>grpc-encoding</c>; null or identity when it sent none.</param>
    public MessageReader(PipeReader reader, Marshaller<T> marshaller, int? maxReceiveSize, string? encoding, bool isServer)
    {
        _reader = reader;
        _marshaller = marshaller;
        _maxReceiveSize = maxReceiveSize ?? int.MaxValue;
        _encoding = encoding is null || encoding == GrpcProtocol.Identity ? null : encoding;
        _isServer = isServer;
    }

    public T Current { get; private set; } = default!;

    /// <summary>Whether the last message read had the compressed flag set.</summary>
    public bool LastMessageCompressed { get; private set; }

    /// <summary>Reads the next message into <see cref="Current"/>; false at a clean end of stream.</summary>
    public async ValueTask<bool> ReadNextAsync(CancellationToken cancellationToken)
    {
        while (true)
        {
            var result = await _reader.ReadAsync(cancellationToken).ConfigureAwait(false);
            if (result.IsCanceled) throw new OperationCanceledException(cancellationToken);
            var buffer = result.Buffer;
            if (TryReadFrame(buffer, out var consumed))
            {
                _reader.AdvanceTo(consumed);
                return true;
            }
            if (result.IsCompleted)
            {
                _reader.AdvanceTo(buffer.End);
                if (buffer.Length == 0) return false;
                throw new RpcException(new Status(StatusCode.Internal, _isServer ? "Incomplete message: the request ended inside a message." : "Incomplete message: the response ended inside a message."));
            }
            _reader.AdvanceTo(buffer.Start, buffer.End);
        }
    }

    private bool TryReadFrame(in ReadOnlySequence<byte> buffer, out SequencePosition consumed)
    {
        consumed = buffer.Start;
        if (buffer.Length < GrpcProtocol.HeaderSize) return false;

        Span<byte> header = stackalloc byte[GrpcProtocol.HeaderSize];
        buffer.Slice(0, GrpcProtocol.HeaderSize).CopyTo(header);
        var flag = header[0];
        var length = BinaryPrimitives.ReadUInt32BigEndian(header.Slice(1));
        if (flag > 1)
        {
            throw new RpcException(new Status(StatusCode.Internal, "Invalid compressed flag in message header."));
        }
        if (length > (uint)_maxReceiveSize)
        {
            throw new RpcException(new Status(StatusCode.ResourceExhausted, "Received message exceeds the maximum configured message size."));
        }
        if (buffer.Length - GrpcProtocol.HeaderSize < length) return false;

        var payload = buffer.Slice(GrpcProtocol.HeaderSize, length);
        LastMessageCompressed = flag == 1;
        if (flag == 1)
        {
            if (_encoding is null)
            {
                throw new RpcException(new Status(StatusCode.Internal, "A message has the compressed flag set but no grpc-encoding was given."));
            }
            _decompressed ??= new PooledBufferWriter();
            _decompressed.Reset();
            GzipCompression.Decompress(payload, _decompressed, _maxReceiveSize);
            payload = new ReadOnlySequence<byte>(_decompressed.WrittenMemory);
        }

        _payload = payload;
        try
        {
            Current = _marshaller.ContextualDeserializer(this);
        }
        catch (Exception ex) when (ex is not RpcException)
        {
            throw new RpcException(new Status(StatusCode.Internal, "Failed to deserialize the message.", ex));
        }
        finally
        {
            _payload = default;
        }
        consumed = buffer.GetPosition(GrpcProtocol.HeaderSize + length);
        return true;
    }

    public override int PayloadLength => (int)_payload.Length;
    public override ReadOnlySequence<byte> PayloadAsReadOnlySequence() => _payload;

    public void Dispose() => _decompressed?.Dispose();
}

internal interface IMessageReaderState
{
    bool LastMessageCompressed { get; }
}
