using System.Net;
using MigrateWcf.Runtime.Internal;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;

namespace MigrateWcf.Runtime;

public static class GrpcHostingExtensions
{
    /// <summary>
    /// Makes Kestrel listen on the endpoint (HTTP/2 only unless <paramref name="protocols"/> says otherwise): a named pipe on Windows,
    /// the matching Unix socket elsewhere; prepares the socket file and removes it at shutdown.
    /// </summary>
    public static IWebHostBuilder ListenGrpc(this IWebHostBuilder builder, GrpcEndpoint endpoint, HttpProtocols protocols = HttpProtocols.Http2)
    {
        ArgumentNullException.ThrowIfNull(builder);
        ArgumentNullException.ThrowIfNull(endpoint);
        var socketPath = endpoint.GetUnixSocketPath();
        if (socketPath is not null)
        {
            UnixSocketFile.PrepareForBind(socketPath);
            builder.ConfigureServices(services => services.AddSingleton<IHostedService>(new UnixSocketLifecycle(socketPath)));
        }
        else if (endpoint.Kind == GrpcEndpointKind.NamedPipe && OperatingSystem.IsWindows())
        {
            builder.UseNamedPipes();
        }
        builder.ConfigureKestrel(kestrel => kestrel.ListenGrpc(endpoint, protocols));
        return builder;
    }

    /// <summary>Adds the Kestrel listener for the endpoint; for Unix sockets prefer the <see cref="IWebHostBuilder"/> overload, which also manages the socket file.</summary>
    public static void ListenGrpc(this KestrelServerOptions kestrel, GrpcEndpoint endpoint, HttpProtocols protocols = HttpProtocols.Http2)
    {
        ArgumentNullException.ThrowIfNull(kestrel);
        ArgumentNullException.ThrowIfNull(endpoint);
        Action<ListenOptions> configure = listen => listen.Protocols = protocols;
        switch (endpoint.Kind)
        {
            case GrpcEndpointKind.UnixSocket:
                kestrel.ListenUnixSocket(endpoint.Path!, configure);
                break;
            case GrpcEndpointKind.NamedPipe when OperatingSystem.IsWindows():
                kestrel.ListenNamedPipe(endpoint.PipeName!, configure);
                break;
            case GrpcEndpointKind.NamedPipe:
                kestrel.ListenUnixSocket(GrpcEndpoint.GetUnixPipePath(endpoint.PipeName!), configure);
                break;
            case GrpcEndpointKind.Tcp:
                if (string.Equals(endpoint.Host, "localhost", StringComparison.OrdinalIgnoreCase) && endpoint.Port != 0)
                {
                    kestrel.ListenLocalhost(endpoint.Port, configure);
                }
                else
                {
                    var address = string.Equals(endpoint.Host, "localhost", StringComparison.OrdinalIgnoreCase) ? IPAddress.Loopback : IPAddress.Parse(endpoint.Host!);
                    kestrel.Listen(address, endpoint.Port, configure);
                }
                break;
        }
    }
}
