using LegacyWcf.Contracts;
using MigratedClientFactory = LegacyWcf.Contracts.Grpc.MigratedClientFactory;
using MigrateWcf.Runtime;

namespace MigrateWcf.Migration.Tests;

/// <summary>
/// The migrated sample's generated host (samples/Migrated/Service/Host, MigratedHost.RunAsync) as a real process: it
/// prints a ready line once it accepts calls, serves every sample contract through the generated hosting on an
/// owner-only Unix socket, removes the socket when stopped by SIGTERM or Ctrl+C, and refuses a bad --socket or bad
/// configuration with one line on stderr and a non-zero exit, leaving what is at the path alone.
/// </summary>
[System.Runtime.Versioning.UnsupportedOSPlatform("windows")]
public sealed class HostProcessTests
{
    private const string Name = "LegacyWcf.Migrated.Host";

    private static readonly TimeSpan Patience = TimeSpan.FromMinutes(1);

    [Fact]
    public async Task TheHost_ServesEverySampleContract_OnAnOwnerOnlySocket_AfterItsReadyLine()
    {
        using var folder = new SocketFolder();
        string socket = folder.Combine("run", "migrated.sock");
        using var host = await MigratedHostProcess.StartReadyAsync("--socket", socket);

        Assert.Equal($"ready {Name} on unix:{socket}", host.Stdout.TrimEnd());
        Assert.Equal(UnixFileMode.UserRead | UnixFileMode.UserWrite, File.GetUnixFileMode(socket));
        Assert.Equal(UnixFileMode.UserRead | UnixFileMode.UserWrite | UnixFileMode.UserExecute, File.GetUnixFileMode(folder.Combine("run")));

        using var clients = new MigratedClientFactory(GrpcEndpoint.UnixSocket(socket), new ClientProxyOptions { SendTimeout = Patience });
        var callbacks = new StockLevelRecorder();
        var order = Values.FullOrder();
        var placed = clients.CreateOrderService().PlaceOrder(order);
        var levels = clients.CreateInventoryService().GetStockLevels(["SKU-1001", "NO-SUCH-SKU"]);
        var watch = clients.CreateStockWatch(callbacks);
        int watched = watch.Subscribe(["SKU-1001"]);
        var cart = clients.CreateShoppingCart();
        cart.AddLine(new OrderLine { Sku = "SKU-2", Quantity = 1, UnitPrice = 1m });
        var reservation = clients.CreateWarehouse().Reserve("SKU-1001", 2);
        clients.CreateSimple().Put();

        Assert.Equal((order.Id, LegacyWcf.Services.Pricing.OrderTotal(order.Lines)), (placed.Id, placed.Total));
        Assert.Equal(["SKU-1001"], levels.Keys);
        Assert.Equal(1, watched);
        Assert.Equal(["SKU-1001"], callbacks.WaitForSkus(count: 1));
        Assert.Single(cart.GetSummary().Lines);
        Assert.Equal("Single", reservation.Instance.InstanceMode);
        Assert.Equal("", host.Stderr);
    }

    [Theory]
    [InlineData(MigratedHostProcess.SigTerm)]
    [InlineData(MigratedHostProcess.SigInt)]
    public async Task A_signal_stops_the_host_with_exit_code_0_and_removes_its_socket(int signal)
    {
        using var folder = new SocketFolder();
        string socket = folder.Combine("migrated.sock");
        using var host = await MigratedHostProcess.StartReadyAsync("--socket", socket);
        Assert.True(File.Exists(socket));

        host.Signal(signal);

        Assert.True(await host.WaitForExitAsync(Patience), host.Output);
        Assert.Equal(0, host.ExitCode);
        Assert.False(File.Exists(socket));
        Assert.Equal("", host.Stderr);
    }

