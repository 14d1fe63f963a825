using System.Buffers;

namespace MigrateWcf.Runtime.Internal;

/// <summary>A growable buffer on ArrayPool memory; reused across messages of one call and returned on dispose.</summary>
internal sealed class PooledBufferWriter : IBufferWriter<byte>, IDisposable
{
    private byte[] _buffer;
    private int _written;

    public PooledBufferWriter(int initialCapacity = 256) => _buffer = ArrayPool<byte>.Shared.Rent(initialCapacity);

    public int WrittenCount => _written;
    public ReadOnlySpan<byte> WrittenSpan => _buffer.AsSpan(0, _written);
    public ReadOnlyMemory<byte> WrittenMemory => _buffer.AsMemory(0, _written);
    public ArraySegment<byte> WrittenSegment => new(_buffer, 0, _written);

    public void Reset() => _written = 0;

    public void Advance(int count)
    {
        if ((uint)count > (uint)(_buffer.Length - _written)) throw new ArgumentOutOfRangeException(nameof(count));
        _written += count;
    }

    public Memory<byte> GetMemory(int sizeHint = 0)
    {
        Ensure(sizeHint);
        return _buffer.AsMemory(_written);
    }

    public Span<byte> GetSpan(int sizeHint = 0)
    {
        Ensure(sizeHint);
        return _buffer.AsSpan(_written);
    }

    private void Ensure(int sizeHint)
    {
        if (sizeHint < 1) sizeHint = 1;
        if (_buffer.Length - _written >= sizeHint) return;
        var newSize = Math.Max(checked(_written + sizeHint), checked(_buffer.Length * 2));
        var next = ArrayPool<byte>.Shared.Rent(newSize);
        _buffer.AsSpan(0, _written).CopyTo(next);
        ArrayPool<byte>.Shared.Return(_buffer);
        _buffer = next;
    }

    public void Dispose()
    {
        var buffer = _buffer;
        _buffer = [];
        _written = 0;
        if (buffer.Length > 0) ArrayPool<byte>.Shared.Return(buffer);
    }
}
