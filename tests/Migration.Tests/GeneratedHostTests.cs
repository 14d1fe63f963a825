using System.Globalization;
using System.ServiceModel;
using System.ServiceModel.Security;
using System.Text.RegularExpressions;
using Grpc.Core;
using Grpc.Health.V1;
using LegacyWcf.Contracts;
using MigrateWcf.Runtime;
using MigratedClientFactory = LegacyWcf.Contracts.Grpc.MigratedClientFactory;

namespace MigrateWcf.Migration.Tests;

/// <summary>
/// The generated host (samples/Migrated/Service/Host) configured the ASP.NET Core way, as a real process: from
/// appsettings.json alone, from environment variables alone; TCP endpoints with TLS (certificates made for the run) called
/// by the generated client; client certificates required where configured (UNAUTHENTICATED without a valid one);
/// plaintext TCP only when configured insecure, with a warning; gRPC and HTTP health for probes.
/// </summary>
[System.Runtime.Versioning.UnsupportedOSPlatform("windows")]
public sealed partial class GeneratedHostTests
{
    private const string Name = "LegacyWcf.Migrated.Host";

    private static readonly TimeSpan Patience = TimeSpan.FromMinutes(1);

    [Fact]
    public async Task The_host_starts_from_appsettings_json_alone()
    {
        using var folder = new SocketFolder();
        string copy = folder.Combine("host");
        CopyFolder(Path.GetDirectoryName(MigratedHostProcess.Dll)!, copy);
        string socket = folder.Combine("from-appsettings.sock");
        File.WriteAllText(Path.Combine(copy, "appsettings.json"), $$"""{ "MigrateWcf": { "Socket": "{{socket}}" } }""");

        using var host = await MigratedHostProcess.StartDllReadyAsync(Path.Combine(copy, Path.GetFileName(MigratedHostProcess.Dll)));

        Assert.Equal($"ready {Name} on unix:{socket}", host.Stdout.TrimEnd());
        using var clients = new MigratedClientFactory(GrpcEndpoint.UnixSocket(socket), new ClientProxyOptions { SendTimeout = Patience });
        clients.CreateSimple().Put();
    }

    [Fact]
    public async Task The_host_starts_from_environment_variables_alone()
    {
        using var folder = new SocketFolder();
        string socket = folder.Combine("from-environment.sock");

        using var host = await MigratedHostProcess.StartDllReadyAsync(
            MigratedHostProcess.Dll, new Dictionary<string, string> { ["MigrateWcf__Socket"] = socket, ["MigratedServices__Simple"] = "SimpleSingle" });

        Assert.Equal($"ready {Name} on unix:{socket}", host.Stdout.TrimEnd());
        using var clients = new MigratedClientFactory(GrpcEndpoint.UnixSocket(socket), new ClientProxyOptions { SendTimeout = Patience });
        clients.CreateSimple().Put();
    }

    [Fact]
    public async Task A_tls_endpoint_serves_the_generated_client_that_trusts_its_authority_and_not_one_that_does_not()
    {
        using var folder = new SocketFolder();
        using var certificates = new TestCertificates();

        using var host = await StartWithTls(folder, certificates);
        int port = TlsPort(host);

        using var trusting = new MigratedClientFactory(GrpcEndpoint.Https("127.0.0.1", port), TrustingOptions(certificates));
        var order = Values.FullOrder();
        var placed = trusting.CreateOrderService().PlaceOrder(order);
        Assert.Equal((order.Id, LegacyWcf.Services.Pricing.OrderTotal(order.Lines)), (placed.Id, placed.Total));

        using var untrusting = new MigratedClientFactory(GrpcEndpoint.Https("127.0.0.1", port), new ClientProxyOptions { SendTimeout = Patience });
        // grpc-dotnet reports a server certificate the client does not trust as INTERNAL, with the TLS error.
        var refused = Assert.ThrowsAny<CommunicationException>(() => untrusting.CreateSimple().Put());
        Assert.Contains("SSL connection could not be established", Assert.IsType<RpcException>(refused.InnerException).Status.Detail);
    }

    [Fact]
    public async Task A_required_client_certificate_answers_unauthenticated_without_one_or_with_one_of_another_authority()
    {
        using var folder = new SocketFolder();
        using var certificates = new TestCertificates();
        const string Tls = "--MigrateWcf:Endpoints:Tls:";

        using var host = await StartWithTls(folder, certificates, Tls + "ClientCertificate", "Required", Tls + "ClientCertificateAuthority:Path", certificates.AuthorityPath);
        var endpoint = GrpcEndpoint.Https("127.0.0.1", TlsPort(host));

        using var withoutCertificate = new MigratedClientFactory(endpoint, TrustingOptions(certificates));
        var refused = Assert.Throws<MessageSecurityException>(() => withoutCertificate.CreateSimple().Put());
        Assert.Equal(StatusCode.Unauthenticated, Assert.IsType<RpcException>(refused.InnerException).StatusCode);

        using var withStrangersCertificate = new MigratedClientFactory(endpoint, TrustingOptions(certificates, certificates.OtherClient));
        refused = Assert.Throws<MessageSecurityException>(() => withStrangersCertificate.CreateSimple().Put());
        Assert.Equal(StatusCode.Unauthenticated, Assert.IsType<RpcException>(refused.InnerException).StatusCode);

        using var withCertificate = new MigratedClientFactory(endpoint, TrustingOptions(certificates, certificates.Client));
        withCertificate.CreateSimple().Put();
        Assert.Equal("Single", withCertificate.CreateWarehouse().Reserve("SKU-1001", 1).Instance.InstanceMode);
    }

