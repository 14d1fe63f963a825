using System.Collections.Concurrent;
using System.Net.Sockets;
using System.Runtime.Versioning;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;

namespace MigrateWcf.Runtime;

/// <summary>
/// Serves the local call lane (issue 30) beside a host's gRPC socket: <c>&lt;socket&gt;.calls</c>, owner-only from the
/// moment it exists (<see cref="UnixSocketFile"/>), each connection's peer checked with <c>SO_PEERCRED</c>. Connections are
/// accepted and read asynchronously (no thread per connection) and count against the host's lane connections
/// (<paramref name="connections"/>, shared with the bulk lane): one past them is closed at accept, ungreeted, and its
/// caller uses HTTP/2. Each connection (<see cref="LaneCallServerConnection"/>) carries up to
/// <see cref="LaneCallLimits.MaxCallsPerConnection"/> calls at once, multiplexed by the caller's call id.
/// </summary>
[SupportedOSPlatform("linux")]
internal sealed class LaneCallServer(string grpcSocketPath, Func<LaneCallDispatcher> dispatcher, LaneCallLimits limits, LaneBudget connections, ILogger<LaneCallServer> logger,
    string? notServedBecause = null)
    : IHostedService, IDisposable
{
    private readonly UnixSocketFile _file = new(SocketPath(grpcSocketPath));
    private readonly ILogger _logger = logger;
    private readonly ConcurrentDictionary<LaneCallServerConnection, byte> _connections = new();
    private Lazy<LaneCallDispatcher>? _dispatcher;
    private Socket? _listener;
    private int _refusing;
    private bool _stopped;

    /// <summary>The lane socket beside a gRPC socket.</summary>
    public static string SocketPath(string grpcSocketPath) => grpcSocketPath + ".calls";

    /// <summary>The largest frame a side reads: a message of the largest size it accepts (null: no limit), with room
    /// for the frame's method, headers and trailers.</summary>
    public static int MaxFrameBytes(int? maxMessageBytes)
        => maxMessageBytes is { } limit ? (int)Math.Min(int.MaxValue, (long)limit + 64 * 1024) : int.MaxValue;

    public string Path => _file.Path;

    public Task StartAsync(CancellationToken cancellationToken)
    {
        // Made on the first call: the services the host maps are known once its endpoints are built.
        if (notServedBecause is not null)
        {
            _logger.LogInformation("The local call lane is not served at {Path}: {Reason} Calls go over HTTP/2.", _file.Path, notServedBecause);
            return Task.CompletedTask;
        }

        _dispatcher = new Lazy<LaneCallDispatcher>(dispatcher);
        Socket? listener = null;
        try
        {
            listener = _file.Bind();
            listener.Listen(64);
        }
        catch (Exception e) when (e is IOException or SocketException or ArgumentException or UnauthorizedAccessException)
        {
            listener?.Dispose();
            _logger.LogWarning("The local call lane is not served at {Path}: {Reason} Calls go over HTTP/2.", _file.Path, e.Message);
            return Task.CompletedTask;
        }

        _listener = listener;
        _ = OwnerSockets.AcceptAsync(listener, Accepted, _logger, "local call lane");
        return Task.CompletedTask;
    }

    public Task StopAsync(CancellationToken cancellationToken)
    {
        Dispose();
        return Task.CompletedTask;
    }

    public void Dispose()
    {
        lock (_connections)
        {
            _stopped = true;
        }

        _listener?.Dispose();
        foreach (var connection in _connections.Keys)
        {
            connection.Close(null);
        }

        _file.Remove();
    }

    private void Accepted(Socket socket)
    {
        if (!connections.TryTake())
        {
            if (Interlocked.Exchange(ref _refusing, 1) == 0)
            {
                _logger.LogWarning("The local call lane closes new connections: the host's lanes have {Count} connections, their bound (GrpcHostOptions.MaxLaneConnections). Their calls go over HTTP/2.", connections.MaxCount);
            }

            socket.Dispose();
            return;
        }

        Volatile.Write(ref _refusing, 0);
        var connection = new LaneCallServerConnection(socket, limits, _dispatcher!, "unix:" + Path, _logger, Ended);
        lock (_connections)
        {
            if (_stopped)
            {
                // Accepted as the host stopped.
                connections.Return();
                socket.Dispose();
                return;
            }

            _connections[connection] = 0;
        }

        _ = connection.RunAsync();
    }

    private void Ended(LaneCallServerConnection connection)
    {
        if (_connections.TryRemove(connection, out _))
        {
            connections.Return();
        }
    }
}
