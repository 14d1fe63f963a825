using System.Globalization;
using System.ServiceModel;
using Grpc.Core;
using Microsoft.Extensions.Configuration;
using MigratedClientFactory = LegacyWcf.Contracts.Grpc.MigratedClientFactory;

namespace MigrateWcf.Migration.Tests;

/// <summary>
/// One machine to many, on grpc-dotnet's own balancer: three generated host processes on loopback TLS ports and one
/// client factory from configuration with round robin over them. IWarehouse is InstanceContextMode.Single, so
/// <c>Describe</c>'s instance id names the process that answered. Counts, never timings.
/// </summary>
[System.Runtime.Versioning.UnsupportedOSPlatform("windows")]
public sealed class ScaleOutTests
{
    private const int Calls = 300;

    [Fact]
    public async Task Round_robin_spreads_calls_over_three_hosts_survives_one_killed_and_takes_it_back_when_restarted()
    {
        using var folder = new SocketFolder();
        using var certificates = new TestCertificates();
        int[] ports = [FreeLoopbackPort(), FreeLoopbackPort(), FreeLoopbackPort()];
        var hosts = new MigratedHostProcess?[3];
        try
        {
            for (int i = 0; i < 3; i++)
            {
                hosts[i] = await StartHost(folder, certificates, ports, i);
            }

            using var factory = MigratedClientFactory.FromConfiguration(Configuration(certificates, ports), "warehouse");
            var warehouse = factory.CreateWarehouse();

            // Each host's TLS connection gets ready in its own time: until all three have answered once, round robin
            // has fewer than three to choose from. Polled, bounded only to stop a broken run.
            var seen = new HashSet<Guid>();
            var warmUp = DateTime.UtcNow + TimeSpan.FromMinutes(1);
            while (seen.Count < 3 && DateTime.UtcNow < warmUp)
            {
                seen.Add(warehouse.Describe().InstanceId);
            }

            // Spread: every host serves at least a fifth of the calls.
            var served = Enumerable.Range(0, Calls).Select(_ => warehouse.Describe().InstanceId).GroupBy(id => id).ToDictionary(g => g.Key, g => g.Count());
            Assert.Equal(3, served.Count);
            Assert.All(served.Values, count => Assert.True(count >= Calls / 5, $"calls per host: {string.Join(", ", served.Values)}"));

            // One killed: Describe (listed in Retry:Methods) loses nothing; Reserve (not listed, not idempotent) fails
            // only with UNAVAILABLE, as long as the balancer still picks the dead host, and then succeeds on the other
            // two. Reserve takes 200 ms (the sample's simulated work), so it runs until ten in a row have succeeded, not
            // a fixed number of times; the bound only stops a broken run.
            hosts[2]!.Dispose();
            hosts[2] = null;
            var survivors = new HashSet<Guid>();
            int unavailable = 0, succeededInARow = 0;
            var settle = DateTime.UtcNow + TimeSpan.FromMinutes(1);
            while (succeededInARow < 10 && DateTime.UtcNow < settle)
            {
                survivors.Add(warehouse.Describe().InstanceId);
                try
                {
                    survivors.Add(warehouse.Reserve("SKU-1001", 1).Instance.InstanceId);
                    succeededInARow++;
                }
                catch (CommunicationException e) when (e.InnerException is RpcException { StatusCode: StatusCode.Unavailable })
                {
                    unavailable++;
                    succeededInARow = 0;
                }
            }

            Assert.True(succeededInARow == 10, $"Reserve still fails after a minute ({unavailable} times UNAVAILABLE)");

            // Consecutive picks, so round robin's order cannot pair one call with one host.
            for (int i = 0; i < Calls; i++)
            {
                survivors.Add(warehouse.Describe().InstanceId);
            }

            Assert.Equal(2, survivors.Count);
            Assert.Subset(served.Keys.ToHashSet(), survivors);

            // Restarted on the same port (a new process, so a new Single instance): the balancer reconnects and gives it
            // calls again. Polled call by call; the bound is generous and only stops a broken run.
            hosts[2] = await StartHost(folder, certificates, ports, 2);
            var deadline = DateTime.UtcNow + TimeSpan.FromMinutes(2);
            Guid? rejoined = null;
            while (rejoined is null && DateTime.UtcNow < deadline)
            {
                var id = warehouse.Describe().InstanceId;
                if (!survivors.Contains(id))
                {
                    rejoined = id;
                }
                else
                {
                    await Task.Delay(50);
                }
            }

            Assert.NotNull(rejoined);
            Assert.DoesNotContain(rejoined.Value, served.Keys);
        }
        finally
        {
            foreach (var host in hosts)
            {
                host?.Dispose();
            }
        }
    }

