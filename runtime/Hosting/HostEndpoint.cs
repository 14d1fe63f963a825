using System.Net;
using System.Security.Cryptography.X509Certificates;
using Microsoft.AspNetCore.Authentication.Certificate;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using Microsoft.AspNetCore.Server.Kestrel.Https;
using Microsoft.Extensions.Hosting;

namespace MigrateWcf.Runtime;

/// <summary>An endpoint of a <see cref="MigratedHost"/> as resolved from configuration: its address parsed, its
/// combination of TLS, plaintext and client certificates checked, its certificates loaded.</summary>
internal sealed record HostEndpoint(string Name, GrpcEndpoint Endpoint, HostEndpointOptions Settings, X509Certificate2? Certificate, ClientCertificateTrust? ClientTrust)
{
    /// <summary>The connection item that names the endpoint a connection came in on.</summary>
    public const string ConnectionItem = "migrate-wcf.endpoint";

    /// <summary>Callers are asked for a client certificate at the TLS handshake, and one presented is authenticated.</summary>
    public bool AsksForClientCertificate => AsksForClientCertificateIn(Settings);

    /// <summary>A call without a valid client certificate is refused.</summary>
    public bool RequiresClientCertificate =>
        Settings.ClientCertificate == ClientCertificateRequirement.Required || Settings.Authentication == EndpointAuthentication.Certificate;

    /// <summary>The endpoint's own certificate authentication scheme (each may trust another authority).</summary>
    public string AuthenticationScheme => CertificateAuthenticationDefaults.AuthenticationScheme + ":" + Name;

    /// <summary>The endpoints options name, validated: each URL parsed, TLS where TCP leaves the machine, certificates loaded.</summary>
    public static List<HostEndpoint> ResolveAll(MigratedHostOptions options, IHostEnvironment environment)
    {
        // Each with the key its address came from, for messages.
        var configured = new List<(string Name, string UrlKey, HostEndpointOptions Settings)>();
        if (options.Socket is { Length: > 0 } socket)
        {
            // A pipe name on Windows (Kestrel's named-pipe transport, current user only). Elsewhere a path is a socket
            // file and a plain name the socket .NET's pipe classes use for that pipe name.
            var url = OperatingSystem.IsWindows() || !socket.Contains('/') ? "pipe:" + socket : "unix:" + Path.GetFullPath(socket);
            if (OperatingSystem.IsWindows() && !GrpcEndpoint.TryParse(url, out _))
            {
                throw new InvalidOperationException(
                    $"{MigratedHostOptions.SectionName}:{nameof(MigratedHostOptions.Socket)} (--socket): '{socket}' is not a pipe name (letters, digits, '.', '-', '_'); on Windows Socket names a named pipe.");
            }

            configured.Add((nameof(MigratedHostOptions.Socket), $"{MigratedHostOptions.SectionName}:{nameof(MigratedHostOptions.Socket)} (--socket)", new HostEndpointOptions { Url = url }));
        }

        if (options.SocketOnly)
        {
            if (configured.Count == 0)
            {
                throw new InvalidOperationException($"{MigratedHostOptions.SectionName}:{nameof(MigratedHostOptions.SocketOnly)} needs --socket PATH.");
            }

            return [Resolve(configured[0].Name, configured[0].UrlKey, configured[0].Settings, environment)];
        }

        if (options.HttpPort is { } port)
        {
            // Loopback only, as the sample's REST callers are local (tests, curl); a remote one needs an https endpoint.
            configured.Add((nameof(MigratedHostOptions.HttpPort), $"{MigratedHostOptions.SectionName}:{nameof(MigratedHostOptions.HttpPort)} (--http-port)", new HostEndpointOptions
            {
                Url = string.Create(System.Globalization.CultureInfo.InvariantCulture, $"http://127.0.0.1:{port}"),
                Protocol = HostEndpointProtocol.HttpJson,
                Insecure = true,
            }));
        }

        configured.AddRange(options.Endpoints.Select(e => (e.Key, $"{MigratedHostOptions.SectionName}:Endpoints:{e.Key}:Url", e.Value)));
        if (configured.Count == 0)
        {
            throw new InvalidOperationException(
                $"No endpoint is configured: give --socket PATH, or {MigratedHostOptions.SectionName}:Endpoints:<name>:Url in appsettings.json or the environment (docs/hosting.md).");
        }

        var endpoints = configured.Select(e => Resolve(e.Name, e.UrlKey, e.Settings, environment)).ToList();
        foreach (var duplicate in endpoints.GroupBy(e => e.Endpoint).Where(g => g.Count() > 1))
        {
            throw new InvalidOperationException($"Endpoints {string.Join(" and ", duplicate.Select(e => e.Name))} both listen on {duplicate.Key}.");
        }

        return endpoints;
    }

