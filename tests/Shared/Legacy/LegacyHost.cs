using System.Net;
using System.Net.Sockets;

namespace MigrateWcf.Tests.Shared;

/// <summary>The legacy WCF host running under Mono on free loopback ports (net.tcp, or the REST catalog's HTTP port);
/// disposing stops it (stdin close, then kill).</summary>
internal sealed class LegacyHost : IAsyncDisposable
{
    /// <summary>Mono needs one port per service (its net.tcp cannot share a port), from the base port up.</summary>
    public const int PortsPerHost = 7;

    private const int ExitAddressInUse = 3;
    private static readonly TimeSpan StartTimeout = TimeSpan.FromSeconds(60);

    private LegacyHost(MonoProcess process, string baseAddress, string readyLine)
    {
        Process = process;
        BaseAddress = baseAddress;
        ReadyLine = readyLine;
    }

    public MonoProcess Process { get; }

    public string BaseAddress { get; }

    public string ReadyLine { get; }

    /// <summary>Starts a host on net.tcp, retrying on other ports if another process took one meanwhile.</summary>
    public static Task<LegacyHost> StartAsync() => StartAsync(() =>
    {
        string baseAddress = $"net.tcp://127.0.0.1:{FreePortBlock(PortsPerHost)}/";
        return (baseAddress, [baseAddress]);
    });

    /// <summary>Starts a host serving only the REST catalog (<c>--http-port</c>) on a free loopback port; its
    /// <see cref="BaseAddress"/> is <c>http://127.0.0.1:port/</c>.</summary>
    public static Task<LegacyHost> StartWebHttpAsync() => StartAsync(() =>
    {
        int port = FreePortBlock(1);
        return ($"http://127.0.0.1:{port}/", ["--http-port", port.ToString(System.Globalization.CultureInfo.InvariantCulture)]);
    });

    private static async Task<LegacyHost> StartAsync(Func<(string BaseAddress, string[] Arguments)> choose)
    {
        string failures = string.Empty;
        for (int attempt = 0; attempt < 5; attempt++)
        {
            (string baseAddress, string[] arguments) = choose();
            MonoProcess process = MonoProcess.Start(LegacyBinaries.HostExe, arguments);
            string? ready = await process.WaitForLineAsync(line => line.StartsWith("ready ", StringComparison.Ordinal), StartTimeout);
            if (ready is not null)
            {
                return new LegacyHost(process, baseAddress, ready);
            }

            bool exited = await process.WaitForExitAsync(TimeSpan.FromSeconds(5));
            string output = process.Output;
            int? exitCode = exited ? process.ExitCode : null;
            process.Dispose();
            if (exitCode != ExitAddressInUse)
            {
                throw new InvalidOperationException(
                    $"the legacy host did not start on {baseAddress} (exit code {exitCode?.ToString() ?? "none: still running after " + StartTimeout.TotalSeconds + " s"}):\n{output}");
            }

            failures += $"{baseAddress}: {output}\n";
        }

        throw new InvalidOperationException("the legacy host found no free ports in 5 attempts:\n" + failures);
    }

    /// <summary>A base port whose next <paramref name="count"/> ports are all free on loopback now.</summary>
    public static int FreePortBlock(int count)
    {
        for (int attempt = 0; attempt < 50; attempt++)
        {
            int first;
            using (var probe = new TcpListener(IPAddress.Loopback, 0))
            {
                probe.Start();
                first = ((IPEndPoint)probe.LocalEndpoint).Port;
            }

            if (first + count - 1 <= IPEndPoint.MaxPort && Enumerable.Range(first, count).All(IsFree))
            {
                return first;
            }
        }

        throw new InvalidOperationException($"no block of {count} free loopback ports found");
    }

    public async ValueTask DisposeAsync()
    {
        try
        {
            if (!Process.HasExited)
            {
                Process.CloseStdin();
                await Process.WaitForExitAsync(TimeSpan.FromSeconds(15));
            }
        }
        catch (IOException)
        {
            // stdin already broken: the kill in Dispose below still stops the host.
        }
        finally
        {
            Process.Dispose();
        }
    }

    private static bool IsFree(int port)
    {
        try
        {
            using var listener = new TcpListener(IPAddress.Loopback, port);
            listener.Start();
            return true;
        }
        catch (SocketException)
        {
            return false;
        }
    }
}
