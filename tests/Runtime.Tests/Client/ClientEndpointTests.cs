using System.Net;
using Google.Protobuf.WellKnownTypes;
using Grpc.Core;
using Grpc.Net.Client;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Server.Kestrel.Https;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using MigrateWcf.Runtime.Tests.Protos;

namespace MigrateWcf.Runtime.Tests.Client;

/// <summary>
/// Client endpoints from configuration (MigrateWcf:Clients:&lt;name&gt;) over grpc-dotnet's own machinery: binding and its
/// errors, TLS trust, client certificates, round robin over three TLS servers on loopback, retries of listed rpcs while
/// one server stops, and the server rejoining. The servers are in-process Kestrel (TlsTestServer); counts, never timings.
/// </summary>
public sealed class ClientEndpointTests : IClassFixture<ClientEndpointTests.Certificates>
{
    private static readonly ClientRpc[] EchoRpcs = [new("runtime.tests.Echo", "Say"), new("runtime.tests.Echo", "Shout"), new("runtime.tests.Echo", "Fire", IsOneWay: true)];

    private readonly TestCertificates _certificates;

    public ClientEndpointTests(Certificates certificates) => _certificates = certificates.Value;

    public sealed class Certificates : IDisposable
    {
        public TestCertificates Value { get; } = new();

        public void Dispose() => Value.Dispose();
    }

    [Fact]
    public void Every_key_binds()
    {
        var options = ClientEndpointOptions.FromConfiguration(Configuration(new()
        {
            ["MigrateWcf:Clients:orders:Contract"] = "Contoso.IOrders",
            ["MigrateWcf:Clients:orders:Addresses:0"] = "https://127.0.0.1:5001",
            ["MigrateWcf:Clients:orders:Addresses:1"] = "https://localhost:5002",
            ["MigrateWcf:Clients:orders:LoadBalancing"] = "pick_first",
            ["MigrateWcf:Clients:orders:SendTimeout"] = "00:00:07",
            ["MigrateWcf:Clients:orders:MaxReceiveMessageSize"] = "1000",
            ["MigrateWcf:Clients:orders:MaxSendMessageSize"] = "2000",
            ["MigrateWcf:Clients:orders:Retry:Methods:0"] = "Say",
            ["MigrateWcf:Clients:orders:Retry:MaxAttempts"] = "4",
            ["MigrateWcf:Clients:orders:ClientCertificate:Path"] = _certificates.ClientPath,
            ["MigrateWcf:Clients:orders:ClientCertificate:KeyPath"] = _certificates.ClientKeyPath,
            ["MigrateWcf:Clients:orders:ClientCertificate:Password"] = "unused",
            ["MigrateWcf:Clients:orders:TrustedCertificate:Path"] = _certificates.AuthorityPath,
            ["MigrateWcf:Clients:orders:UseDefaultCredentials"] = "true",
        }), "orders");

        Assert.Equal("Contoso.IOrders", options.Contract);
        Assert.Null(options.Address);
        Assert.Equal(["https://127.0.0.1:5001", "https://localhost:5002"], options.Addresses);
        Assert.Equal("pick_first", options.LoadBalancing);
        Assert.Equal(TimeSpan.FromSeconds(7), options.SendTimeout);
        Assert.Equal((1000, 2000), (options.MaxReceiveMessageSize, options.MaxSendMessageSize));
        Assert.Equal(["Say"], options.Retry.Methods);
        Assert.Equal(4, options.Retry.MaxAttempts);
        Assert.Equal((_certificates.ClientPath, _certificates.ClientKeyPath, "unused"), (options.ClientCertificate!.Path, options.ClientCertificate.KeyPath, options.ClientCertificate.Password));
        Assert.Equal(_certificates.AuthorityPath, options.TrustedCertificate!.Path);
        Assert.True(options.UseDefaultCredentials);

        var dns = ClientEndpointOptions.FromConfiguration(Configuration(new() { ["MigrateWcf:Clients:d:Address"] = "dns:///orders.svc:443", ["MigrateWcf:Clients:d:Insecure"] = "true" }), "d");
        Assert.Equal(("dns:///orders.svc:443", true), (dns.Address, dns.Insecure));
        Assert.Equal(TimeSpan.FromMinutes(1), dns.SendTimeout);
        Assert.Equal(3, dns.Retry.MaxAttempts);
        Assert.Empty(dns.Retry.Methods);
    }