    [Fact]
    public async Task Health_is_served_over_grpc_and_over_http_for_probes()
    {
        using var folder = new SocketFolder();
        using var certificates = new TestCertificates();

        using var host = await StartWithTls(folder, certificates, "--MigrateWcf:Health:HttpPath", "/healthz");
        int port = TlsPort(host);

        using var handler = new SocketsHttpHandler();
        handler.SslOptions.RemoteCertificateValidationCallback = (_, presented, _, _) => certificates.Trusts(presented);
        using var http = new HttpClient(handler);
        using var probe = await http.GetAsync($"https://127.0.0.1:{port}/healthz");
        Assert.Equal(System.Net.HttpStatusCode.OK, probe.StatusCode);
        Assert.Equal(System.Net.HttpVersion.Version11, probe.Version);
        Assert.Equal("Healthy", await probe.Content.ReadAsStringAsync());

        using var channel = EndpointChannel.Create(GrpcEndpoint.UnixSocket(folder.Combine("tls-host.sock")));
        var health = new Health.HealthClient(channel);
        Assert.Equal(HealthCheckResponse.Types.ServingStatus.Serving, (await health.CheckAsync(new HealthCheckRequest())).Status);
        Assert.Equal(HealthCheckResponse.Types.ServingStatus.Serving, (await health.CheckAsync(new HealthCheckRequest { Service = "migrate_wcf.legacy.OrderService" })).Status);
    }

    [Fact]
    public async Task Plaintext_tcp_configured_insecure_on_loopback_serves_and_warns_at_start()
    {
        using var folder = new SocketFolder();
        using var host = await MigratedHostProcess.StartReadyAsync(
            "--socket", folder.Combine("plain.sock"), "--MigrateWcf:Endpoints:Plain:Url", "http://127.0.0.1:0", "--MigrateWcf:Endpoints:Plain:Insecure", "true");

        int port = int.Parse(PlainPort().Match(host.Stdout).Groups[1].Value, CultureInfo.InvariantCulture);
        using var clients = new MigratedClientFactory(GrpcEndpoint.Tcp("127.0.0.1", port), new ClientProxyOptions { SendTimeout = Patience });
        clients.CreateSimple().Put();
        Assert.Contains("Endpoint Plain (http://127.0.0.1:0) is plaintext TCP (Insecure)", host.Stderr);
    }

    private static Task<MigratedHostProcess> StartWithTls(SocketFolder folder, TestCertificates certificates, params string[] more) =>
        StartWithTls(folder, certificates, environment: null, more);

    /// <summary>The host with a Unix socket and a TLS endpoint <c>Tls</c> on a loopback port, with variables added to its environment.</summary>
    private static Task<MigratedHostProcess> StartWithTls(SocketFolder folder, TestCertificates certificates, IReadOnlyDictionary<string, string>? environment, params string[] more) =>
        MigratedHostProcess.StartDllReadyAsync(MigratedHostProcess.Dll, environment, [
            "--socket", folder.Combine("tls-host.sock"),
            "--MigrateWcf:Endpoints:Tls:Url", "https://127.0.0.1:0",
            "--MigrateWcf:Endpoints:Tls:Certificate:Path", certificates.ServerPath,
            "--MigrateWcf:Endpoints:Tls:Certificate:KeyPath", certificates.ServerKeyPath,
            .. more]);

    private static int TlsPort(MigratedHostProcess host) =>
        int.Parse(TlsPortPattern().Match(host.Stdout) is { Success: true } match ? match.Groups[1].Value : throw new InvalidOperationException(host.Output), CultureInfo.InvariantCulture);

    private static ClientProxyOptions TrustingOptions(TestCertificates certificates, System.Security.Cryptography.X509Certificates.X509Certificate2? clientCertificate = null) => new()
    {
        SendTimeout = Patience,
        ConfigureHandler = handler =>
        {
            handler.SslOptions.RemoteCertificateValidationCallback = (_, presented, _, _) => certificates.Trusts(presented);
            if (clientCertificate is not null)
            {
                // Presented whatever it is: .NET's own selection would leave out one it deems unfit (no clientAuth usage),
                // and the server, not the client, is under test.
                handler.SslOptions.LocalCertificateSelectionCallback = (_, _, _, _, _) => clientCertificate;
            }
        },
    };

    /// <summary>Copies the host's output folder, so that a test can give it an appsettings.json of its own.</summary>
    internal static void CopyFolder(string from, string to)
    {
        Directory.CreateDirectory(to);
        foreach (var file in Directory.GetFiles(from))
        {
            File.Copy(file, Path.Combine(to, Path.GetFileName(file)));
        }

        foreach (var sub in Directory.GetDirectories(from))
        {
            CopyFolder(sub, Path.Combine(to, Path.GetFileName(sub)));
        }
    }

    [GeneratedRegex(@"https://127\.0\.0\.1:(\d+)")]
    private static partial Regex TlsPortPattern();

    [GeneratedRegex(@"http://127\.0\.0\.1:(\d+)")]
    private static partial Regex PlainPort();
}
