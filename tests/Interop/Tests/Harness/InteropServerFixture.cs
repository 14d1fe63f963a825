using System.Diagnostics;

namespace MigrateWcf.Interop.Tests.Harness;

/// <summary>One interop server process listening on a Unix socket in a private temp folder or on a free TCP port of
/// 127.0.0.1, for all cases of a test class; killed (with its children) when the class is done, passed or failed.</summary>
public abstract class InteropServerFixture(Implementation implementation, Transport transport) : IAsyncLifetime
{
    private static readonly TimeSpan StartTimeout = TimeSpan.FromSeconds(60);
    private readonly DirectoryInfo _directory = Directory.CreateTempSubdirectory("interop-");
    private Process? _process;
    private ServerAddress? _address;

    public Implementation Implementation { get; } = implementation;

    public Transport Transport { get; } = transport;

    public ServerAddress Address => _address ??= Transport == Transport.UnixSocket ? new(Path.Combine(_directory.FullName, "server.sock"), 0) : new(null, FreeTcpPort());

    internal ProcessOutput Output { get; } = new();

    public bool HasExited => _process is null || _process.HasExited;

    public async Task InitializeAsync()
    {
        var ready = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        Output.LineReceived += line =>
        {
            if (line.StartsWith("READY", StringComparison.Ordinal))
            {
                ready.TrySetResult();
            }
        };

        _process = new Process { StartInfo = Commands.Server(Implementation, Address), EnableRaisingEvents = true };
        Output.Attach(_process);
        _process.Exited += (_, _) => ready.TrySetException(new InvalidOperationException(
            $"The {Implementation} interop server exited before it was ready:\n{Output}"));
        _process.Start();
        _process.BeginOutputReadLine();
        _process.BeginErrorReadLine();
        try
        {
            await ready.Task.WaitAsync(StartTimeout);
        }
        catch (TimeoutException)
        {
            await DisposeAsync();
            throw new TimeoutException($"The {Implementation} interop server printed no READY line within {StartTimeout}:\n{Output}");
        }
    }

    public Task DisposeAsync()
    {
        if (_process is { } process)
        {
            try
            {
                if (!process.HasExited)
                {
                    process.Kill(entireProcessTree: true);
                    process.WaitForExit(10_000);
                }
            }
            catch (InvalidOperationException)
            {
                // Already gone between the check and the kill.
            }

            process.Dispose();
            _process = null;
        }

        try
        {
            _directory.Delete(recursive: true);
        }
        catch (IOException)
        {
            // A socket file still held by a dying process; the temp folder is cleaned by the OS.
        }

        return Task.CompletedTask;
    }

    /// <summary>A port free on 127.0.0.1 right now, for the server to listen on.</summary>
    private static int FreeTcpPort()
    {
        using var probe = new System.Net.Sockets.TcpListener(System.Net.IPAddress.Loopback, 0);
        probe.Start();
        return ((System.Net.IPEndPoint)probe.LocalEndpoint).Port;
    }
}

public sealed class OurServerFixture() : InteropServerFixture(Implementation.Ours, Transport.UnixSocket);

public sealed class OurTcpServerFixture() : InteropServerFixture(Implementation.Ours, Transport.Tcp);

public sealed class PythonServerFixture() : InteropServerFixture(Implementation.Python, Transport.UnixSocket);

public sealed class PythonTcpServerFixture() : InteropServerFixture(Implementation.Python, Transport.Tcp);

public sealed class NodeServerFixture() : InteropServerFixture(Implementation.Node, Transport.UnixSocket);

public sealed class NodeTcpServerFixture() : InteropServerFixture(Implementation.Node, Transport.Tcp);