    [Theory]
    [InlineData("Adress", "http://127.0.0.1:1", "Adress")]
    [InlineData("Address", "https://localhost", "MigrateWcf:Clients:c:Address")]
    [InlineData("Address", "ftp://x:1", "MigrateWcf:Clients:c:Address")]
    [InlineData("Address", "dns:///no-port", "MigrateWcf:Clients:c:Address")]
    [InlineData("LoadBalancing", "random", "MigrateWcf:Clients:c:LoadBalancing")]
    [InlineData("SendTimeout", "soon", "MigrateWcf:Clients:c:SendTimeout")]
    [InlineData("SendTimeout", "-00:00:01", "MigrateWcf:Clients:c:SendTimeout")]
    [InlineData("MaxReceiveMessageSize", "0", "MigrateWcf:Clients:c:MaxReceiveMessageSize")]
    [InlineData("Retry:MaxAttempts", "9", "MigrateWcf:Clients:c:Retry:MaxAttempts")]
    [InlineData("TrustedCertificate:Path", "/nonexistent.pem", "MigrateWcf:Clients:c:TrustedCertificate:Path")]
    [InlineData("ClientCertificate:Path", "/nonexistent.pem", "MigrateWcf:Clients:c:ClientCertificate:Path")]
    [InlineData("Insecure", "true", "MigrateWcf:Clients:c:Insecure")]
    public void An_invalid_value_is_refused_naming_its_key(string key, string value, string named)
    {
        var configuration = Configuration(new() { ["MigrateWcf:Clients:c:Address"] = "https://127.0.0.1:1", ["MigrateWcf:Clients:c:" + key] = value });
        var error = Assert.Throws<InvalidOperationException>(() => ClientEndpointOptions.FromConfiguration(configuration, "c"));
        Assert.Contains(named, error.Message);
    }

    [Fact]
    public void Tls_settings_on_a_plaintext_address_and_a_missing_address_are_refused_naming_the_key()
    {
        var plaintext = Configuration(new() { ["MigrateWcf:Clients:c:Address"] = "http://127.0.0.1:1", ["MigrateWcf:Clients:c:TrustedCertificate:Path"] = _certificates.AuthorityPath });
        Assert.Contains("MigrateWcf:Clients:c:TrustedCertificate:Path: is for TLS", Assert.Throws<InvalidOperationException>(() => ClientEndpointOptions.FromConfiguration(plaintext, "c")).Message);
        var none = Configuration(new() { ["MigrateWcf:Clients:c:Contract"] = "X" });
        Assert.Contains("MigrateWcf:Clients:c:Address: is required", Assert.Throws<InvalidOperationException>(() => ClientEndpointOptions.FromConfiguration(none, "c")).Message);
        var mixed = Configuration(new() { ["MigrateWcf:Clients:c:Addresses:0"] = "https://127.0.0.1:1", ["MigrateWcf:Clients:c:Addresses:1"] = "http://127.0.0.1:2" });
        Assert.Contains("MigrateWcf:Clients:c:Addresses:1", Assert.Throws<InvalidOperationException>(() => ClientEndpointOptions.FromConfiguration(mixed, "c")).Message);
    }

    [Fact]
    public void An_unknown_endpoint_name_lists_the_configured_ones()
    {
        var configuration = Configuration(new() { ["MigrateWcf:Clients:orders:Address"] = "unix:/tmp/o.sock", ["MigrateWcf:Clients:billing:Address"] = "unix:/tmp/b.sock" });
        var error = Assert.Throws<InvalidOperationException>(() => ClientEndpointOptions.FromConfiguration(configuration, "shipping"));
        Assert.Contains("'shipping'", error.Message);
        Assert.Contains("billing, orders", error.Message);
        Assert.Contains("no section MigrateWcf:Clients", Assert.Throws<InvalidOperationException>(() => ClientEndpointOptions.FromConfiguration(Configuration(new()), "x")).Message);
    }