    [Fact]
    public async Task TheImplementationChoice_IsConfiguration_AndTheHostLogsWhatServesEachService()
    {
        using var folder = new SocketFolder();
        string socket = folder.Combine("simple.sock");
        using var host = await MigratedHostProcess.StartReadyAsync(
            "--socket", socket, "--MigratedServices:Simple", "SimpleSingle", "--Logging:LogLevel:MigrateWcf.Runtime.MigratedHost", "Information");

        using var clients = new MigratedClientFactory(GrpcEndpoint.UnixSocket(socket), new ClientProxyOptions { SendTimeout = Patience });
        clients.CreateSimple().Put();

        Assert.Contains("Serving migrate_wcf.legacy.Simple by LegacyWcf.Services.SimpleSingle", host.Stderr);
        Assert.DoesNotContain("SimpleMultiple", host.Stderr);
        Assert.Contains("Serving migrate_wcf.legacy.OrderService by LegacyWcf.Services.OrderService", host.Stderr);
    }

    [Fact]
    public async Task A_regular_file_at_the_socket_path_stays_and_the_host_exits_1_with_one_line()
    {
        using var folder = new SocketFolder();
        string path = folder.Combine("taken");
        File.WriteAllText(path, "not a socket");

        var (exitCode, stdout, stderr) = await MigratedHostProcess.RunAsync("--socket", path);

        Assert.Equal(1, exitCode);
        Assert.Equal($"{Name}: Cannot listen on unix:{path}: a regular file is there (it is not removed; delete it or choose another path).\n", stderr);
        Assert.Equal("", stdout);
        Assert.Equal("not a socket", File.ReadAllText(path));
    }

    [Fact]
    public async Task A_folder_that_cannot_be_created_makes_the_host_exit_1_with_one_line_and_the_file_in_its_way_stays()
    {
        using var folder = new SocketFolder();
        string file = folder.Combine("file");
        File.WriteAllText(file, "in the way");
        string path = folder.Combine("file", "sub", "migrated.sock");

        var (exitCode, stdout, stderr) = await MigratedHostProcess.RunAsync("--socket", path);

        Assert.Equal(1, exitCode);
        Assert.StartsWith($"{Name}: Cannot listen on unix:{path}: ", stderr);
        Assert.Single(stderr.TrimEnd('\n').Split('\n'));
        Assert.Equal("", stdout);
        Assert.Equal("in the way", File.ReadAllText(file));
        Assert.False(Directory.Exists(folder.Combine("file", "sub")));
    }

    // Issue 25, item 10: a supervisor that waits for the ready line on stdout and stderr merged must not take a failed
    // start for a start. The failure lines below contain the word "ready" (a path, "already in use"); the matcher is
    // positional, so it refuses them.
    [Fact]
    public async Task A_socket_path_taken_by_a_listening_host_fails_with_a_line_the_ready_matcher_does_not_accept()
    {
        using var folder = new SocketFolder();
        string socket = folder.Combine("already-taken.sock");
        using var first = await MigratedHostProcess.StartReadyAsync("--socket", socket);

        var (exitCode, stdout, stderr) = await MigratedHostProcess.RunAsync("--socket", socket);

        Assert.Equal(1, exitCode);
        Assert.Equal($"{Name}: Cannot listen on unix:{socket}: another server is listening on it.\n", stderr);
        Assert.Contains("ready", stderr, StringComparison.Ordinal);
        Assert.DoesNotContain((stdout + stderr).Split('\n'), MigratedHostProcess.IsReadyLine);
        Assert.True(MigratedHostProcess.IsReadyLine(first.Stdout.TrimEnd()), first.Stdout);
    }

    [Fact]
    public async Task A_taken_http_port_fails_with_address_already_in_use_which_the_ready_matcher_does_not_accept()
    {
        using var folder = new SocketFolder();
        using var taken = new System.Net.Sockets.TcpListener(System.Net.IPAddress.Loopback, 0);
        taken.Start();
        string port = ((System.Net.IPEndPoint)taken.LocalEndpoint).Port.ToString(System.Globalization.CultureInfo.InvariantCulture);

        var (exitCode, stdout, stderr) = await MigratedHostProcess.RunAsync("--socket", folder.Combine("http.sock"), "--http-port", port);

        Assert.Equal(1, exitCode);
        Assert.StartsWith($"{Name}: Cannot listen on unix:", stderr, StringComparison.Ordinal);
        Assert.Contains("already in use", stderr, StringComparison.OrdinalIgnoreCase);
        Assert.DoesNotContain((stdout + stderr).Split('\n'), MigratedHostProcess.IsReadyLine);
    }

