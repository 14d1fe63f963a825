using LegacyWcf.Contracts;
using MigratedClientFactory = LegacyWcf.Contracts.Grpc.MigratedClientFactory;
using MigrateWcf.Runtime;

namespace MigrateWcf.Migration.Tests;

/// <summary>
/// samples/Migrated/Host as a real process: it prints a ready line once it accepts calls, serves every sample contract
/// through the generated hosting on an owner-only Unix socket, removes the socket when stopped by SIGTERM or Ctrl+C, and
/// refuses a bad --socket with one line on stderr and a non-zero exit, leaving what is at the path alone.
/// </summary>
[System.Runtime.Versioning.UnsupportedOSPlatform("windows")]
public sealed class HostProcessTests
{
    private static readonly TimeSpan Patience = TimeSpan.FromMinutes(1);

    [Fact]
    public async Task TheHost_ServesEverySampleContract_OnAnOwnerOnlySocket_AfterItsReadyLine()
    {
        using var folder = new SocketFolder();
        string socket = folder.Combine("run", "migrated.sock");
        using var host = await MigratedHostProcess.StartReadyAsync("--socket", socket);

        Assert.Equal($"ready Migrated.Host on unix:{socket} (ISimple served by SimpleMultiple)", host.Stdout.TrimEnd());
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
    public async Task TheSimpleOption_ChoosesTheClassThatServesISimple()
    {
        using var folder = new SocketFolder();
        string socket = folder.Combine("simple.sock");
        using var host = await MigratedHostProcess.StartReadyAsync("--socket", socket, "--simple", "SimpleSingle");

        using var clients = new MigratedClientFactory(GrpcEndpoint.UnixSocket(socket), new ClientProxyOptions { SendTimeout = Patience });
        clients.CreateSimple().Put();

        Assert.Contains("ISimple served by SimpleSingle", host.Stdout);
    }

    [Fact]
    public async Task A_regular_file_at_the_socket_path_stays_and_the_host_exits_1_with_one_line()
    {
        using var folder = new SocketFolder();
        string path = folder.Combine("taken");
        File.WriteAllText(path, "not a socket");

        var (exitCode, stdout, stderr) = await MigratedHostProcess.RunAsync("--socket", path);

        Assert.Equal(1, exitCode);
        Assert.Equal($"Migrated.Host: Cannot listen on unix:{path}: a regular file is there (it is not removed; delete it or choose another path).\n", stderr);
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
        Assert.StartsWith($"Migrated.Host: Cannot listen on unix:{path}: ", stderr);
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
        Assert.Equal($"Migrated.Host: Cannot listen on unix:{socket}: another server is listening on it.\n", stderr);
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
        Assert.StartsWith("Migrated.Host: Cannot listen on unix:", stderr, StringComparison.Ordinal);
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
    [InlineData(new string[0], "Migrated.Host: --socket is required (usage: Migrated.Host --socket PATH [--simple SimpleMultiple|SimpleSingle] [--http-port N])")]
    [InlineData(new[] { "--socket" }, "Migrated.Host: --socket needs a value (usage: Migrated.Host --socket PATH [--simple SimpleMultiple|SimpleSingle] [--http-port N])")]
    [InlineData(new[] { "--socket", "/tmp/x.sock", "--simple", "Both" }, "Migrated.Host: --simple must be SimpleMultiple or SimpleSingle, not 'Both'")]
    [InlineData(new[] { "--socket", "/tmp/x.sock", "--http-port", "0" }, "Migrated.Host: bad --http-port '0': expected a port number from 1 to 65535")]
    [InlineData(new[] { "--port", "5000" }, "Migrated.Host: unknown argument '--port' (usage: Migrated.Host --socket PATH [--simple SimpleMultiple|SimpleSingle] [--http-port N])")]
    public async Task A_bad_command_line_exits_2_with_one_line(string[] arguments, string expected)
    {
        var (exitCode, stdout, stderr) = await MigratedHostProcess.RunAsync(arguments);

        Assert.Equal(2, exitCode);
        Assert.Equal("", stdout);
        Assert.Equal(expected + "\n", stderr);
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
