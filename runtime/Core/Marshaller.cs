using System.Buffers;

namespace MigrateWcf.Runtime;

/// <summary>Turns messages of one type into bytes and back. The contextual form lets a serializer write straight into the transport's buffers.</summary>
public sealed class Marshaller<T>
{
    public Marshaller(Func<T, byte[]> serializer, Func<byte[], T> deserializer)
    {
        Serializer = serializer ?? throw new ArgumentNullException(nameof(serializer));
        Deserializer = deserializer ?? throw new ArgumentNullException(nameof(deserializer));
        ContextualSerializer = (message, context) => context.Complete(serializer(message));
        ContextualDeserializer = context => deserializer(context.PayloadAsNewBuffer());
    }

    public Marshaller(Action<T, SerializationContext> serializer, Func<DeserializationContext, T> deserializer)
    {
        ContextualSerializer = serializer ?? throw new ArgumentNullException(nameof(serializer));
        ContextualDeserializer = deserializer ?? throw new ArgumentNullException(nameof(deserializer));
        Serializer = message =>
        {
            var context = new ByteArraySerializationContext();
            serializer(message, context);
            return context.Result;
        };
        Deserializer = bytes => deserializer(new ByteArrayDeserializationContext(bytes));
    }

    public Func<T, byte[]> Serializer { get; }
    public Func<byte[], T> Deserializer { get; }
    public Action<T, SerializationContext> ContextualSerializer { get; }
    public Func<DeserializationContext, T> ContextualDeserializer { get; }

    private sealed class ByteArraySerializationContext : SerializationContext
    {
        private ArrayBufferWriter<byte>? _writer;
        private byte[]? _result;

        public byte[] Result => _result ?? throw new InvalidOperationException("The serializer did not call Complete.");

        public override void Complete(byte[] payload) => _result = payload;
        public override IBufferWriter<byte> GetBufferWriter() => _writer ??= new ArrayBufferWriter<byte>();
        public override void Complete() => _result = _writer?.WrittenSpan.ToArray() ?? [];
    }

    private sealed class ByteArrayDeserializationContext(byte[] payload) : DeserializationContext
    {
        public override int PayloadLength => payload.Length;
        public override byte[] PayloadAsNewBuffer() => payload;
        public override ReadOnlySequence<byte> PayloadAsReadOnlySequence() => new(payload);
    }
}

/// <summary>Where a serializer puts one message: either a whole array, or written into <see cref="GetBufferWriter"/> and then <see cref="Complete()"/>.</summary>
public abstract class SerializationContext
{
    /// <summary>Completes serialization with the whole payload in one array.</summary>
    public virtual void Complete(byte[] payload) => throw new NotSupportedException();

    /// <summary>A writer for the payload; call <see cref="Complete()"/> when done.</summary>
    public virtual IBufferWriter<byte> GetBufferWriter() => throw new NotSupportedException();

    /// <summary>Announces the exact payload length before writing, which lets the transport write the frame header first and skip a copy.</summary>
    public virtual void SetPayloadLength(int payloadLength) { }

    /// <summary>Completes serialization of what was written to <see cref="GetBufferWriter"/>.</summary>
    public virtual void Complete() => throw new NotSupportedException();
}

/// <summary>The payload of one received message.</summary>
public abstract class DeserializationContext
{
    public abstract int PayloadLength { get; }

    /// <summary>The payload copied into a new array.</summary>
    public virtual byte[] PayloadAsNewBuffer() => PayloadAsReadOnlySequence().ToArray();

    /// <summary>The payload without a copy; valid only during the deserializer call.</summary>
    public abstract ReadOnlySequence<byte> PayloadAsReadOnlySequence();
}

/// <summary>Factory helpers for <see cref="Marshaller{T}"/>.</summary>
public static class Marshallers
{
    public static Marshaller<T> Create<T>(Func<T, byte[]> serializer, Func<byte[], T> deserializer) => new(serializer, deserializer);

    public static Marshaller<T> Create<T>(Action<T, SerializationContext> serializer, Func<DeserializationContext, T> deserializer) => new(serializer, deserializer);

    /// <summary>UTF-8 strings, handy for tests and simple services.</summary>
    public static Marshaller<string> StringMarshaller { get; } = new(
        s => System.Text.Encoding.UTF8.GetBytes(s),
        b => System.Text.Encoding.UTF8.GetString(b));
}