    [Fact]
    public async Task TheHttpPortOption_ListensWithHttp11OnLoopback_BesideTheSocket()
    {
        using var folder = new SocketFolder();
        string socket = folder.Combine("http.sock");
        int port = FreeLoopbackPort();
        using var host = await MigratedHostProcess.StartReadyAsync("--socket", socket, "--http-port", port.ToString(System.Globalization.CultureInfo.InvariantCulture));

        Assert.Contains($"; HTTP + JSON on http://127.0.0.1:{port}/", host.Stdout);
        using var http = new HttpClient();
        using var response = await http.GetAsync($"http://127.0.0.1:{port}/no/such/route");
        Assert.Equal(System.Net.HttpVersion.Version11, response.Version);
        Assert.Equal(System.Net.HttpStatusCode.NotFound, response.StatusCode);

        // gRPC goes on on the socket.
        using var clients = new MigratedClientFactory(GrpcEndpoint.UnixSocket(socket), new ClientProxyOptions { SendTimeout = Patience });
        clients.CreateSimple().Put();
    }

    private static int FreeLoopbackPort()
    {
        using var probe = new System.Net.Sockets.TcpListener(System.Net.IPAddress.Loopback, 0);
        probe.Start();
        return ((System.Net.IPEndPoint)probe.LocalEndpoint).Port;
    }

    [Theory]
    [InlineData(new[] { "--socket" }, "--socket needs a value.")]
    [InlineData(new[] { "--socket", "/tmp/x.sock", "--http-port" }, "--http-port needs a value.")]
    [InlineData(new[] { "--socket", "/tmp/x.sock", "--MigratedServices:Simple", "Both" }, "Failed to convert configuration value 'Both' at 'MigratedServices:Simple' to type 'LegacyWcf.Contracts.Grpc.SimpleImplementation'.")]
    [InlineData(new[] { "--socket", "/tmp/x.sock", "--http-port", "0" }, "MigrateWcf:HttpPort (--http-port) is '0': expected a port number from 1 to 65535.")]
    [InlineData(new[] { "--socket", "/tmp/x.sock", "--MigrateWcf:MaxLaneConnections", "0" }, "MigrateWcf:MaxLaneConnections is '0': expected a number of connections from 1 up.")]
    [InlineData(new[] { "--socket", "/tmp/x.sock", "--http-port", "eighty" }, "MigrateWcf:HttpPort (--http-port) is 'eighty': expected a port number from 1 to 65535.")]
    [InlineData(new[] { "--MigrateWcf:Endpoints:Tcp:Url", "ftp://127.0.0.1:21" }, "MigrateWcf:Endpoints:Tcp:Url: 'ftp://127.0.0.1:21' is not an endpoint: expected unix:/path/app.sock, pipe:name or a plain pipe name (letters, digits, '.', '-', '_'), https://host:port or http://host:port.")]
    [InlineData(new[] { "--MigrateWcf:Endpoints:Tcp:Url", "https://127.0.0.1:0" }, "MigrateWcf:Endpoints:Tcp: https://127.0.0.1:0 needs a certificate: set MigrateWcf:Endpoints:Tcp:Certificate:Path (and KeyPath for a PEM key). The ASP.NET Core development certificate is used only in the Development environment.")]
    [InlineData(new[] { "--MigrateWcf:Endpoints:Tcp:Url", "https://127.0.0.1:0", "--MigrateWcf:Endpoints:Tcp:Certificate:Path", "/no/such/cert.pem" }, "MigrateWcf:Endpoints:Tcp:Certificate: cannot load the certificate /no/such/cert.pem with its key: ")]
    [InlineData(new[] { "--MigrateWcf:Endpoints:Tcp:Url", "http://127.0.0.1:0" }, "MigrateWcf:Endpoints:Tcp: http://127.0.0.1:0 is plaintext TCP; use https:// with a certificate, or set MigrateWcf:Endpoints:Tcp:Insecure to true (loopback only) if nothing else can reach it.")]
    [InlineData(new[] { "--MigrateWcf:Endpoints:Tcp:Url", "http://0.0.0.0:0", "--MigrateWcf:Endpoints:Tcp:Insecure", "true" }, "MigrateWcf:Endpoints:Tcp: http://0.0.0.0:0 is plaintext TCP that other machines can reach; use https://, listen on 127.0.0.1, or set MigrateWcf:Endpoints:Tcp:AllowRemoteInsecure to true.")]
    [InlineData(new[] { "--MigrateWcf:Endpoints:Tcp:Url", "unix:/tmp/x.sock", "--MigrateWcf:Endpoints:Tcp:Protocol", "HttpJson" }, "MigrateWcf:Endpoints:Tcp: HTTP + JSON needs a TCP endpoint (https://host:port), not unix:/tmp/x.sock.")]
    [InlineData(new[] { "--MigrateWcf:Endpoints:Tcp:Url", "unix:/tmp/x.sock", "--MigrateWcf:Endpoints:Tcp:ClientCertificate", "Required" }, "MigrateWcf:Endpoints:Tcp: client certificates need TLS; use https:// (the endpoint is unix:/tmp/x.sock).")]
    [InlineData(new[] { "--MigrateWcf:Endpoints:Tcp:Url", "https://127.0.0.1:0", "--MigrateWcf:Endpoints:Tcp:Authentication", "Windows" }, "MigrateWcf:Endpoints:Tcp: Windows authentication (Negotiate) cannot authenticate gRPC calls")]
    [InlineData(new[] { "--MigrateWcf:Endpoints:Tcp:Url", "https://127.0.0.1:0", "--MigrateWcf:Endpoints:Tcp:ClientCertificateAuthority:Path", "/tmp/ca.pem" }, "MigrateWcf:Endpoints:Tcp:ClientCertificateAuthority is set, but the endpoint asks for no client certificate: set MigrateWcf:Endpoints:Tcp:ClientCertificate to Required (or Allow), or remove it.")]
    [InlineData(new[] { "--MigrateWcf:Endpoints:Tcp:Url", "https://127.0.0.1:0", "--MigrateWcf:Endpoints:Tcp:ClientCertificateRevocation", "Online" }, "MigrateWcf:Endpoints:Tcp:ClientCertificateRevocation is set, but the endpoint asks for no client certificate: set MigrateWcf:Endpoints:Tcp:ClientCertificate to Required (or Allow), or remove it.")]
    public async Task Bad_configuration_exits_2_with_one_line_naming_the_key(string[] arguments, string expected)
    {
        var (exitCode, stdout, stderr) = await MigratedHostProcess.RunAsync(arguments);

        Assert.Equal(2, exitCode);
        Assert.Equal("", stdout);
        Assert.StartsWith($"{Name}: {expected}", stderr, StringComparison.Ordinal);
        Assert.Single(stderr.TrimEnd('\n').Split('\n'));
    }