    [Fact]
    public async Task A_dns_address_reaches_the_host_through_the_resolver_and_the_certificates_host_name()
    {
        using var folder = new SocketFolder();
        using var certificates = new TestCertificates();
        int[] ports = [FreeLoopbackPort()];
        using var host = await StartHost(folder, certificates, ports, 0);
        var configuration = new ConfigurationBuilder().AddInMemoryCollection(new Dictionary<string, string?>
        {
            // localhost resolves to 127.0.0.1 (where the host listens) and may resolve to ::1 (where nothing does): the
            // balancer uses the address that answers. The server certificate is for localhost, the name in the address.
            ["MigrateWcf:Clients:warehouse:Address"] = $"dns:///localhost:{ports[0].ToString(CultureInfo.InvariantCulture)}",
            ["MigrateWcf:Clients:warehouse:TrustedCertificate:Path"] = certificates.AuthorityPath,
        }).Build();

        using var factory = MigratedClientFactory.FromConfiguration(configuration, "warehouse");
        var warehouse = factory.CreateWarehouse();

        Assert.Equal("Single", warehouse.Describe().InstanceMode);
        Assert.True(warehouse.Reserve("SKU-1001", 1).Number > 0);
    }

    private static Task<MigratedHostProcess> StartHost(SocketFolder folder, TestCertificates certificates, int[] ports, int index) =>
        MigratedHostProcess.StartReadyAsync(
            "--socket", folder.Combine($"host{index}.sock"),
            "--MigrateWcf:Endpoints:Tls:Url", $"https://127.0.0.1:{ports[index].ToString(CultureInfo.InvariantCulture)}",
            "--MigrateWcf:Endpoints:Tls:Certificate:Path", certificates.ServerPath,
            "--MigrateWcf:Endpoints:Tls:Certificate:KeyPath", certificates.ServerKeyPath);

    private static IConfiguration Configuration(TestCertificates certificates, int[] ports)
    {
        var values = new Dictionary<string, string?>
        {
            ["MigrateWcf:Clients:warehouse:TrustedCertificate:Path"] = certificates.AuthorityPath,
            ["MigrateWcf:Clients:warehouse:LoadBalancing"] = "round_robin",
            ["MigrateWcf:Clients:warehouse:SendTimeout"] = "00:01:00",
            ["MigrateWcf:Clients:warehouse:Retry:Methods:0"] = "Describe",
            ["MigrateWcf:Clients:warehouse:Retry:MaxAttempts"] = "5",
        };
        for (int i = 0; i < ports.Length; i++)
        {
            values[$"MigrateWcf:Clients:warehouse:Addresses:{i}"] = $"https://127.0.0.1:{ports[i].ToString(CultureInfo.InvariantCulture)}";
        }

        return new ConfigurationBuilder().AddInMemoryCollection(values).Build();
    }

    private static int FreeLoopbackPort()
    {
        using var probe = new System.Net.Sockets.TcpListener(System.Net.IPAddress.Loopback, 0);
        probe.Start();
        return ((System.Net.IPEndPoint)probe.LocalEndpoint).Port;
    }
}