    private static HostEndpoint Resolve(string name, string urlKey, HostEndpointOptions settings, IHostEnvironment environment)
    {
        var key = $"{MigratedHostOptions.SectionName}:Endpoints:{name}";
        if (string.IsNullOrWhiteSpace(settings.Url))
        {
            throw new InvalidOperationException($"{urlKey} is missing: give unix:/path, pipe:name, https://host:port or http://host:port.");
        }

        GrpcEndpoint endpoint;
        try
        {
            endpoint = GrpcEndpoint.Parse(settings.Url);
        }
        catch (FormatException e)
        {
            throw new InvalidOperationException($"{urlKey}: {e.Message}", e);
        }

        var tcp = endpoint.Kind == GrpcEndpointKind.Tcp;
        if (settings.Protocol == HostEndpointProtocol.HttpJson && !tcp)
        {
            throw new InvalidOperationException($"{key}: HTTP + JSON needs a TCP endpoint (https://host:port), not {endpoint}.");
        }

        if (tcp && !endpoint.IsTls)
        {
            if (!settings.Insecure)
            {
                throw new InvalidOperationException($"{key}: {endpoint} is plaintext TCP; use https:// with a certificate, or set {key}:Insecure to true (loopback only) if nothing else can reach it.");
            }

            if (!IsLoopback(endpoint.Host!) && !settings.AllowRemoteInsecure)
            {
                throw new InvalidOperationException($"{key}: {endpoint} is plaintext TCP that other machines can reach; use https://, listen on 127.0.0.1, or set {key}:AllowRemoteInsecure to true.");
            }
        }

        var asksForClientCertificate = AsksForClientCertificateIn(settings);
        if (asksForClientCertificate && !endpoint.IsTls)
        {
            throw new InvalidOperationException($"{key}: client certificates need TLS; use https:// (the endpoint is {endpoint}).");
        }

        // Trust settings on an endpoint that checks no certificate would only look like protection.
        foreach (var (setting, isSet) in new[]
        {
            (nameof(HostEndpointOptions.ClientCertificateAuthority), settings.ClientCertificateAuthority is not null),
            (nameof(HostEndpointOptions.ClientCertificateRevocation), settings.ClientCertificateRevocation is not null),
        })
        {
            if (isSet && !asksForClientCertificate)
            {
                throw new InvalidOperationException(
                    $"{key}:{setting} is set, but the endpoint asks for no client certificate: set {key}:{nameof(HostEndpointOptions.ClientCertificate)} to Required (or Allow), or remove it.");
            }
        }

        if (settings.Authentication == EndpointAuthentication.Windows)
        {
            // Negotiate authenticates an HTTP/1.1 connection; HTTP/2 multiplexes calls of any caller over one, so
            // ASP.NET Core refuses it there, and gRPC is HTTP/2.
            throw new InvalidOperationException(
                $"{key}: Windows authentication (Negotiate) cannot authenticate gRPC calls: it works on HTTP/1.1 connections only. "
                + "Use client certificates (Authentication: Certificate) between machines, or a Unix socket / named pipe, which only its owner can reach, on one machine.");
        }

        X509Certificate2? certificate = null;
        if (endpoint.IsTls)
        {
            if (settings.Certificate is { } file)
            {
                certificate = file.LoadWithKey($"{key}:Certificate");
            }
            else if (!environment.IsDevelopment())
            {
                throw new InvalidOperationException(
                    $"{key}: {endpoint} needs a certificate: set {key}:Certificate:Path (and KeyPath for a PEM key). The ASP.NET Core development certificate is used only in the Development environment.");
            }
        }

        var trust = asksForClientCertificate
            ? new ClientCertificateTrust(
                settings.ClientCertificateAuthority?.LoadCertificates($"{key}:{nameof(HostEndpointOptions.ClientCertificateAuthority)}"),
                settings.ClientCertificateRevocation ?? X509RevocationMode.NoCheck)
            : null;
        return new HostEndpoint(name, endpoint, settings, certificate, trust);
    }

    private static bool AsksForClientCertificateIn(HostEndpointOptions settings) =>
        settings.ClientCertificate != ClientCertificateRequirement.None || settings.Authentication == EndpointAuthentication.Certificate;

    private static bool IsLoopback(string host) =>
        string.Equals(host, "localhost", StringComparison.OrdinalIgnoreCase) || (IPAddress.TryParse(host, out var address) && IPAddress.IsLoopback(address));

    /// <summary>The listener's protocols, its TLS (with client certificates asked for where configured), and the
    /// connection item naming this endpoint, which <see cref="ClientCertificateCheck"/> reads.</summary>
    public void ConfigureListener(ListenOptions listen)
    {
        var http = Settings.Protocol == HostEndpointProtocol.HttpJson;
        listen.Protocols = Endpoint.IsTls
            // ALPN picks HTTP/2 for gRPC callers and HTTP/1.1 for REST callers and health probes.
            ? HttpProtocols.Http1AndHttp2
            : http ? HttpProtocols.Http1 : HttpProtocols.Http2;
        if (Endpoint.IsTls)
        {
            listen.UseHttps(https =>
            {
                if (Certificate is { } certificate)
                {
                    https.ServerCertificate = certificate;
                }

                if (AsksForClientCertificate)
                {
                    // Asked for at the handshake, judged by the authentication handler: a caller without one gets a
                    // gRPC UNAUTHENTICATED instead of a failed handshake it cannot tell from a network error.
                    https.ClientCertificateMode = ClientCertificateMode.AllowCertificate;
                    https.AllowAnyClientCertificate();
                }
            });
        }

        listen.Use(next => connection =>
        {
            connection.Items[ConnectionItem] = Name;
            return next(connection);
        });
    }
}
