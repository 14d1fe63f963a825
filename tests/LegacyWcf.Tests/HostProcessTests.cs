using System.Net;
using System.Net.Sockets;

namespace LegacyWcf.Tests;

/// <summary>The host's command-line contract: one "ready" line, clean stop on stdin close or SIGTERM, one-line errors.</summary>
public sealed class HostProcessTests
{
    private static readonly TimeSpan ExitTimeout = TimeSpan.FromSeconds(60);

    [Theory]
    [InlineData("http://127.0.0.1:8123/")]
    [InlineData("not a uri")]
    [InlineData("net.tcp://127.0.0.1:65534/")]
    public async Task BadAddress_ExitsNonZero_WithOneLineAndNoStackTrace(string address)
    {
        using MonoProcess host = MonoProcess.Start(LegacyBinaries.HostExe, address);
        await AssertFailsWithOneLine(host, expectedExitCode: 2, expectedText: "bad base address");
    }

    [Fact]
    public async Task NoArguments_ExitsNonZero_WithUsage()
    {
        using MonoProcess host = MonoProcess.Start(LegacyBinaries.HostExe);
        await AssertFailsWithOneLine(host, expectedExitCode: 2, expectedText: "usage:");
    }

    [Fact]
    public async Task PortInUse_ExitsNonZero_WithOneLineAndNoStackTrace()
    {
        int port = LegacyHost.FreePortBlock(LegacyHost.PortsPerHost);
        using var occupant = new TcpListener(IPAddress.Loopback, port);
        occupant.Start();

        using MonoProcess host = MonoProcess.Start(LegacyBinaries.HostExe, $"net.tcp://127.0.0.1:{port}/");
        await AssertFailsWithOneLine(host, expectedExitCode: 3, expectedText: "already in use");
    }

    [Theory]
    [InlineData("0")]
    [InlineData("65536")]
    [InlineData("http")]
    public async Task BadHttpPort_ExitsNonZero_WithOneLine(string port)
    {
        using MonoProcess host = MonoProcess.Start(LegacyBinaries.HostExe, "--http-port", port);
        await AssertFailsWithOneLine(host, expectedExitCode: 2, expectedText: "bad --http-port");
    }

    [Fact]
    public async Task UnknownOption_ExitsNonZero_WithOneLine()
    {
        using MonoProcess host = MonoProcess.Start(LegacyBinaries.HostExe, "--https-port", "8443");
        await AssertFailsWithOneLine(host, expectedExitCode: 2, expectedText: "unexpected argument '--https-port'");
    }

    [Fact]
    public async Task HttpPortInUse_ExitsNonZero_WithOneLineAndNoStackTrace()
    {
        int port = LegacyHost.FreePortBlock(1);
        using var occupant = new TcpListener(IPAddress.Loopback, port);
        occupant.Start();

        using MonoProcess host = MonoProcess.Start(LegacyBinaries.HostExe, "--http-port", port.ToString(System.Globalization.CultureInfo.InvariantCulture));
        await AssertFailsWithOneLine(host, expectedExitCode: 3, expectedText: "already in use");
    }

    [Fact]
    public async Task ClosingStdin_StopsTheHostCleanly_AndFreesItsPorts()
    {
        LegacyHost host = await LegacyHost.StartAsync();
        await using (host)
        {
            Assert.Matches(@"^ready net\.tcp://127\.0\.0\.1:\d+/", host.ReadyLine);
            host.Process.CloseStdin();
            Assert.True(await host.Process.WaitForExitAsync(ExitTimeout), "host still running after stdin closed:\n" + host.Process.Output);
            Assert.True(host.Process.ExitCode == 0, $"exit code {host.Process.ExitCode}:\n{host.Process.Output}");
            Assert.Equal(string.Empty, host.Process.Stderr);
            AssertPortsFree(host.BaseAddress);
        }
    }

    [Fact]
    public async Task Sigterm_StopsTheHostCleanly()
    {
        LegacyHost host = await LegacyHost.StartAsync();
        await using (host)
        {
            host.Process.Terminate();
            Assert.True(await host.Process.WaitForExitAsync(ExitTimeout), "host still running after SIGTERM:\n" + host.Process.Output);
            Assert.True(host.Process.ExitCode == 0, $"exit code {host.Process.ExitCode}:\n{host.Process.Output}");
            AssertPortsFree(host.BaseAddress);
        }
    }

    private static async Task AssertFailsWithOneLine(MonoProcess host, int expectedExitCode, string expectedText)
    {
        host.CloseStdin();
        Assert.True(await host.WaitForExitAsync(ExitTimeout), "host did not exit:\n" + host.Output);
        Assert.True(host.ExitCode == expectedExitCode, $"exit code {host.ExitCode}, expected {expectedExitCode}:\n{host.Output}");
        string[] lines = host.Stderr.Split('\n', StringSplitOptions.RemoveEmptyEntries);
        Assert.True(lines.Length == 1, "expected exactly one line on stderr:\n" + host.Output);
        Assert.StartsWith("LegacyWcf.Host: ", lines[0]);
        Assert.Contains(expectedText, lines[0]);
        Assert.DoesNotContain("   at ", host.Stderr);
        Assert.Equal(string.Empty, host.Stdout);
    }

    private static void AssertPortsFree(string baseAddress)
    {
        int basePort = new Uri(baseAddress).Port;
        foreach (int port in Enumerable.Range(basePort, LegacyHost.PortsPerHost))
        {
            using var listener = new TcpListener(IPAddress.Loopback, port);
            listener.Start();
        }
    }
}
