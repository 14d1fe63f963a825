using System.ServiceModel;

namespace MigrateWcf.Equivalence.Tests;

/// <summary>Closing the suite's clients, whatever kind each side hands out (a WCF channel, a disposable shim).</summary>
public static class ClientLifetime
{
    /// <summary>Closes a client gracefully, or aborts it when it cannot be closed (already faulted, peer gone).</summary>
    public static void Close(object client)
    {
        switch (client)
        {
            case ICommunicationObject channel:
                try
                {
                    if (channel.State == CommunicationState.Opened)
                    {
                        channel.Close(TimeSpan.FromSeconds(10));
                    }
                    else
                    {
                        channel.Abort();
                    }
                }
                catch (Exception e) when (e is CommunicationException or TimeoutException or ObjectDisposedException)
                {
                    channel.Abort();
                }

                break;
            case IAsyncDisposable asyncDisposable:
                asyncDisposable.DisposeAsync().AsTask().GetAwaiter().GetResult();
                break;
            case IDisposable disposable:
                disposable.Dispose();
                break;
        }
    }

    /// <summary>False once a client can no longer carry calls (a faulted or closed WCF channel).</summary>
    public static bool IsUsable(object client) =>
        client is not ICommunicationObject channel || channel.State is CommunicationState.Created or CommunicationState.Opening or CommunicationState.Opened;
}