    [Fact]
    public void A_one_way_or_unknown_rpc_to_retry_is_refused()
    {
        var oneWay = Options("https://127.0.0.1:1", o => o.Retry.Methods.Add("Fire"));
        var error = Assert.Throws<InvalidOperationException>(() => ClientEndpointChannel.Create(oneWay, EchoRpcs));
        Assert.Contains("Retry:Methods:0", error.Message);
        Assert.Contains("one-way", error.Message);

        var unknown = Options("https://127.0.0.1:1", o => o.Retry.Methods.Add("Whisper"));
        error = Assert.Throws<InvalidOperationException>(() => ClientEndpointChannel.Create(unknown, EchoRpcs));
        Assert.Contains("'Whisper' is no rpc of this client; its rpcs are: Fire, Say, Shout.", error.Message);

        var bare = Options("https://127.0.0.1:1", o => o.Retry.Methods.Add("Say"));
        Assert.Contains("package.Service/Method", Assert.Throws<InvalidOperationException>(() => ClientEndpointChannel.Create(bare)).Message);
        using var full = ClientEndpointChannel.Create(Options("https://127.0.0.1:1", o => o.Retry.Methods.Add("runtime.tests.Echo/Say")));
    }

    [Fact]
    public void UseDefaultCredentials_gives_the_handler_the_processs_credentials()
    {
        // Negotiate itself needs a KDC (or Windows), which these machines lack: this checks only what reaches the handler.
        SocketsHttpHandler? handler = null;
        using var channel = ClientChannelPlan.Create(Options("https://127.0.0.1:1", o => o.UseDefaultCredentials = true), null).Open(h => handler = h);
        Assert.Same(CredentialCache.DefaultCredentials, handler!.Credentials);
    }

    [Fact]
    public async Task A_server_is_trusted_through_TrustedCertificate_and_refused_without_it()
    {
        await using var server = await StartAsync("a", _certificates.Server);
        using (var trusted = ClientEndpointChannel.Create(Options(server.Address, o => o.TrustedCertificate = new() { Path = _certificates.AuthorityPath })))
        {
            Assert.Equal("a:hi", await SayAsync(trusted, "hi"));
        }

        await using var selfSigned = await StartAsync("s", _certificates.SelfSignedServer);
        using (var trusted = ClientEndpointChannel.Create(Options(selfSigned.Address, o => o.TrustedCertificate = new() { Path = _certificates.SelfSignedServerPath })))
        {
            Assert.Equal("s:hi", await SayAsync(trusted, "hi"));
        }

        foreach (var untrusted in new[] { Options(server.Address), Options(server.Address, o => o.TrustedCertificate = new() { Path = _certificates.OtherAuthorityPath }) })
        {
            using var channel = ClientEndpointChannel.Create(untrusted);
            var error = await Assert.ThrowsAsync<RpcException>(() => SayAsync(channel, "hi"));
            // grpc-dotnet reports a failed handshake as INTERNAL (C-core says UNAVAILABLE); the detail says why.
            Assert.Equal(StatusCode.Internal, error.StatusCode);
            Assert.Contains("The SSL connection could not be established", error.Status.Detail);
        }
    }

    [Fact]
    public async Task A_client_certificate_is_presented_where_the_server_requires_one()
    {
        await using var server = await StartAsync("a", _certificates.Server, ClientCertificateMode.RequireCertificate);
        foreach (var certificate in new ClientCertificateOptions[]
        {
            new() { Path = _certificates.ClientPath, KeyPath = _certificates.ClientKeyPath },
            new() { Path = _certificates.ClientPkcs12Path, Password = "secret" },
        })
        {
            using var channel = ClientEndpointChannel.Create(Options(server.Address, o => (o.TrustedCertificate, o.ClientCertificate) = (new() { Path = _certificates.AuthorityPath }, certificate)));
            Assert.Equal("a:hi", await SayAsync(channel, "hi"));
        }

        using var without = ClientEndpointChannel.Create(Options(server.Address, o => o.TrustedCertificate = new() { Path = _certificates.AuthorityPath }));
        var error = await Assert.ThrowsAsync<RpcException>(() => SayAsync(without, "hi"));
        // Kestrel ends the handshake when a required certificate is missing: the call never reaches a service. Under TLS
        // 1.3 the client learns it either inside the handshake (grpc-dotnet: INTERNAL, "The SSL connection could not be
        // established") or on its first read after it (UNAVAILABLE), as the two sides' timing falls.
        Assert.Contains(error.StatusCode, new[] { StatusCode.Unavailable, StatusCode.Internal });
    }

