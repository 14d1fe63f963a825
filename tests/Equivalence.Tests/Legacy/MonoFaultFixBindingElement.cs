using System.ServiceModel.Channels;
using System.ServiceModel.Description;
using System.Xml;

namespace MigrateWcf.Equivalence.Tests.Legacy;

/// <summary>
/// Client-side fix for two defects of Mono 6.8's WCF in the fault replies it sends, so that the .NET WCF client sees the
/// fault a .NET Framework service would have sent (measured here; see the README's divergence list):
/// <list type="number">
/// <item>No <c>RelatesTo</c> header. The .NET client matches a reply to its request by <c>RelatesTo</c> only, so without it a
/// fault is taken for an incoming message and dropped, and the call waits until its timeout.</item>
/// <item>A declared fault's action joins the contract namespace and the contract name without the '/' WCF puts between
/// them (<c>http://migrate-wcf.samples/legacyIOrderService/CancelOrderOrderFaultFault</c>), so the client matches no
/// <c>[FaultContract]</c> and throws a plain <see cref="System.ServiceModel.FaultException"/> instead of
/// <c>FaultException&lt;OrderFault&gt;</c>.</item>
/// </list>
/// It wraps the binding's message encoder. Per connection (the transport asks for one session encoder per channel) it
/// remembers the <c>MessageId</c> of each request written; a fault that arrives without <c>RelatesTo</c> gets the id of the
/// oldest request still awaiting its reply, and, when its action is Mono's spelling of a fault the contract declares, the
/// declared action. Every other message passes through untouched. Exact while a channel has one request in flight at a
/// time, which is how the suite uses its clients.
/// </summary>
internal sealed class MonoFaultFixBindingElement : MessageEncodingBindingElement
{
    private readonly MessageEncodingBindingElement _inner;
    private readonly IReadOnlyDictionary<string, string> _declaredFaultActions;

    private MonoFaultFixBindingElement(MessageEncodingBindingElement inner, IReadOnlyDictionary<string, string> declaredFaultActions)
    {
        _inner = inner;
        _declaredFaultActions = declaredFaultActions;
    }

    public override MessageVersion MessageVersion
    {
        get => _inner.MessageVersion;
        set => _inner.MessageVersion = value;
    }

    /// <summary>The binding with its message encoding wrapped; everything else (transport, timeouts, quotas) unchanged.</summary>
    public static CustomBinding Apply(Binding binding, ContractDescription contract)
    {
        var custom = new CustomBinding(binding);
        int index = custom.Elements.ToList().FindIndex(e => e is MessageEncodingBindingElement);
        if (index < 0)
        {
            throw new ArgumentException($"binding '{binding.Name}' has no message encoding element to wrap", nameof(binding));
        }

        custom.Elements[index] = new MonoFaultFixBindingElement((MessageEncodingBindingElement)custom.Elements[index], DeclaredFaultActions(contract));
        return custom;
    }

    /// <summary>Mono's action for each fault the contract declares → the action WCF gives it.</summary>
    private static Dictionary<string, string> DeclaredFaultActions(ContractDescription contract)
    {
        var actions = new Dictionary<string, string>(StringComparer.Ordinal);
        string prefix = contract.Namespace.EndsWith('/') ? contract.Namespace : contract.Namespace + "/";
        foreach (FaultDescription fault in contract.Operations.SelectMany(o => o.Faults))
        {
            if (fault.Action.StartsWith(prefix, StringComparison.Ordinal) && !contract.Namespace.EndsWith('/'))
            {
                actions[contract.Namespace + fault.Action[prefix.Length..]] = fault.Action;
            }
        }

        return actions;
    }

    public override MessageEncoderFactory CreateMessageEncoderFactory() =>
        new Factory(_inner.CreateMessageEncoderFactory(), _declaredFaultActions);

    public override BindingElement Clone() =>
        new MonoFaultFixBindingElement((MessageEncodingBindingElement)_inner.Clone(), _declaredFaultActions);

    public override IChannelFactory<TChannel> BuildChannelFactory<TChannel>(BindingContext context)
    {
        // The transport finds its encoding among the binding parameters, as it does for the built-in encodings.
        context.BindingParameters.Add(this);
        return context.BuildInnerChannelFactory<TChannel>();
    }

    public override bool CanBuildChannelFactory<TChannel>(BindingContext context)
    {
        context.BindingParameters.Add(this);
        return context.CanBuildInnerChannelFactory<TChannel>();
    }

    public override T GetProperty<T>(BindingContext context) => _inner.GetProperty<T>(context);

    private sealed class Factory(MessageEncoderFactory inner, IReadOnlyDictionary<string, string> declaredFaultActions) : MessageEncoderFactory
    {
        public override MessageEncoder Encoder => inner.Encoder;

        public override MessageVersion MessageVersion => inner.MessageVersion;

        public override MessageEncoder CreateSessionEncoder() => new FixingEncoder(inner.CreateSessionEncoder(), declaredFaultActions);
    }

    /// <summary>One connection's encoder: the inner session encoder plus the ids of the requests awaiting a reply.</summary>
    private sealed class FixingEncoder(MessageEncoder inner, IReadOnlyDictionary<string, string> declaredFaultActions) : MessageEncoder
    {
        private readonly LinkedList<UniqueId> _awaitingReply = new();

        public override string ContentType => inner.ContentType;

        public override string MediaType => inner.MediaType;

        public override MessageVersion MessageVersion => inner.MessageVersion;

        public override T GetProperty<T>() => inner.GetProperty<T>();

        public override bool IsContentTypeSupported(string contentType) => inner.IsContentTypeSupported(contentType);

        public override ArraySegment<byte> WriteMessage(Message message, int maxMessageSize, BufferManager bufferManager, int messageOffset)
        {
            Remember(message);
            return inner.WriteMessage(message, maxMessageSize, bufferManager, messageOffset);
        }

        public override void WriteMessage(Message message, Stream stream)
        {
            Remember(message);
            inner.WriteMessage(message, stream);
        }

        public override Message ReadMessage(ArraySegment<byte> buffer, BufferManager bufferManager, string contentType) =>
            Fix(inner.ReadMessage(buffer, bufferManager, contentType));

        public override Message ReadMessage(Stream stream, int maxSizeOfHeaders, string contentType) =>
            Fix(inner.ReadMessage(stream, maxSizeOfHeaders, contentType));

        private void Remember(Message message)
        {
            // Requests carry a MessageId; one-way messages do not and get no reply.
            UniqueId? id = message.Headers.MessageId;
            if (id is not null)
            {
                lock (_awaitingReply)
                {
                    _awaitingReply.AddLast(id);
                }
            }
        }

        private Message Fix(Message message)
        {
            UniqueId? relatesTo = message.Headers.RelatesTo;
            lock (_awaitingReply)
            {
                if (relatesTo is not null)
                {
                    _awaitingReply.Remove(relatesTo);
                    return message;
                }

                if (!message.IsFault || _awaitingReply.First is not { } oldest)
                {
                    return message;
                }

                message.Headers.RelatesTo = oldest.Value;
                _awaitingReply.RemoveFirst();
            }

            if (message.Headers.Action is { } action && declaredFaultActions.TryGetValue(action, out string? declared))
            {
                message.Headers.Action = declared;
            }

            return message;
        }
    }
}
