using System.ServiceModel;
using System.ServiceModel.Channels;
using Grpc.Core;

namespace MigrateWcf.Runtime;

/// <summary>
/// The runtime's OperationContext, current inside every call the invoker runs (an AsyncLocal: it flows across awaits).
/// WCF's own cannot serve (a user-created one has no callback channel or Channel, see runtime/README.md), so the
/// generator shadows <c>OperationContext</c> in the implementation's namespace with a wrapper over this type.
/// </summary>
public sealed class WcfOperationContext
{
    private static readonly AsyncLocal<WcfOperationContext?> CurrentContext = new();
    private readonly WcfServiceRuntime? _runtime;
    private ServiceSession? _session;
    private int _callEnded; // a call without a session: 1 once it has ended, 2 once its session has been told
    private ServerCallContext? _call;
    private MessageProperties? _incomingMessageProperties;

    /// <summary>The context of one call in <paramref name="session"/>.</summary>
    internal WcfOperationContext(ServiceSession session, ServerCallContext? call)
    {
        _session = session;
        _call = call;
    }

    /// <summary>The context of one call without the session header, which is its own session (as in WCF over a
    /// sessionless binding); that session is made only if the operation asks for it.</summary>
    internal WcfOperationContext(WcfServiceRuntime runtime, ServerCallContext? call)
    {
        _runtime = runtime;
        _call = call;
    }

    /// <summary>The context of the operation running on this async flow, or null outside one.</summary>
    public static WcfOperationContext? Current { get => CurrentContext.Value; internal set => CurrentContext.Value = value; }

    public ServiceSession Session => Volatile.Read(ref _session) ?? StartOwnSession();

    /// <summary>The session's channel: Closed (and Faulted first, when the client went away) are raised when it ends.</summary>
    public ICommunicationObject Channel => Session;

    public string SessionId => Session.SessionId;

    /// <summary>The session's callback proxy, usable until the session ends; throws when the client opened no Callbacks stream.</summary>
    public T GetCallbackChannel<T>() => Session.GetCallbackChannel<T>();

    /// <summary>
    /// The call's incoming message properties as WCF's HTTP transport gave them: <c>["httpRequest"]</c>, an
    /// <see cref="HttpRequestMessageProperty"/> with the request's headers (a gRPC caller's metadata), method and query
    /// string, and <see cref="MessageProperties.Via"/>, the request's address. Made on first use; empty outside a call.
    /// </summary>
    public MessageProperties IncomingMessageProperties
        => _incomingMessageProperties ??= IncomingHttpRequest.Properties(_call);

    /// <summary>Keeps what the call's request carried past the end of the call (a one-way operation runs after its
    /// acknowledgement, when the request is gone).</summary>
    internal void Detach()
    {
        _ = IncomingMessageProperties;
        _call = null;
    }

    /// <summary>Ends one call: leaves its session, which a call without the session header also ends.</summary>
    internal void EndCall()
    {
        if (_runtime is null)
        {
            _session!.Exit();
        }
        else if (Interlocked.Exchange(ref _callEnded, 1) == 0 && Volatile.Read(ref _session) is { } session && Interlocked.Exchange(ref _callEnded, 2) == 1)
        {
            session.Exit();
        }
    }

    private ServiceSession StartOwnSession()
    {
        var session = _runtime!.StartOwnSession();
        if (Interlocked.CompareExchange(ref _session, session, null) is { } other)
        {
            return other;
        }

        // Asked for after the call ended (service code kept the context): the session has ended too.
        if (Volatile.Read(ref _callEnded) == 1 && Interlocked.Exchange(ref _callEnded, 2) == 1)
        {
            session.Exit();
        }

        return session;
    }
}
