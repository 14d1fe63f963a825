using System.Globalization;
using System.Net;
using System.Net.Security;
using System.Security.Cryptography.X509Certificates;
using Grpc.Core;
using Grpc.Net.Client;
using Grpc.Net.Client.Balancer;
using Grpc.Net.Client.Configuration;
using Microsoft.Extensions.DependencyInjection;

namespace MigrateWcf.Runtime;

/// <summary>
/// Everything a channel of a <see cref="ClientEndpointOptions"/> needs, worked out once (addresses checked, certificate
/// files loaded, retry names matched against the factory's rpcs) so that a bad setting fails where the factory is
/// made, not at the first call; each <see cref="Open"/> makes a new grpc-dotnet channel from it.
/// </summary>
internal sealed class ClientChannelPlan
{
    // grpc-dotnet's dns resolver asks again only after a connection fails unless told to refresh: pods come and go.
    private static readonly TimeSpan DnsRefreshInterval = TimeSpan.FromSeconds(30);

    private readonly ClientEndpointOptions _options;
    private readonly X509Certificate2? _clientCertificate;
    private readonly X509Certificate2? _trustedCertificate;
    private readonly MethodConfig? _retry;

    private ClientChannelPlan(ClientEndpointOptions options, ResolvedClientEndpoint endpoint, X509Certificate2? client, X509Certificate2? trusted, MethodConfig? retry) =>
        (_options, Endpoint, _clientCertificate, _trustedCertificate, _retry) = (options, endpoint, client, trusted, retry);

    public ResolvedClientEndpoint Endpoint { get; }

    /// <summary>The rpcs retried on <c>UNAVAILABLE</c>, by full name (<c>package.Service/Method</c>).</summary>
    public IReadOnlyList<string> RetriedMethods => _retry?.Names.Select(n => n.Service + "/" + n.Method).ToList() ?? [];

    /// <summary>Checks <paramref name="options"/> and loads what they name. <paramref name="rpcs"/>: the rpcs a factory
    /// calls, to match <c>Retry:Methods</c> against (null: only full names are accepted, taken as they are).</summary>
    public static ClientChannelPlan Create(ClientEndpointOptions options, IReadOnlyCollection<ClientRpc>? rpcs)
    {
        ArgumentNullException.ThrowIfNull(options);
        var endpoint = options.Resolve();
        var client = options.ClientCertificate is { } c ? LoadClientCertificate(options, c) : null;
        var trusted = options.TrustedCertificate is { Path: { } t } ? LoadPem(options, "TrustedCertificate:Path", t) : null;
        return new ClientChannelPlan(options, endpoint, client, trusted, RetryConfig(options, rpcs));
    }

    /// <summary>A new channel. <paramref name="configureHandler"/> adjusts the HTTP/2 transport (not its TLS or its
    /// connect callback); <paramref name="configureChannel"/> grpc-dotnet's channel options.</summary>
    public GrpcChannel Open(Action<SocketsHttpHandler>? configureHandler = null, Action<GrpcChannelOptions>? configureChannel = null)
    {
        var handler = Endpoint.Single is { } single ? EndpointChannel.CreateHandler(single) : EndpointChannel.CreateTcpHandler();
        try
        {
            var connect = handler.ConnectCallback;
            configureHandler?.Invoke(handler);
            handler.ConnectCallback = connect;
            ConfigureSecurity(handler);
        }
        catch
        {
            handler.Dispose();
            throw;
        }

        void Configure(GrpcChannelOptions channel)
        {
            configureChannel?.Invoke(channel);
            if (_options.MaxReceiveMessageSize is { } receive)
            {
                channel.MaxReceiveMessageSize = receive;
            }

            if (_options.MaxSendMessageSize is { } send)
            {
                channel.MaxSendMessageSize = send;
            }

            var serviceConfig = ServiceConfig();
            if (serviceConfig is not null)
            {
                channel.ServiceConfig = serviceConfig;
            }
        }

        if (Endpoint.Single is { } endpoint)
        {
            // One address: the cheap channel of EndpointChannel (an HttpClient, no balancer); retries still apply.
            return EndpointChannel.Create(endpoint, handler, Configure);
        }

        var options = new GrpcChannelOptions();
        Configure(options);
        if (options.HttpHandler is not null || options.HttpClient is not null)
        {
            handler.Dispose();
            throw new ArgumentException("The channel's transport comes from the endpoint; set neither HttpHandler nor HttpClient.", nameof(configureChannel));
        }

        // grpc-dotnet's balancer needs its own ConnectCallback on the SocketsHttpHandler (a callback of ours would turn
        // balancing off), picks a subchannel per call and reconnects to an address that comes back.
        options.HttpHandler = handler;
        options.DisposeHttpClient = true;
        options.Credentials = Endpoint.IsTls ? ChannelCredentials.SecureSsl : ChannelCredentials.Insecure;
        var services = new ServiceCollection();
        if (options.ServiceProvider is null)
        {
            if (Endpoint.DnsHost is null)
            {
                var addresses = Endpoint.Static.Select(a => new BalancerAddress(a.Host!, a.Port)).ToArray();
                services.AddSingleton<ResolverFactory>(new StaticResolverFactory(_ => addresses));
            }
            else
            {
                services.AddSingleton<ResolverFactory>(new DnsResolverFactory(DnsRefreshInterval));
            }

            options.ServiceProvider = services.BuildServiceProvider();
        }

        var target = Endpoint.DnsHost is { } host
            ? new Uri(string.Create(CultureInfo.InvariantCulture, $"dns:///{host}:{Endpoint.DnsPort}"))
            : new Uri("static:///addresses");
        return GrpcChannel.ForAddress(target, options);
    }