    // Issue 44, item 2: each of these once dropped endpoint X silently (the host got ready on its socket alone) or, for
    // the limits, was taken as it was. Every key of the section is read with its type and range, and any other key is
    // refused by its full name.
    [Theory]
    [InlineData("Endpoints:X:ClientCertificate", "Requird", "MigrateWcf:Endpoints:X:ClientCertificate is 'Requird': expected None, Allow or Required.")]
    [InlineData("Endpoints:X:Protocol", "Soap", "MigrateWcf:Endpoints:X:Protocol is 'Soap': expected Grpc or HttpJson.")]
    [InlineData("Endpoints:X:Authentication", "Certficate", "MigrateWcf:Endpoints:X:Authentication is 'Certficate': expected None or Certificate.")]
    [InlineData("Endpoints:X:Insecure", "yes", "MigrateWcf:Endpoints:X:Insecure is 'yes': expected true or false.")]
    [InlineData("Endpoints:X:AllowRemoteInsecure", "1", "MigrateWcf:Endpoints:X:AllowRemoteInsecure is '1': expected true or false.")]
    [InlineData("Endpoints:X:ClientCertificateRevocation", "Sometimes", "MigrateWcf:Endpoints:X:ClientCertificateRevocation is 'Sometimes': expected NoCheck, Online or Offline.")]
    [InlineData("Endpoints:X:Ur", "http://127.0.0.1:0", "MigrateWcf:Endpoints:X:Ur is not a key of an endpoint; its keys are Url, Protocol, Certificate, ClientCertificate, ClientCertificateAuthority, ClientCertificateRevocation, Authentication, Insecure and AllowRemoteInsecure.")]
    [InlineData("Endpoints:X:Certificate:KeyFile", "/tmp/k.pem", "MigrateWcf:Endpoints:X:Certificate:KeyFile is not a key of a certificate; its keys are Path, KeyPath and Password.")]
    [InlineData("Endpoints:X:Certificate", "/tmp/server.pem", "MigrateWcf:Endpoints:X:Certificate is '/tmp/server.pem': expected a section with Path, KeyPath and Password.")]
    [InlineData("Endpoints:X:Url:Port", "5000", "MigrateWcf:Endpoints:X:Url:Port is not a key: MigrateWcf:Endpoints:X:Url takes a value.")]
    [InlineData("Endpoint:X:Url", "http://127.0.0.1:0", "MigrateWcf:Endpoint is not a key of the MigrateWcf section; its keys are Socket, SocketOnly, HttpPort, Endpoints, MaxReceiveMessageSize, MaxSendMessageSize, ShutdownTimeout, Health, Reflection, BulkLane, MaxLaneConnections and Clients.")]
    [InlineData("MaxReceiveMessageSize", "-5", "MigrateWcf:MaxReceiveMessageSize is '-5': expected a number of bytes from 1 to 2147483647.")]
    [InlineData("MaxReceiveMessageSize", "4MB", "MigrateWcf:MaxReceiveMessageSize is '4MB': expected a number of bytes from 1 to 2147483647.")]
    [InlineData("MaxSendMessageSize", "0", "MigrateWcf:MaxSendMessageSize is '0': expected a number of bytes from 1 to 2147483647.")]
    [InlineData("ShutdownTimeout", "-00:00:01", "MigrateWcf:ShutdownTimeout is '-00:00:01': expected a time span from 00:00:00 to 1.00:00:00 (hh:mm:ss).")]
    [InlineData("ShutdownTimeout", "30s", "MigrateWcf:ShutdownTimeout is '30s': expected a time span from 00:00:00 to 1.00:00:00 (hh:mm:ss).")]
    [InlineData("Health:Grpc", "on", "MigrateWcf:Health:Grpc is 'on': expected true or false.")]
    [InlineData("Health:Http", "/healthz", "MigrateWcf:Health:Http is not a key of the health settings; its keys are Grpc and HttpPath.")]
    [InlineData("Health:HttpPath", "/health?z", "MigrateWcf:Health:HttpPath is '/health?z': expected a path such as /healthz (no query, fragment or spaces).")]
    [InlineData("Reflection", "enabled", "MigrateWcf:Reflection is 'enabled': expected true or false.")]
    [InlineData("BulkLane", "no", "MigrateWcf:BulkLane is 'no': expected true or false.")]
    public async Task A_bad_value_or_unknown_key_anywhere_in_the_section_exits_2_with_one_line_naming_the_full_key(string key, string value, string expected)
    {
        using var folder = new SocketFolder();

        var (exitCode, stdout, stderr) = await MigratedHostProcess.RunAsync(
            "--socket", folder.Combine("other.sock"), "--MigrateWcf:Endpoints:X:Url", "http://127.0.0.1:0", "--MigrateWcf:Endpoints:X:Insecure", "true", "--MigrateWcf:" + key, value);

        Assert.Equal(2, exitCode);
        Assert.Equal("", stdout);
        Assert.Equal($"{Name}: {expected}\n", stderr);
    }

