using System.Diagnostics;
using System.Net;
using System.Net.Sockets;
using MigrateWcf.Runtime;

namespace MigrateWcf.Migration.Benchmarks;

/// <summary>The server process, seen from the driver: started from this same program with --serve in a private
/// folder, killed and restarted on the same sockets, its Put count read from its counter file.</summary>
internal sealed class ServerProcess : IAsyncDisposable
{
    private readonly List<string> _counterFiles = [];
    private Process? _process;

    private ServerProcess(string directory, int tcpPort) => (Directory, TcpPort) = (directory, tcpPort);

    /// <summary>The folder of every socket (0700, made by us, removed at dispose).</summary>
    public string Directory { get; }

    public int TcpPort { get; }

    public Process Process => _process ?? throw new InvalidOperationException("The server is not running.");

    /// <summary>Put calls every life of the server counted so far.</summary>
    public long PutCount => _counterFiles.Sum(PutCounter.Read);

    public GrpcEndpoint Endpoint(ServerTarget target) => target.Endpoint(Directory, TcpPort);

    public string RawSocket => Path.Combine(Directory, ServerTarget.RawSocket);

    public static ServerProcess Start()
    {
        // Short: a Unix socket path has a 107-byte limit. CreateTempSubdirectory makes it 0700.
        var directory = System.IO.Directory.CreateTempSubdirectory("mwb-").FullName;
        var server = new ServerProcess(directory, FreeTcpPort());
        server.Restart();
        return server;
    }

    /// <summary>Starts the server (again): a fresh counter file, the same sockets.</summary>
    public void Restart()
    {
        if (_process is { HasExited: false })
        {
            throw new InvalidOperationException("The server is still running.");
        }

        _process?.Dispose();
        var counter = Path.Combine(Directory, $"puts-{_counterFiles.Count}.count");
        _counterFiles.Add(counter);
        var self = Environment.ProcessPath ?? "dotnet";
        // Its standard input is the lifeline: when the driver dies, however it dies, the pipe closes and the server exits.
        var info = new ProcessStartInfo(self) { RedirectStandardInput = true, RedirectStandardOutput = true, UseShellExecute = false };
        if (Path.GetFileNameWithoutExtension(self) == "dotnet")
        {
            info.ArgumentList.Add("exec");
            info.ArgumentList.Add(typeof(ServerProcess).Assembly.Location);
        }

        foreach (var argument in new[] { "--serve", Directory, "--tcp-port", TcpPort.ToString(System.Globalization.CultureInfo.InvariantCulture), "--counter", counter })
        {
            info.ArgumentList.Add(argument);
        }

        var process = Process.Start(info) ?? throw new InvalidOperationException("The server process did not start.");
        var line = process.StandardOutput.ReadLine();
        if (line != "READY")
        {
            process.Kill(entireProcessTree: true);
            throw new InvalidOperationException($"The server process printed '{line}' instead of READY.");
        }

        _process = process;
    }

    /// <summary>SIGKILL, as a crash: no shutdown, sockets left behind.</summary>
    public void Kill()
    {
        Process.Kill(entireProcessTree: true);
        Process.WaitForExit();
    }

    public ValueTask DisposeAsync()
    {
        if (_process is { HasExited: false })
        {
            Kill();
        }

        _process?.Dispose();
        System.IO.Directory.Delete(Directory, recursive: true);
        return ValueTask.CompletedTask;
    }

    private static int FreeTcpPort()
    {
        using var probe = new TcpListener(IPAddress.Loopback, 0);
        probe.Start();
        return ((IPEndPoint)probe.LocalEndpoint).Port;
    }
}
