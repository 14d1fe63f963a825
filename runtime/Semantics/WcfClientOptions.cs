using System.ServiceModel;

namespace MigrateWcf.Runtime;

public sealed class WcfClientOptions
{
    /// <summary>The deadline of a unary or client-streaming call that sets none (WCF's sendTimeout). Infinite
    /// (<see cref="TimeSpan.MaxValue"/>, <see cref="Timeout.InfiniteTimeSpan"/>, or 24.8 days and more, as WCF reads it):
    /// no deadline.</summary>
    public TimeSpan SendTimeout { get; set; } = TimeSpan.FromMinutes(1);

    private static readonly TimeSpan WcfInfinite = TimeSpan.FromMilliseconds(int.MaxValue);

    internal bool HasSendTimeout => SendTimeout != Timeout.InfiniteTimeSpan && SendTimeout < WcfInfinite;

    /// <summary>The fault detail types the client shim turns back into <see cref="FaultException{TDetail}"/>.</summary>
    public FaultDetailRegistry Faults { get; set; } = new();
}
