using System.Net;
using System.Security.Cryptography.X509Certificates;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Routing;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using Microsoft.AspNetCore.Server.Kestrel.Https;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace MigrateWcf.Tests.Shared;

/// <summary>
/// A gRPC server over TLS on a loopback port, in this process: Kestrel started directly, until the runtime's host serves
/// https itself (then this helper gives way to GrpcHost). It can stop and start again on the same port.
/// </summary>
public sealed class TlsTestServer : IAsyncDisposable
{
    private readonly X509Certificate2 _certificate;
    private readonly Action<IServiceCollection> _services;
    private readonly Action<IEndpointRouteBuilder> _map;
    private readonly ClientCertificateMode _clientCertificates;
    private readonly Func<X509Certificate2, bool>? _acceptClient;
    private WebApplication? _app;

    private TlsTestServer(X509Certificate2 certificate, Action<IServiceCollection> services, Action<IEndpointRouteBuilder> map, ClientCertificateMode clientCertificates, Func<X509Certificate2, bool>? acceptClient) =>
        (_certificate, _services, _map, _clientCertificates, _acceptClient) = (certificate, services, map, clientCertificates, acceptClient);

    public int Port { get; private set; }

    /// <summary><c>https://127.0.0.1:port</c>.</summary>
    public string Address => $"https://127.0.0.1:{Port}";

    /// <param name="acceptClient">Where client certificates are asked for: which ones the server accepts (their
    /// authority is not in the machine's store).</param>
    public static async Task<TlsTestServer> StartAsync(
        X509Certificate2 certificate,
        Action<IServiceCollection> services,
        Action<IEndpointRouteBuilder> map,
        ClientCertificateMode clientCertificates = ClientCertificateMode.NoCertificate,
        Func<X509Certificate2, bool>? acceptClient = null)
    {
        var server = new TlsTestServer(certificate, services, map, clientCertificates, acceptClient);
        await server.StartAsync(0);
        return server;
    }

    /// <summary>Starts again on the port it had.</summary>
    public Task RestartAsync() => StartAsync(Port);

    public async Task StopAsync()
    {
        if (_app is { } app)
        {
            _app = null;
            await app.StopAsync();
            await app.DisposeAsync();
        }
    }

    public ValueTask DisposeAsync() => new(StopAsync());

    private async Task StartAsync(int port)
    {
        var builder = WebApplication.CreateSlimBuilder();
        builder.Logging.ClearProviders();
        builder.Services.AddGrpc();
        _services(builder.Services);
        builder.WebHost.ConfigureKestrel(kestrel => kestrel.Listen(IPAddress.Loopback, port, listen =>
        {
            listen.Protocols = HttpProtocols.Http2;
            listen.UseHttps(_certificate, https =>
            {
                https.ClientCertificateMode = _clientCertificates;
                if (_acceptClient is { } accept)
                {
                    https.ClientCertificateValidation = (certificate, _, _) => accept(certificate);
                }
            });
        }));
        var app = builder.Build();
        _map(app);
        await app.StartAsync();
        _app = app;
        Port = new Uri(app.Urls.First()).Port;
    }
}
