using System.ServiceModel;
using System.ServiceModel.Channels;
using MigrateWcf.Runtime;

namespace MigrateWcf.Compatibility;

/// <summary>
/// What a migrated project's generated <c>OperationContext</c> stand-ins derive from. WCF's OperationContext is in
/// System.ServiceModel.Primitives, where nothing sets it on a gRPC call, so each namespace whose implementations use it
/// gets a one-line <c>OperationContext : OperationContextStandIn&lt;OperationContext&gt;</c> that C# binds before the one of
/// <c>using System.ServiceModel</c>; this class gives it WCF's members over the runtime's <see cref="WcfOperationContext"/>.
/// </summary>
/// <typeparam name="TSelf">The stand-in deriving from it, the type <see cref="Current"/> returns.</typeparam>
public abstract class OperationContextStandIn<TSelf>
    where TSelf : OperationContextStandIn<TSelf>, new()
{
    private WcfOperationContext _context = null!;

    /// <summary>The current operation's context; null outside an operation, as WCF's.</summary>
    public static TSelf Current
    {
        get
        {
            if (WcfOperationContext.Current is not { } context)
            {
                return null!;
            }

            var current = new TSelf();
            ((OperationContextStandIn<TSelf>)current)._context = context;
            return current;
        }
    }

    /// <summary>The session: Closed (and Faulted first, when the client went away) are raised when it ends.</summary>
    public ICommunicationObject Channel => _context.Channel;

    /// <summary>The session's id (the migrate-wcf-session header).</summary>
    public string SessionId => _context.SessionId;

    /// <summary>
    /// The call's incoming message properties as WCF's HTTP transport gave them: <c>["httpRequest"]</c> is an
    /// HttpRequestMessageProperty with the request's headers (a gRPC caller's metadata), method and query string; Via is
    /// the request's address.
    /// </summary>
    public MessageProperties IncomingMessageProperties => _context.IncomingMessageProperties;

    /// <summary>The session's callback proxy (a duplex contract whose client opened its callback stream).</summary>
    /// <typeparam name="T">The callback contract.</typeparam>
    public T GetCallbackChannel<T>() => _context.GetCallbackChannel<T>();
}
