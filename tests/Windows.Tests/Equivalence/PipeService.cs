using LegacyWcf.Contracts;
using MigrateWcf.Runtime;
using MigratedClientFactory = LegacyWcf.Contracts.Grpc.MigratedClientFactory;

namespace MigrateWcf.Windows.Tests.Equivalence;

/// <summary>
/// The migrated side on Windows: the generated host, published for win-x64, twice on named pipes (one serving ISimple
/// with SimpleMultiple and every other contract, one with SimpleSingle), and the generated client factory for each
/// pipe, in this process. Disposing closes the clients and stops the hosts.
/// </summary>
public sealed class PipeService : IAsyncLifetime
{
    private static readonly TimeSpan SendTimeout = TimeSpan.FromMinutes(1);

    private readonly List<MigratedClientFactory> _factories = new();
    private WindowsProcess? _host;
    private WindowsProcess? _simpleSingleHost;

    public string Pipe { get; } = PipeNames.New("eq");

    public string SimpleSinglePipe { get; } = PipeNames.New("eq-single");

    /// <summary>Clients the suite reuses across tests.</summary>
    public MigrateWcf.Equivalence.Tests.SharedClients Clients { get; } = new();

    public async ValueTask InitializeAsync()
    {
        var host = WindowsProcess.StartHostAsync(null, "--socket", Pipe);
        var single = WindowsProcess.StartHostAsync(null, "--socket", SimpleSinglePipe, "--MigratedServices:Simple", "SimpleSingle");
        _host = await host;
        _simpleSingleHost = await single;
    }

    public MigratedClientFactory Factory(string pipe, TimeSpan? sendTimeout = null)
    {
        var factory = new MigratedClientFactory(GrpcEndpoint.NamedPipe(pipe), new ClientProxyOptions { SendTimeout = sendTimeout ?? SendTimeout });
        lock (_factories)
        {
            _factories.Add(factory);
        }

        return factory;
    }

    public async ValueTask DisposeAsync()
    {
        Clients.Dispose();
        lock (_factories)
        {
            _factories.ForEach(f => f.Dispose());
        }

        _host?.Dispose();
        _simpleSingleHost?.Dispose();
        await Task.CompletedTask;
    }
}