    [Fact]
    public async Task Round_robin_spreads_calls_over_three_servers_retries_listed_rpcs_when_one_stops_and_the_server_rejoins()
    {
        await using var a = await StartAsync("a", _certificates.Server);
        await using var b = await StartAsync("b", _certificates.Server);
        await using var c = await StartAsync("c", _certificates.Server);
        var options = new ClientEndpointOptions
        {
            Addresses = [a.Address, b.Address, c.Address],
            TrustedCertificate = new() { Path = _certificates.AuthorityPath },
            Retry = { Methods = ["Say"], MaxAttempts = 5 },
        };
        using var channel = ClientEndpointChannel.Create(options, EchoRpcs, o => (o.InitialReconnectBackoff, o.MaxReconnectBackoff) = (TimeSpan.FromMilliseconds(100), TimeSpan.FromSeconds(1)));

        // Each server's TLS connection gets ready in its own time: count only once all three have answered.
        var answered = new HashSet<string>();
        using (var warmUp = new CancellationTokenSource(TimeSpan.FromMinutes(1)))
        {
            while (answered.Count < 3 && !warmUp.IsCancellationRequested)
            {
                answered.Add((await SayAsync(channel, "x")).Split(':')[0]);
            }
        }

        var served = new Dictionary<string, int> { ["a"] = 0, ["b"] = 0, ["c"] = 0 };
        for (var i = 0; i < 300; i++)
        {
            served[(await SayAsync(channel, "x")).Split(':')[0]]++;
        }

        Assert.All(served.Values, count => Assert.True(count >= 60, $"each server serves at least 20% of 300 calls: {string.Join(", ", served)}"));

        // Stop c while calls of both rpcs are in flight: Say (listed) is retried on a or b, Shout (not listed) is not.
        var (sayFailures, shoutFailures, shoutServed) = (0, 0, 0);
        var stop = Task.CompletedTask;
        for (var i = 0; i < 300; i++)
        {
            if (i == 30)
            {
                stop = c.StopAsync();
            }

            var calls = new[] { SayAsync(channel, "x"), ShoutAsync(channel, "x") };
            try
            {
                await calls[0];
            }
            catch (RpcException)
            {
                sayFailures++;
            }

            try
            {
                await calls[1];
                shoutServed++;
            }
            catch (RpcException error)
            {
                Assert.Equal(StatusCode.Unavailable, error.StatusCode);
                shoutFailures++;
            }
        }

        await stop;
        Assert.Equal(0, sayFailures);
        Assert.True(shoutServed >= 250, $"most unretried calls still succeed on the other two: {shoutServed} served, {shoutFailures} UNAVAILABLE");

        // c back on its port: the balancer reconnects to it and it serves calls again.
        await c.RestartAsync();
        var untilServed = 0;
        using var deadline = new CancellationTokenSource(TimeSpan.FromMinutes(2));
        while (!(await SayAsync(channel, "x")).StartsWith("c:", StringComparison.Ordinal))
        {
            untilServed++;
            Assert.False(deadline.IsCancellationRequested, $"c never served again after {untilServed} calls");
            if (untilServed % 50 == 0)
            {
                await Task.Delay(100);
            }
        }
    }

    private static ClientEndpointOptions Options(string address, Action<ClientEndpointOptions>? configure = null)
    {
        var options = new ClientEndpointOptions { Address = address };
        configure?.Invoke(options);
        return options;
    }

    private static IConfiguration Configuration(Dictionary<string, string?> values) => new ConfigurationBuilder().AddInMemoryCollection(values).Build();

    private Task<TlsTestServer> StartAsync(string name, System.Security.Cryptography.X509Certificates.X509Certificate2 certificate, ClientCertificateMode clientCertificates = ClientCertificateMode.NoCertificate) =>
        TlsTestServer.StartAsync(
            certificate,
            services => services.AddSingleton(new NamedEcho(name)),
            app => app.MapGrpcService<NamedEcho>(),
            clientCertificates,
            clientCertificates == ClientCertificateMode.NoCertificate ? null : _certificates.IssuedByAuthority);

    private static async Task<string> SayAsync(GrpcChannel channel, string text) => (await new Echo.EchoClient(channel).SayAsync(new StringValue { Value = text })).Value;

    private static async Task<string> ShoutAsync(GrpcChannel channel, string text) => (await new Echo.EchoClient(channel).ShoutAsync(new StringValue { Value = text })).Value;

    /// <summary>Echo that says which server answered.</summary>
    private sealed class NamedEcho(string name) : Echo.EchoBase
    {
        public override Task<StringValue> Say(StringValue request, ServerCallContext context) => Task.FromResult(new StringValue { Value = name + ":" + request.Value });

        public override Task<StringValue> Shout(StringValue request, ServerCallContext context) => Say(request, context);
    }
}
