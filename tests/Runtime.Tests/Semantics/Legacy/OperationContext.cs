using System.ServiceModel;

namespace MigrateWcf.Runtime.Tests.Semantics.Legacy;

/// <summary>
/// Written as migrate-wcf will emit it beside migrated implementations: a type named OperationContext in the
/// implementation's own namespace, which C# binds before the one imported by <c>using System.ServiceModel</c>, so
/// <c>OperationContext.Current.GetCallbackChannel&lt;T&gt;()</c> and <c>Channel.Closed</c> keep working unchanged.
/// </summary>
internal sealed class OperationContext
{
    private readonly WcfOperationContext _context;

    private OperationContext(WcfOperationContext context) => _context = context;

    /// <summary>Null outside a service operation, as WCF's.</summary>
    public static OperationContext? Current => WcfOperationContext.Current is { } context ? new(context) : null;

    public ICommunicationObject Channel => _context.Channel;

    public string SessionId => _context.SessionId;

    public T GetCallbackChannel<T>() => _context.GetCallbackChannel<T>();

    public System.ServiceModel.Channels.MessageProperties IncomingMessageProperties => _context.IncomingMessageProperties;
}
