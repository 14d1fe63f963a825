using System.Collections.Concurrent;
using System.Net.Sockets;
using System.Runtime.Versioning;
using Google.Protobuf;
using Grpc.Core;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;
using MigrateWcf.Runtime.Protocol;

namespace MigrateWcf.Runtime;

/// <summary>
/// Serves the local call lane (issue 30) beside a host's gRPC socket: <c>&lt;socket&gt;.calls</c>, owner-only from the
/// moment it exists (<see cref="UnixSocketFile"/>), each connection's peer checked with <c>SO_PEERCRED</c>. A connection
/// carries any number of calls at once (multiplexed by the caller's call id); each runs through
/// <see cref="LaneCallDispatcher"/> and ends with one reply frame, streamed messages before it under
/// <see cref="LaneFlow"/>'s credit. A peer that breaks the protocol (a frame over the limit, bytes that are no frame, a
/// reused call id, a header gRPC does not allow, messages past its credit) loses its connection, never the host; a
/// connection that ends cancels its running calls.
/// </summary>
[SupportedOSPlatform("linux")]
internal sealed class LaneCallServer(string grpcSocketPath, Func<LaneCallDispatcher> dispatcher, int maxFrameBytes, ILogger<LaneCallServer> logger, string? notServedBecause = null)
    : IHostedService, IDisposable
{
    private readonly UnixSocketFile _file = new(SocketPath(grpcSocketPath));
    private readonly int _maxFrameBytes = maxFrameBytes;
    private readonly ILogger _logger = logger;
    private readonly ConcurrentDictionary<Connection, byte> _connections = new();
    private Lazy<LaneCallDispatcher>? _dispatcher;
    private Socket? _listener;

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
        new Thread(() => Accept(listener)) { IsBackground = true, Name = "migrate-wcf call lane listener" }.Start();
        return Task.CompletedTask;
    }

    public Task StopAsync(CancellationToken cancellationToken)
    {
        Dispose();
        return Task.CompletedTask;
    }

    public void Dispose()
    {
        _listener?.Dispose();
        foreach (var connection in _connections.Keys)
        {
            connection.Dispose();
        }

        _file.Remove();
    }

    private void Accept(Socket listener) => OwnerSockets.Accept(listener, socket =>
    {
        var connection = new Connection(this, socket);
        _connections[connection] = 0;
        new Thread(connection.Read) { IsBackground = true, Name = "migrate-wcf call lane connection" }.Start();
    });

    private sealed class Connection(LaneCallServer server, Socket socket) : IDisposable
    {
        private readonly ConcurrentDictionary<ulong, Call> _running = new();
        private readonly object _writing = new();
        private readonly CancellationTokenSource _ended = new();

        public void Read()
        {
            try
            {
                while (LaneCallFraming.Read(socket, server._maxFrameBytes) is { } bytes)
                {
                    var frame = LaneCallFrame.Parser.ParseFrom(bytes);
                    if (frame.Kind == LaneCallFrame.Types.Kind.Start)
                    {
                        Start(frame);
                    }
                    else if (_running.TryGetValue(frame.Call, out var call))
                    {
                        call.Receive(frame);
                    }

                    // Else the call has ended already (its answer crossed the caller's frame): nothing to do.
                }
            }
            catch (Exception e) when (e is InvalidDataException or InvalidProtocolBufferException or ArgumentException or SocketException or ObjectDisposedException)
            {
                server._logger.LogWarning("A call lane connection was closed: {Reason}", e.Message);
            }
            catch (Exception e)
            {
                // A fault of the lane itself (the services could not be bound): this connection ends, never the host;
                // its caller's next calls take HTTP/2.
                server._logger.LogError(e, "A call lane connection was closed by an error of the lane.");
            }
            finally
            {
                Dispose();
            }
        }

        private void Start(LaneCallFrame frame)
        {
            var method = server._dispatcher!.Value.Find(frame.Method);
            var call = new Call(this, frame, method);
            if (!_running.TryAdd(frame.Call, call))
            {
                call.Dispose();
                throw new InvalidDataException($"Call id {frame.Call} is already running on this connection.");
            }

            var headers = LaneHeaders.ToMetadata(frame.Headers);
            // On the thread pool, as Kestrel runs a request: a service that blocks its thread holds up no other call on
            // this connection (the proxies of one factory share it).
            _ = Task.Run(() => RunAsync(call, frame, headers));
        }

        private async Task RunAsync(Call call, LaneCallFrame frame, Metadata headers)
        {
            try
            {
                var deadline = frame.DeadlineTicks == 0 ? DateTime.MaxValue : new DateTime(frame.DeadlineTicks, DateTimeKind.Utc);
                var result = await server._dispatcher!.Value.DispatchAsync(frame.Method, call, headers, deadline, "unix:" + server.Path, call.Cancellation.Token, call.SendHeadersAsync)
                    .ConfigureAwait(false);
                var reply = new LaneReplyFrame { Call = frame.Call, Status = (int)result.Status.StatusCode, Detail = result.Status.Detail ?? string.Empty };
                LaneHeaders.Add(reply.Headers, result.ResponseHeaders);
                LaneHeaders.Add(reply.Trailers, result.Trailers);
                if (result.Response is { } response)
                {
                    reply.Response = UnsafeByteOperations.UnsafeWrap(response);
                }

                Write(reply);
            }
            catch (Exception e) when (e is SocketException or ObjectDisposedException)
            {
                // The caller is gone: nobody reads the reply.
            }
            finally
            {
                _running.TryRemove(frame.Call, out _);
                call.Dispose();
            }
        }

        private void Write(LaneReplyFrame frame)
        {
            lock (_writing)
            {
                LaneCallFraming.Write(socket, frame);
            }
        }

        public void Dispose()
        {
            if (server._connections.TryRemove(this, out _))
            {
                _ended.Cancel();
                socket.Dispose();
            }
        }

        /// <summary>One running call: its cancellation, and for a streaming method its request stream and the
        /// caller's credit for its response stream.</summary>
        private sealed class Call(Connection connection, LaneCallFrame start, LaneMethod? method) : ILaneCallStreams, IDisposable
        {
            private readonly LaneOutbound? _responseCredit = method?.StreamsResponses == true ? new() : null;

            public CancellationTokenSource Cancellation { get; } = CancellationTokenSource.CreateLinkedTokenSource(connection._ended.Token);

            public ByteString Request => start.Request;

            public LaneInbound? Requests { get; } = method?.StreamsRequests == true
                ? new LaneInbound(read => connection.Write(new LaneReplyFrame { Call = start.Call, Kind = LaneReplyFrame.Types.Kind.Credit, Credit = (uint)read }))
                : null;

            /// <summary>A frame of this call from the connection's reading thread; an <see cref="InvalidDataException"/>
            /// when it breaks the protocol.</summary>
            public void Receive(LaneCallFrame frame)
            {
                switch (frame.Kind)
                {
                    case LaneCallFrame.Types.Kind.Message when Requests is { } requests:
                        requests.Add(frame.Request);
                        break;
                    case LaneCallFrame.Types.Kind.HalfClose when Requests is { } requests:
                        requests.Complete();
                        break;
                    case LaneCallFrame.Types.Kind.Cancel:
                        try
                        {
                            Cancellation.Cancel();
                        }
                        catch (ObjectDisposedException)
                        {
                            // The call ended between the lookup and the cancellation.
                        }

                        break;
                    case LaneCallFrame.Types.Kind.Credit when _responseCredit is { } credit:
                        credit.Grant(frame.Credit);
                        break;
                    default:
                        throw new InvalidDataException($"A {frame.Kind} frame does not belong to call {frame.Call}.");
                }
            }

            public Task SendHeadersAsync(Metadata headers)
            {
                var frame = new LaneReplyFrame { Call = start.Call, Kind = LaneReplyFrame.Types.Kind.Headers };
                LaneHeaders.Add(frame.Headers, headers);
                connection.Write(frame);
                return Task.CompletedTask;
            }

            public async Task WriteResponseAsync(byte[] message, CancellationToken cancellationToken)
            {
                await (_responseCredit ?? throw new InvalidOperationException("The method does not stream its responses.")).WaitAsync(cancellationToken).ConfigureAwait(false);
                connection.Write(new LaneReplyFrame { Call = start.Call, Kind = LaneReplyFrame.Types.Kind.Message, Response = UnsafeByteOperations.UnsafeWrap(message) });
            }

            public void Dispose()
            {
                Requests?.Complete();
                Cancellation.Dispose();
                _responseCredit?.Dispose();
            }
        }
    }
}
