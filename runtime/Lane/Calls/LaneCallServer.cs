using System.Collections.Concurrent;
using System.Net.Sockets;
using System.Runtime.Versioning;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;

namespace MigrateWcf.Runtime;

/// <summary>
/// Serves the local call lane (issue 30) beside a host's gRPC socket or named pipe: <c>&lt;socket&gt;.calls</c> or
/// <c>&lt;pipe&gt;.calls</c>, owner-only from the moment it exists (<see cref="LaneListener"/>). Connections are
/// accepted and read asynchronously (no thread per connection) and count against the host's lane connections
/// (<paramref name="connections"/>, shared with the bulk lane): one past them is closed at accept, ungreeted, and its
/// caller uses HTTP/2. Each connection (<see cref="LaneCallServerConnection"/>) carries up to
/// <see cref="LaneCallLimits.MaxCallsPerConnection"/> calls at once, multiplexed by the caller's call id.
/// </summary>
internal sealed class LaneCallServer(LaneListener listener, Func<LaneCallDispatcher> dispatcher, LaneCallLimits limits, LaneBudget connections, ILogger<LaneCallServer> logger,
    string? notServedBecause = null)
    : IHostedService, IDisposable
{
    /// <summary>The lane beside a gRPC Unix socket.</summary>
    [SupportedOSPlatform("linux")]
    public LaneCallServer(string grpcSocketPath, Func<LaneCallDispatcher> dispatcher, LaneCallLimits limits, LaneBudget connections, ILogger<LaneCallServer> logger,
        string? notServedBecause = null)
        : this(LaneListener.UnixSocket(SocketPath(grpcSocketPath), Name), dispatcher, limits, connections, logger, notServedBecause)
    {
    }

    private readonly ILogger _logger = logger;
    private readonly ConcurrentDictionary<LaneCallServerConnection, byte> _connections = new();
    private Lazy<LaneCallDispatcher>? _dispatcher;
    private int _refusing;
    private bool _stopped;

    /// <summary>What the host's log calls this lane.</summary>
    public const string Name = "local call lane";

    /// <summary>The lane socket beside a gRPC socket, or the lane pipe's name beside a gRPC pipe's.</summary>
    public static string SocketPath(string grpcSocketPath) => grpcSocketPath + ".calls";

    /// <summary>The largest frame a side reads: a message of the largest size it accepts (null: no limit), with room
    /// for the frame's method, headers and trailers.</summary>
    public static int MaxFrameBytes(int? maxMessageBytes)
        => maxMessageBytes is { } limit ? (int)Math.Min(int.MaxValue, (long)limit + 64 * 1024) : int.MaxValue;

    public string Path => listener.Path;

    public Task StartAsync(CancellationToken cancellationToken)
    {
        // Made on the first call: the services the host maps are known once its endpoints are built.
        if (notServedBecause is not null)
        {
            _logger.LogInformation("The local call lane is not served at {Path}: {Reason} Calls go over HTTP/2.", Path, notServedBecause);
            return Task.CompletedTask;
        }

        _dispatcher = new Lazy<LaneCallDispatcher>(dispatcher);
        try
        {
            listener.Start(Accepted, _logger);
        }
        catch (Exception e) when (e is IOException or SocketException or ArgumentException or UnauthorizedAccessException)
        {
            listener.Dispose();
            _logger.LogWarning("The local call lane is not served at {Path}: {Reason} Calls go over HTTP/2.", Path, e.Message);
        }

        return Task.CompletedTask;
    }

    /// <summary>Stops as Kestrel does: no new connection, calls that start are refused, the running ones may end until
    /// the host's shutdown timeout (<paramref name="cancellationToken"/>); then every connection closes, cancelling what
    /// still runs (a duplex callback stream, say, as Kestrel aborts its requests).</summary>
    public async Task StopAsync(CancellationToken cancellationToken)
    {
        listener.Dispose();
        LaneCallServerConnection[] draining;
        lock (_connections)
        {
            _stopped = true;
            draining = [.. _connections.Keys];
        }

        try
        {
            await Task.WhenAll(draining.Select(c => c.DrainAsync())).WaitAsync(cancellationToken).ConfigureAwait(false);
        }
        catch (OperationCanceledException)
        {
            // The shutdown timeout passed: what still runs is cancelled below.
        }

        Dispose();
    }

    public void Dispose()
    {
        lock (_connections)
        {
            _stopped = true;
        }

        listener.Dispose();
        foreach (var connection in _connections.Keys)
        {
            connection.Close(null);
        }
    }

    private void Accepted(LaneTransport socket)
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
        var connection = new LaneCallServerConnection(socket, limits, _dispatcher!, _logger, Ended);
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
