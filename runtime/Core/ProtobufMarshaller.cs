using Google.Protobuf;

namespace MigrateWcf.Runtime;

/// <summary>Marshallers for Google.Protobuf messages: sizes are computed first so messages are written straight into the transport buffers.</summary>
public static class ProtobufMarshaller
{
    /// <summary>The marshaller for <typeparamref name="T"/> (cached per type).</summary>
    public static Marshaller<T> For<T>() where T : class, IMessage<T>, new() => Cache<T>.Instance;

    /// <summary>A marshaller using an explicit parser (e.g. one configured with extensions).</summary>
    public static Marshaller<T> Create<T>(MessageParser<T> parser) where T : IMessage<T> =>
        new(
            static (message, context) =>
            {
                context.SetPayloadLength(message.CalculateSize());
                message.WriteTo(context.GetBufferWriter());
                context.Complete();
            },
            context => parser.ParseFrom(context.PayloadAsReadOnlySequence()));

    private static class Cache<T> where T : class, IMessage<T>, new()
    {
        public static readonly Marshaller<T> Instance = Create(new MessageParser<T>(static () => new T()));
    }
}
