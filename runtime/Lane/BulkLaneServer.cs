using System.Collections.Concurrent;
using System.Net.Sockets;
using System.Runtime.Versioning;
using Grpc.AspNetCore.Server;
using Grpc.Core;
using Grpc.Core.Interceptors;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;

namespace MigrateWcf.Runtime;

/// <summary>
/// A host's end of the bulk lane: listens on the owner-only socket beside each gRPC socket (on Windows the owner-only
/// pipe beside each gRPC pipe, <see cref="LaneListener"/>), greets each connection of this user with a fresh session
/// token, and keeps the sessions until their connections end. Sessions count against the
/// host's lane connections (<paramref name="connections"/>, shared with the call lane): one past them is closed at
/// accept, ungreeted, and its client sends plain bytes. Stopping the host closes them and removes the socket files.
/// </summary>
/// <param name="grpcAddresses">The gRPC Unix sockets' paths on Linux, the gRPC pipes' names on Windows.</param>
/// <param name="connections">The host's lane connections, shared with the call lane.</param>
/// <param name="logger">Where the lane says what it could not do.</param>
[SupportedOSPlatform("linux")]
[SupportedOSPlatform("windows")]
internal sealed class BulkLaneServer(IReadOnlyList<string> grpcAddresses, LaneBudget connections, ILogger<BulkLaneServer> logger) : IHostedService, IDisposable
{
    // A response a caller never read (it cancelled, or died before reading it) keeps its segment until it is reused.
    private static readonly TimeSpan LeaseTimeout = TimeSpan.FromSeconds(30);

    private readonly ConcurrentDictionary<Guid, LaneConnection> _sessions = new();
    private readonly List<LaneListener> _listeners = [];
    private bool _stopped;
    private int _refusing;

    public bool TryGetSession(string? tokenText, out LaneConnection? connection)
    {
        connection = null;
        return Guid.TryParseExact(tokenText, "N", out var token) && _sessions.TryGetValue(token, out connection) && connection.IsOpen;
    }

    /// <summary>Listens on the lane sockets (pipes). The lane is an optimisation: when one cannot be made (a path too long
    /// for a Unix socket, something that is not ours is there), the host serves without it and says why once.</summary>
    public Task StartAsync(CancellationToken cancellationToken)
    {
        foreach (var grpcAddress in grpcAddresses)
        {
            var address = BulkLane.SocketPath(grpcAddress);
            var listener = OperatingSystem.IsLinux() ? LaneListener.UnixSocket(address, BulkLane.Name) : OperatingSystem.IsWindows() ? LaneListener.NamedPipe(address, BulkLane.Name)
                : throw new PlatformNotSupportedException("The bulk lane runs on Linux and Windows.");
            try
            {
                listener.Start(Accepted, logger);
            }
            catch (Exception e) when (e is IOException or SocketException or ArgumentException or UnauthorizedAccessException)
            {
                listener.Dispose();
                logger.LogWarning("The bulk lane is not served at {Path}: {Reason} Large values go over HTTP/2.", address, e.Message);
                continue;
            }

            lock (_listeners)
            {
                _listeners.Add(listener);
            }
        }

        return Task.CompletedTask;
    }

    public Task StopAsync(CancellationToken cancellationToken)
    {
        Dispose();
        return Task.CompletedTask;
    }

    private void Accepted(LaneTransport transport)
    {
        if (!connections.TryTake())
        {
            if (Interlocked.Exchange(ref _refusing, 1) == 0)
            {
                logger.LogWarning("The bulk lane closes new sessions: the host's lanes have {Count} connections, their bound (GrpcHostOptions.MaxLaneConnections). Their values go over HTTP/2.", connections.MaxCount);
            }

            transport.Dispose();
            return;
        }

        Volatile.Write(ref _refusing, 0);
        var token = Guid.NewGuid();
        var connection = new LaneConnection(transport, token, host: true, LeaseTimeout, Closed);
        _sessions[token] = connection;
        try
        {
            connection.Send(new LaneFrame(LaneFrameKind.Hello, 0, 0, token));
            connection.Start();
        }
        catch (Exception e) when (e is IOException or SocketException or ObjectDisposedException)
        {
            logger.LogDebug("A bulk lane connection ended during its greeting: {Reason}", e.Message);
            connection.Dispose();
        }
    }

    private void Closed(LaneConnection session, string? broken)
    {
        _sessions.TryRemove(session.Token, out _);
        connections.Return();
        if (broken is not null)
        {
            logger.LogWarning("A bulk lane session was ended: {Reason}.", broken);
        }
    }

    public void Dispose()
    {
        lock (_listeners)
        {
            if (_stopped)
            {
                return;
            }

            _stopped = true;
        }

        foreach (var listener in _listeners)
        {
            listener.Dispose();
        }

        foreach (var session in _sessions.Values)
        {
            session.Dispose();
        }
    }
}

/// <summary>Resolves the lane references of requests that name a session, and moves large response values into the
/// lane for them. Calls without the header pass through untouched.</summary>
[SupportedOSPlatform("linux")]
[SupportedOSPlatform("windows")]
internal sealed class BulkLaneServerInterceptor(BulkLaneServer server, IOptions<GrpcServiceOptions> grpcOptions, int thresholdBytes) : Interceptor
{
    public override async Task<TResponse> UnaryServerHandler<TRequest, TResponse>(TRequest request, ServerCallContext context,
        UnaryServerMethod<TRequest, TResponse> continuation)
    {
        if (context.RequestHeaders.GetValue(BulkLane.HeaderName) is not { } tokenText)
        {
            return await continuation(request, context).ConfigureAwait(false);
        }

        if (!server.TryGetSession(tokenText, out var connection))
        {
            throw new RpcException(new Status(StatusCode.InvalidArgument, "The bulk lane session this call names is not open."));
        }

        if (request is Google.Protobuf.IMessage message && LaneMessages.CanCarryBytes(message.Descriptor))
        {
            BulkLane.Resolve(connection!, message, grpcOptions.Value.MaxReceiveMessageSize, StatusCode.InvalidArgument);
        }

        var response = await continuation(request, context).ConfigureAwait(false);
        List<LaneReference>? written = null;
        try
        {
            return BulkLane.Offload(connection!, response, thresholdBytes, ref written);
        }
        catch (Exception e) when (e is IOException or ObjectDisposedException)
        {
            // The caller's lane closed: it reads plain bytes.
            foreach (var reference in written ?? [])
            {
                connection!.Outbox.Free(reference.Segment, reference.Generation);
            }

            return response;
        }
    }
}