    private ServiceConfig? ServiceConfig()
    {
        if (_retry is null && !Endpoint.IsBalanced)
        {
            return null;
        }

        var config = new ServiceConfig();
        if (Endpoint.Policy is { } policy)
        {
            config.LoadBalancingConfigs.Add(policy == "pick_first" ? new PickFirstConfig() : new RoundRobinConfig());
        }

        if (_retry is not null)
        {
            config.MethodConfigs.Add(_retry);
        }

        return config;
    }

    private void ConfigureSecurity(SocketsHttpHandler handler)
    {
        if (_options.UseDefaultCredentials)
        {
            // Negotiate (Kerberos, or NTLM) as the process's user: what WCF's clientCredentialType="Windows" sent.
            handler.Credentials = CredentialCache.DefaultCredentials;
        }

        if (!Endpoint.IsTls)
        {
            return;
        }

        var ssl = handler.SslOptions;
        if (_clientCertificate is { } client)
        {
            ssl.ClientCertificates = [client];
            // Present it whatever authorities the server lists: Kestrel on Linux lists none.
            ssl.LocalCertificateSelectionCallback = (_, _, _, _, _) => client;
        }

        if (_trustedCertificate is not null || Endpoint.DnsHost is not null)
        {
            ssl.RemoteCertificateValidationCallback = Validate;
        }
    }

    /// <summary>
    /// The machine's verdict, widened by what the configuration says and nothing else: a chain that fails only because
    /// its root is not in the machine's store is accepted when it chains to <c>TrustedCertificate</c>; over <c>dns:///</c>
    /// the name checked is the configured host's, since the connection is made to the address it resolved to.
    /// </summary>
    private bool Validate(object sender, X509Certificate? certificate, X509Chain? chain, SslPolicyErrors errors)
    {
        if (certificate is null || errors.HasFlag(SslPolicyErrors.RemoteCertificateNotAvailable))
        {
            return false;
        }

        var server = certificate as X509Certificate2 ?? X509CertificateLoader.LoadCertificate(certificate.GetRawCertData());
        if (errors.HasFlag(SslPolicyErrors.RemoteCertificateNameMismatch) && Endpoint.DnsHost is { } host && server.MatchesHostname(host))
        {
            errors &= ~SslPolicyErrors.RemoteCertificateNameMismatch;
        }

        if (errors == SslPolicyErrors.RemoteCertificateChainErrors && _trustedCertificate is { } trusted)
        {
            using var custom = new X509Chain();
            custom.ChainPolicy.TrustMode = X509ChainTrustMode.CustomRootTrust;
            custom.ChainPolicy.CustomTrustStore.Add(trusted);
            // A private authority or a self-signed certificate publishes no revocation list to check.
            custom.ChainPolicy.RevocationMode = X509RevocationMode.NoCheck;
            if (chain is not null)
            {
                foreach (var element in chain.ChainElements.Skip(1))
                {
                    custom.ChainPolicy.ExtraStore.Add(element.Certificate);
                }
            }

            return custom.Build(server);
        }

        return errors == SslPolicyErrors.None;
    }

