using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.Extensions.DependencyInjection;
using MigrateWcf.Runtime;

namespace MigrateWcf.Tests.Shared;

/// <summary>A started Kestrel host serving gRPC on one endpoint through the runtime's public hosting
/// (<c>AddGrpcEndpoint</c>, <c>MapGrpcHostServices</c>), in one call, for tests and benchmarks. Dispose stops it, which
/// also removes its socket file. Services run in production by <c>MigratedHost</c>.</summary>
public sealed class GrpcHost : IAsyncDisposable
{
    private GrpcHost(WebApplication app, GrpcEndpoint endpoint, GrpcEndpoint? httpJsonEndpoint) =>
        (App, Endpoint, HttpJsonEndpoint) = (app, endpoint, httpJsonEndpoint);

    /// <summary>The endpoint listened on; for TCP port 0, with the port chosen.</summary>
    public GrpcEndpoint Endpoint { get; }

    /// <summary>The HTTP + JSON (transcoding) endpoint when <see cref="GrpcHostOptions.HttpJson"/> was set, with the port
    /// chosen for port 0; null otherwise.</summary>
    public GrpcEndpoint? HttpJsonEndpoint { get; }

    /// <summary>The running application (its services, <c>App.WaitForShutdownAsync()</c>, <c>App.StopAsync()</c>).</summary>
    public WebApplication App { get; }

    /// <example><c>await using var host = await GrpcHost.StartAsync(endpoint, h =&gt; h.MapService&lt;GreeterService&gt;());</c></example>
    /// <exception cref="GrpcHostingException">The endpoint cannot be listened on (the message says why).</exception>
    public static async Task<GrpcHost> StartAsync(GrpcEndpoint endpoint, Action<HostSetup> configure, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(endpoint);
        ArgumentNullException.ThrowIfNull(configure);
        var builder = WebApplication.CreateSlimBuilder(new WebApplicationOptions { Args = [] });
        HostSetup? setup = null;
        // The options are the setup's: configured before AddGrpcEndpoint reads them.
        builder.AddGrpcEndpoint(endpoint, options => configure(setup = new HostSetup(builder, options)));
        var app = builder.Build();
        try
        {
            setup!.ConfigureApp(app);
            app.MapGrpcHostServices();
            await app.StartAsync(cancellationToken).ConfigureAwait(false);
        }
        catch
        {
            await app.DisposeAsync().ConfigureAwait(false);
            throw;
        }

        // Kestrel reports its addresses in the order the listeners were configured: the gRPC endpoint, then HTTP + JSON.
        var addresses = app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.ToList();
        var httpJson = setup.Options.HttpJson;
        return new GrpcHost(
            app,
            ListenedOn(endpoint, addresses[0]),
            httpJson is null ? null : ListenedOn(httpJson, addresses[^1]));
    }

    private static GrpcEndpoint ListenedOn(GrpcEndpoint endpoint, string address) =>
        endpoint is { Kind: GrpcEndpointKind.Tcp, Port: 0 } ? GrpcEndpoint.Tcp(endpoint.Host!, new Uri(address).Port) : endpoint;

    public async ValueTask DisposeAsync()
    {
        try
        {
            await App.StopAsync().ConfigureAwait(false);
        }
        finally
        {
            await App.DisposeAsync().ConfigureAwait(false);
        }
    }
}