    [Fact]
    public async Task A_bad_value_in_appsettings_json_is_named_by_its_key_as_well()
    {
        using var folder = new SocketFolder();
        string copy = folder.Combine("host");
        GeneratedHostTests.CopyFolder(Path.GetDirectoryName(MigratedHostProcess.Dll)!, copy);
        File.WriteAllText(Path.Combine(copy, "appsettings.json"), $$"""
            { "MigrateWcf": { "Socket": "{{folder.Combine("json.sock")}}", "Endpoints": { "Main": { "Url": "http://127.0.0.1:0", "Insecure": "yes" } } } }
            """);

        using var host = MigratedHostProcess.StartDll(Path.Combine(copy, Path.GetFileName(MigratedHostProcess.Dll)));
        Assert.True(await host.WaitForExitAsync(Patience), host.Output);

        Assert.Equal(2, host.ExitCode);
        Assert.Equal($"{Name}: MigrateWcf:Endpoints:Main:Insecure is 'yes': expected true or false.\n", host.Stderr);
    }

    [Fact]
    public async Task What_other_parts_of_the_host_keep_in_the_section_and_beside_it_is_not_refused()
    {
        using var folder = new SocketFolder();
        string socket = folder.Combine("neighbours.sock");

        // Client endpoints are MigratedClientFactory's (checked when it reads one); logging and the implementation choice are sections of their own.
        using var host = await MigratedHostProcess.StartReadyAsync(
            "--socket", socket,
            "--MigrateWcf:Clients:Orders:Address", "https://orders.example:5001",
            "--MigrateWcf:Clients:Orders:Contract", "LegacyWcf.Contracts.IOrderService",
            "--MigratedServices:Simple", "SimpleSingle",
            "--Logging:LogLevel:Default", "Warning",
            "--MigrateWcf:Health:Grpc", "True",
            "--MigrateWcf:ShutdownTimeout", "00:00:05",
            "--migratewcf:maxreceivemessagesize", "1048576");

        Assert.Equal($"ready {Name} on unix:{socket}", host.Stdout.TrimEnd());
    }

