using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;

namespace MigrateWcf.Runtime;

/// <summary>Settings of <see cref="GrpcServer.StartAsync(GrpcEndpoint, IEnumerable{ServerServiceDefinition}, GrpcServerHostOptions?, CancellationToken)"/>.</summary>
public sealed class GrpcServerHostOptions
{
    /// <summary>Per-call server settings (message sizes, detailed errors, compression).</summary>
    public GrpcServerOptions Server { get; set; } = new();

    /// <summary>HTTP/2 only by default, as gRPC needs; tests may widen it to see HTTP/1.1 refused.</summary>
    public HttpProtocols Protocols { get; set; } = HttpProtocols.Http2;

    /// <summary>How long stopping waits for running calls (their tokens are cancelled as stopping begins).</summary>
    public TimeSpan ShutdownTimeout { get; set; } = TimeSpan.FromSeconds(5);

    /// <summary>Lowest log level written to the console; requests are not logged at the default.</summary>
    public LogLevel MinimumLogLevel { get; set; } = LogLevel.Warning;

    /// <summary>Last say over the host: add services, middleware-free settings, Kestrel limits.</summary>
    public Action<WebApplicationBuilder>? ConfigureBuilder { get; set; }
}

/// <summary>A running Kestrel host serving gRPC services on one endpoint. Dispose stops it and removes its socket file.</summary>
public sealed class GrpcServer : IAsyncDisposable
{
    private GrpcServer(WebApplication app, GrpcEndpoint endpoint)
    {
        App = app;
        Endpoint = endpoint;
    }

    /// <summary>The endpoint listened on; for TCP port 0, with the port chosen.</summary>
    public GrpcEndpoint Endpoint { get; }

    public WebApplication App { get; }

    public static Task<GrpcServer> StartAsync(GrpcEndpoint endpoint, ServerServiceDefinition service, GrpcServerHostOptions? options = null, CancellationToken cancellationToken = default) =>
        StartAsync(endpoint, [service], options, cancellationToken);

    /// <summary>Builds a minimal host, registers the services, listens on the endpoint and starts.</summary>
    public static async Task<GrpcServer> StartAsync(GrpcEndpoint endpoint, IEnumerable<ServerServiceDefinition> services, GrpcServerHostOptions? options = null, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(endpoint);
        ArgumentNullException.ThrowIfNull(services);
        options ??= new GrpcServerHostOptions();

        var builder = WebApplication.CreateSlimBuilder(new WebApplicationOptions { Args = [] });
        builder.Logging.ClearProviders();
        builder.Logging.AddSimpleConsole();
        builder.Logging.SetMinimumLevel(options.MinimumLogLevel);
        // With a logger attached, ASP.NET Core hosting starts an Activity and a log scope for every request: about half
        // of a unary call's server-side allocations. Request-level hosting logs say nothing a gRPC status does not.
        builder.Logging.AddFilter("Microsoft.AspNetCore.Hosting.Diagnostics", LogLevel.None);
        builder.Services.Configure<HostOptions>(host => host.ShutdownTimeout = options.ShutdownTimeout);
        var serverOptions = options.Server;
        builder.Services.AddGrpcRuntime(o =>
        {
            o.MaxReceiveMessageSize = serverOptions.MaxReceiveMessageSize;
            o.MaxSendMessageSize = serverOptions.MaxSendMessageSize;
            o.EnableDetailedErrors = serverOptions.EnableDetailedErrors;
            o.ResponseCompressionAlgorithm = serverOptions.ResponseCompressionAlgorithm;
            o.ResponseCompressionLevel = serverOptions.ResponseCompressionLevel;
            o.CancelCallsOnShutdown = serverOptions.CancelCallsOnShutdown;
        });
        builder.WebHost.ListenGrpc(endpoint, options.Protocols);
        options.ConfigureBuilder?.Invoke(builder);

        var app = builder.Build();
        foreach (var service in services) app.MapGrpcService(service);
        try
        {
            await app.StartAsync(cancellationToken).ConfigureAwait(false);
        }
        catch
        {
            await app.DisposeAsync().ConfigureAwait(false);
            throw;
        }
        return new GrpcServer(app, ResolveEndpoint(app, endpoint));
    }

    private static GrpcEndpoint ResolveEndpoint(WebApplication app, GrpcEndpoint endpoint)
    {
        if (endpoint.Kind != GrpcEndpointKind.Tcp || endpoint.Port != 0) return endpoint;
        var addresses = app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()?.Addresses;
        var first = addresses?.FirstOrDefault();
        return first is not null && Uri.TryCreate(first, UriKind.Absolute, out var uri) ? GrpcEndpoint.Tcp(endpoint.Host!, uri.Port) : endpoint;
    }

    public Task StopAsync(CancellationToken cancellationToken = default) => App.StopAsync(cancellationToken);

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
