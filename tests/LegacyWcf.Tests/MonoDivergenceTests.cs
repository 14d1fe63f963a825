using System.Net;
using System.Net.Sockets;

namespace LegacyWcf.Tests;

/// <summary>
/// The WCF behaviours Mono 6.8 does not reproduce, each asserted as the divergence it is: Mono's behaviour is the
/// expected value, and the message says what .NET Framework WCF does and what to change here when Mono starts to do it.
/// The sample and the equivalence tests work around exactly these; a failure means a workaround may be obsolete.
/// Port sharing and net.pipe run in tests/MonoProbe (a .NET Framework WCF program) so they do not depend on the sample.
/// </summary>
[Collection(LegacyServiceCollection.Name)]
public sealed class MonoDivergenceTests(LegacyServiceFixture legacy)
{
    private static readonly TimeSpan ProbeTimeout = TimeSpan.FromMinutes(1);

    [Fact]
    public void Singleton_with_ConcurrencyMode_Single_lets_calls_from_two_connections_overlap()
    {
        var concurrency = legacy.Scenario("concurrency");
        Assert.Equal(6, concurrency.Arr("reservations").Count);
        Assert.True(
            concurrency.Long("maxConcurrentCalls") > 1,
            "Mono now serializes calls into a ConcurrencyMode.Single singleton, as .NET Framework WCF does: the equivalence "
            + "test Warehouse_SingleConcurrency_LetsOneCallInAtATime need no longer be skipped on the legacy side.");
    }

    [Fact]
    public async Task Two_service_hosts_cannot_share_a_net_tcp_port()
    {
        string line = await Probe("port-sharing", FreeLoopbackPort().ToString(System.Globalization.CultureInfo.InvariantCulture));
        Assert.True(
            line.StartsWith("failed SocketException", StringComparison.Ordinal),
            $"Mono's second net.tcp host on a taken port answered '{line}': if it is 'shared', Mono now shares the port as .NET "
            + "Framework does, and Endpoints.OnePortPerService (one port per service on Mono) can go.");
    }

    [Fact]
    public async Task A_net_pipe_call_fails_with_the_channel_type_unsupported()
    {
        string line = await Probe("net-pipe", "migrate-wcf-probe-" + Environment.ProcessId.ToString(System.Globalization.CultureInfo.InvariantCulture));
        Assert.True(
            line.StartsWith("failed InvalidOperationException", StringComparison.Ordinal) && line.Contains("IDuplexSessionChannel is not supported", StringComparison.Ordinal),
            $"Mono's net.pipe call answered '{line}': if it is 'served', Mono now carries net.pipe, and the legacy host may add its "
            + "net.pipe endpoints on Linux too (today only when Environment.OSVersion.Platform is Win32NT).");
    }

    /// <summary>Runs one probe under Mono and returns its result line ("shared", "served" or "failed Type: message").</summary>
    private static async Task<string> Probe(params string[] arguments)
    {
        string exe = Path.Combine(LegacyBinaries.Folder, "MonoProbe.exe");
        Assert.True(File.Exists(exe), $"{exe} is missing: building LegacyWcf.Tests copies tests/MonoProbe's output there.");
        using MonoProcess probe = MonoProcess.Start(exe, arguments);
        probe.CloseStdin();
        Assert.True(await probe.WaitForExitAsync(ProbeTimeout), probe.Output);
        Assert.True(probe.ExitCode == 0, probe.Output);
        // Mono's own pipe listener writes trace lines to stdout; the probe's result is the one line it starts with.
        return probe.Stdout.Split('\n').Select(l => l.TrimEnd('\r')).Single(l => l is "shared" or "served" || l.StartsWith("failed ", StringComparison.Ordinal));
    }

    private static int FreeLoopbackPort()
    {
        using var probe = new TcpListener(IPAddress.Loopback, 0);
        probe.Start();
        return ((IPEndPoint)probe.LocalEndpoint).Port;
    }
}
