using LegacyWcf.Contracts.Grpc;
using MigrateWcf.Runtime;

namespace MigrateWcf.Migration.Tests;

/// <summary>
/// The migrated sample served the way a migrated application serves it: <see cref="GrpcHost"/> on a Unix socket in a
/// fresh owner-only folder, with the generated <c>AddMigratedServices</c> / <c>MapMigratedServices</c>; clients come
/// from the generated <see cref="MigratedClientFactory"/>. Disposing stops the host (which removes the socket).
/// </summary>
public sealed class SampleHost : IAsyncDisposable
{
    private readonly GrpcHost _host;
    private readonly string _directory;

    private SampleHost(GrpcHost host, string directory)
    {
        (_host, _directory) = (host, directory);
        Clients = new MigratedClientFactory(host.Endpoint, new ClientProxyOptions { SendTimeout = TimeSpan.FromSeconds(30) });
    }

    public GrpcEndpoint Endpoint => _host.Endpoint;

    public IServiceProvider Services => _host.App.Services;

    /// <summary>Clients sharing one channel, with a 30 s deadline per call.</summary>
    public MigratedClientFactory Clients { get; }

    public static async Task<SampleHost> StartAsync(Action<MigratedServicesOptions>? configure = null)
    {
        // A folder the host creates itself (0700), short enough for a socket path.
        var directory = Path.Combine(Path.GetTempPath(), "mwmig-" + Guid.NewGuid().ToString("N")[..12]);
        var host = await GrpcHost.StartAsync(GrpcEndpoint.UnixSocket(Path.Combine(directory, "grpc.sock")), h =>
        {
            h.Services.AddMigratedServices(configure);
            h.Configure(app => app.MapMigratedServices());
        });
        return new SampleHost(host, directory);
    }

    /// <summary>A factory with other options (a short deadline), on its own channel.</summary>
    public MigratedClientFactory Factory(ClientProxyOptions options) => new(Endpoint, options);

    public async ValueTask DisposeAsync()
    {
        Clients.Dispose();
        await _host.DisposeAsync();
        if (Directory.Exists(_directory))
        {
            Directory.Delete(_directory, recursive: true);
        }
    }
}

/// <summary>One host for a test class.</summary>
public sealed class SampleHostFixture : IAsyncLifetime
{
    private SampleHost? _host;

    public SampleHost Host => _host ?? throw new InvalidOperationException("The host has not started.");

    public async Task InitializeAsync() => _host = await SampleHost.StartAsync();

    public async Task DisposeAsync()
    {
        if (_host is not null)
        {
            await _host.DisposeAsync();
        }
    }
}
