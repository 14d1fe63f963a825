using LegacyWcf.Contracts;
using MigrateWcf.Runtime;
using MigratedClientFactory = LegacyWcf.Contracts.Grpc.MigratedClientFactory;

namespace MigrateWcf.Equivalence.Tests.Migrated;

/// <summary>
/// The migrated side: samples/Migrated/Host as real processes on Unix sockets in a fresh owner-only folder, one serving
/// ISimple with SimpleMultiple (and every other contract), one with SimpleSingle (the generated hosting serves one class
/// per contract, as each WCF endpoint did), and the generated client factory for each. Disposing closes every client,
/// stops the hosts with SIGTERM and checks each removed its socket.
/// </summary>
[System.Runtime.Versioning.UnsupportedOSPlatform("windows")]
public class MigratedService : IAsyncLifetime
{
    /// <summary>Each call's deadline when a test sets none (WCF's default sendTimeout is also a minute).</summary>
    private static readonly TimeSpan SendTimeout = TimeSpan.FromMinutes(1);

    private readonly SocketFolder _folder = new();
    private readonly List<MigratedClientFactory> _factories = new();
    private MigratedHostProcess? _host;
    private MigratedHostProcess? _simpleSingleHost;
    private MigratedClientFactory? _clients;
    private MigratedClientFactory? _simpleSingleClients;

    /// <summary>Clients the suite reuses across tests.</summary>
    public SharedClients Clients { get; } = new();

    private string Socket => _folder.Combine("migrated.sock");

    private string SimpleSingleSocket => _folder.Combine("simple-single.sock");

    public async Task InitializeAsync()
    {
        Task<MigratedHostProcess> host = MigratedHostProcess.StartReadyAsync("--socket", Socket);
        Task<MigratedHostProcess> simpleSingle = MigratedHostProcess.StartReadyAsync("--socket", SimpleSingleSocket, "--MigratedServices:Simple", "SimpleSingle");
        try
        {
            _host = await host;
            _simpleSingleHost = await simpleSingle;
        }
        catch
        {
            // Stop whichever started before the other failed.
            foreach (Task<MigratedHostProcess> started in new[] { host, simpleSingle })
            {
                try
                {
                    (await started).Dispose();
                }
                catch (InvalidOperationException)
                {
                }
            }

            throw;
        }

        _clients = Factory(Socket, SendTimeout);
        _simpleSingleClients = Factory(SimpleSingleSocket, SendTimeout);
    }

    public IOrderService CreateOrderService() => Clients_.CreateOrderService();

    public IInventoryService CreateInventoryService() => Clients_.CreateInventoryService();

    public IStockWatch CreateStockWatch(IStockWatchCallback callback) => Clients_.CreateStockWatch(callback);

    public IShoppingCart CreateShoppingCart() => Clients_.CreateShoppingCart();

    /// <summary>With a timeout, a factory of its own whose every call has that deadline (WCF's OperationTimeout).</summary>
    public IWarehouse CreateWarehouse(TimeSpan? operationTimeout) =>
        (operationTimeout is { } timeout ? Factory(Socket, timeout) : Clients_).CreateWarehouse();

    public ISimple CreateSimple(SimpleImplementation implementation) => implementation == SimpleImplementation.ConcurrencySingle
        ? (_simpleSingleClients ?? throw NotStarted()).CreateSimple()
        : Clients_.CreateSimple();

    public async Task DisposeAsync()
    {
        Clients.Dispose();
        lock (_factories)
        {
            _factories.ForEach(factory => factory.Dispose());
            _factories.Clear();
        }

        var failures = new List<string>();
        foreach (var (host, socket) in new[] { (_host, Socket), (_simpleSingleHost, SimpleSingleSocket) })
        {
            if (host is null)
            {
                continue;
            }

            using (host)
            {
                if (!await host.StopAsync())
                {
                    failures.Add($"the host on {socket} did not stop within a minute after SIGTERM:\n{host.Output}");
                }
                else if (host.ExitCode != 0 || File.Exists(socket))
                {
                    failures.Add($"the host on {socket} exited with {host.ExitCode}, socket {(File.Exists(socket) ? "still there" : "removed")}:\n{host.Output}");
                }
            }
        }

        _folder.Dispose();
        if (failures.Count > 0)
        {
            throw new InvalidOperationException(string.Join("\n", failures));
        }
    }

    private MigratedClientFactory Clients_ => _clients ?? throw NotStarted();

    /// <summary>Whether the generated clients make their unary calls on the host's local call lane (the default) or
    /// over HTTP/2.</summary>
    protected virtual bool CallLane => true;

    private MigratedClientFactory Factory(string socket, TimeSpan sendTimeout)
    {
        var factory = new MigratedClientFactory(GrpcEndpoint.UnixSocket(socket), new ClientProxyOptions { SendTimeout = sendTimeout, CallLane = CallLane });
        lock (_factories)
        {
            _factories.Add(factory);
        }

        return factory;
    }

    private static InvalidOperationException NotStarted() => new("the migrated host did not start");
}

/// <summary>The migrated side with the generated clients' local call lane off: every call an HTTP/2 request.</summary>
[System.Runtime.Versioning.UnsupportedOSPlatform("windows")]
public sealed class MigratedServiceOverHttp2 : MigratedService
{
    protected override bool CallLane => false;
}