    // Issue 44, item 7: the call and bulk lanes, which start before Kestrel binds, each logged a warning about the same
    // folder before the host's own one-line failure.
    [Fact]
    public async Task A_socket_folder_nothing_can_be_created_in_makes_the_host_exit_1_with_one_line_and_no_lane_warnings()
    {
        // Nobody, root included, can create anything in /proc itself.
        string path = "/proc/migrate-wcf-" + Guid.NewGuid().ToString("N")[..8] + ".sock";

        var (exitCode, stdout, stderr) = await MigratedHostProcess.RunAsync("--socket", path);

        Assert.Equal(1, exitCode);
        Assert.Equal("", stdout);
        Assert.StartsWith($"{Name}: Cannot listen on unix:{path}: nothing can be created in /proc: ", stderr, StringComparison.Ordinal);
        Assert.Single(stderr.TrimEnd('\n').Split('\n'));
    }

    // Issue 44, item 7: Kestrel found the missing key only when it started, which exited 1 as if the port were taken.
    [Fact]
    public async Task A_pkcs12_certificate_without_its_private_key_exits_2_with_one_line()
    {
        using var certificates = new TestCertificates();
        string withoutKey = Path.Combine(certificates.Directory, "server-without-key.pfx");
        using (var publicOnly = System.Security.Cryptography.X509Certificates.X509CertificateLoader.LoadCertificate(certificates.Server.RawData))
        {
            File.WriteAllBytes(withoutKey, publicOnly.Export(System.Security.Cryptography.X509Certificates.X509ContentType.Pkcs12, "secret"));
        }

        var (exitCode, stdout, stderr) = await MigratedHostProcess.RunAsync(
            "--MigrateWcf:Endpoints:Tls:Url", "https://127.0.0.1:0", "--MigrateWcf:Endpoints:Tls:Certificate:Path", withoutKey, "--MigrateWcf:Endpoints:Tls:Certificate:Password", "secret");

        Assert.Equal(2, exitCode);
        Assert.Equal("", stdout);
        Assert.Equal($"{Name}: MigrateWcf:Endpoints:Tls:Certificate: {withoutKey} holds no private key for its certificate; a TLS endpoint needs the certificate with its key.\n", stderr);
    }

    private sealed class StockLevelRecorder : IStockWatchCallback
    {
        private readonly List<string> _skus = [];

        /// <summary>The SKUs called back once there are <paramref name="count"/>: a one-way callback is dispatched on
        /// the client's own thread and may run after the call that caused it has returned.</summary>
        public IReadOnlyList<string> WaitForSkus(int count)
        {
            lock (_skus)
            {
                var until = DateTime.UtcNow + Patience;
                while (_skus.Count < count && DateTime.UtcNow < until)
                {
                    Monitor.Wait(_skus, TimeSpan.FromMilliseconds(100));
                }

                return [.. _skus];
            }
        }

        public void StockChanged(StockLevel level)
        {
            lock (_skus)
            {
                _skus.Add(level.Sku);
                Monitor.PulseAll(_skus);
            }
        }
    }
}
