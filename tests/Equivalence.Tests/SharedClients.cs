namespace MigrateWcf.Equivalence.Tests;

/// <summary>
/// Clients one side keeps for the tests that need no fresh session, so the suite opens few connections. A client that
/// stopped being usable (a faulted channel) is replaced on the next request. Disposing closes them all.
/// </summary>
public sealed class SharedClients : IDisposable
{
    private readonly Dictionary<Type, object> _clients = new();

    /// <summary>The shared client of a contract, created by <paramref name="create"/> the first time or after it broke.</summary>
    public TContract Get<TContract>(Func<TContract> create)
        where TContract : class
    {
        lock (_clients)
        {
            if (_clients.TryGetValue(typeof(TContract), out object? existing) && ClientLifetime.IsUsable(existing))
            {
                return (TContract)existing;
            }

            if (existing is not null)
            {
                ClientLifetime.Close(existing);
            }

            TContract client = create();
            _clients[typeof(TContract)] = client;
            return client;
        }
    }

    public void Dispose()
    {
        lock (_clients)
        {
            foreach (object client in _clients.Values)
            {
                ClientLifetime.Close(client);
            }

            _clients.Clear();
        }
    }
}