    private static MethodConfig? RetryConfig(ClientEndpointOptions options, IReadOnlyCollection<ClientRpc>? rpcs)
    {
        if (options.Retry.Methods.Count == 0)
        {
            return null;
        }

        var names = new List<MethodName>();
        for (var i = 0; i < options.Retry.Methods.Count; i++)
        {
            var key = "Retry:Methods:" + i.ToString(CultureInfo.InvariantCulture);
            var name = options.Retry.Methods[i].Trim();
            var slash = name.IndexOf('/', StringComparison.Ordinal);
            List<ClientRpc> matched;
            if (rpcs is null)
            {
                if (slash <= 0 || slash == name.Length - 1)
                {
                    throw ResolvedClientEndpoint.Invalid(options, key, $"'{name}': without the factory's rpcs, name an rpc in full: package.Service/Method.");
                }

                matched = [new ClientRpc(name[..slash], name[(slash + 1)..])];
            }
            else
            {
                matched = rpcs.Where(r => slash >= 0 ? r.FullName == name : r.Method == name).ToList();
                if (matched.Count == 0)
                {
                    throw ResolvedClientEndpoint.Invalid(options, key,
                        $"'{name}' is no rpc of this client; its rpcs are: {string.Join(", ", rpcs.Select(r => r.Method).Distinct().Order(StringComparer.Ordinal))}.");
                }

                if (matched.FirstOrDefault(r => r.IsOneWay) is { } oneWay)
                {
                    throw ResolvedClientEndpoint.Invalid(options, key,
                        $"'{name}' is one-way ({oneWay.FullName}): it is acknowledged once queued, so a retry could run it twice. One-way operations are never retried.");
                }
            }

            names.AddRange(matched.Select(r => new MethodName { Service = r.Service, Method = r.Method }));
        }

        var config = new MethodConfig
        {
            RetryPolicy = new RetryPolicy
            {
                MaxAttempts = options.Retry.MaxAttempts,
                InitialBackoff = TimeSpan.FromMilliseconds(100),
                MaxBackoff = TimeSpan.FromSeconds(2),
                BackoffMultiplier = 2,
                // Only a call that never reached a service: a retry of anything else could run the operation twice.
                RetryableStatusCodes = { StatusCode.Unavailable },
            },
        };
        foreach (var name in names.DistinctBy(n => (n.Service, n.Method)))
        {
            config.Names.Add(name);
        }

        return config;
    }

    private static X509Certificate2 LoadClientCertificate(ClientEndpointOptions options, ClientCertificateOptions client)
    {
        const string key = "ClientCertificate:Path";
        X509Certificate2 certificate;
        try
        {
            var path = client.Path!;
            var isPem = client.KeyPath is not null || File.ReadAllText(path).Contains("-----BEGIN", StringComparison.Ordinal);
            certificate = !isPem ? X509CertificateLoader.LoadPkcs12FromFile(path, client.Password)
                : client.Password is { } password ? X509Certificate2.CreateFromEncryptedPemFile(path, password, client.KeyPath)
                : X509Certificate2.CreateFromPemFile(path, client.KeyPath);
        }
        catch (Exception ex) when (ex is System.Security.Cryptography.CryptographicException or IOException or UnauthorizedAccessException or ArgumentException)
        {
            throw ResolvedClientEndpoint.Invalid(options, key, $"cannot load '{client.Path}' with its key: {ex.Message}", ex);
        }

        if (!certificate.HasPrivateKey)
        {
            throw ResolvedClientEndpoint.Invalid(options, key, $"'{client.Path}' has no private key; give KeyPath, or a PKCS#12 file with its Password.");
        }

        // SChannel cannot use the ephemeral key a PEM file loads into; a PKCS#12 round trip gives it a stored one.
        return OperatingSystem.IsWindows() ? X509CertificateLoader.LoadPkcs12(certificate.Export(X509ContentType.Pkcs12), null) : certificate;
    }

    private static X509Certificate2 LoadPem(ClientEndpointOptions options, string key, string path)
    {
        try
        {
            return X509Certificate2.CreateFromPem(File.ReadAllText(path));
        }
        catch (Exception ex) when (ex is System.Security.Cryptography.CryptographicException or IOException or UnauthorizedAccessException or ArgumentException)
        {
            throw ResolvedClientEndpoint.Invalid(options, key, $"'{path}' is not a PEM certificate: {ex.Message}", ex);
        }
    }
}
