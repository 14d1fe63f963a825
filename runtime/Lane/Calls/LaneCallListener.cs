using System.IO.Pipes;
using System.Net.Sockets;
using System.Runtime.Versioning;
using Microsoft.Extensions.Logging;

namespace MigrateWcf.Runtime;

/// <summary>
/// Where a host's call lane listens, owner-only from the moment it exists: on Linux the socket file
/// <c>&lt;socket&gt;.calls</c> (mode 0600 in its folder, each peer checked with <c>SO_PEERCRED</c>,
/// <see cref="OwnerSockets"/>); on Windows the named pipe <c>&lt;pipe&gt;.calls</c>, created with
/// <see cref="PipeOptions.CurrentUserOnly"/> as the gRPC pipe is (only this user can open it, and the client checks that
/// its owner is its own user). Connections are accepted on the thread pool until the listener is disposed.
/// </summary>
internal abstract class LaneCallListener : IDisposable
{
    /// <summary>The lane's address: a socket path, or a pipe name.</summary>
    public abstract string Path { get; }

    /// <summary>The lane of a gRPC Unix socket: <c>&lt;socket&gt;.calls</c>.</summary>
    [SupportedOSPlatform("linux")]
    public static LaneCallListener UnixSocket(string grpcSocketPath) => new UnixSocketListener(LaneCallServer.SocketPath(grpcSocketPath));

    /// <summary>The lane of a gRPC named pipe: <c>&lt;pipe&gt;.calls</c>.</summary>
    [SupportedOSPlatform("windows")]
    public static LaneCallListener NamedPipe(string grpcPipeName) => new NamedPipeListener(LaneCallServer.SocketPath(grpcPipeName));

    /// <summary>Starts listening and accepting; throws <see cref="IOException"/>, <see cref="SocketException"/>,
    /// <see cref="ArgumentException"/> or <see cref="UnauthorizedAccessException"/> when the lane cannot listen (another
    /// process holds its name, a path too long).</summary>
    public abstract void Start(Action<LaneCallTransport> accepted, ILogger logger);

    public abstract void Dispose();

    [SupportedOSPlatform("linux")]
    private sealed class UnixSocketListener(string path) : LaneCallListener
    {
        private readonly UnixSocketFile _file = new(path);
        private Socket? _listener;

        public override string Path => _file.Path;

        public override void Start(Action<LaneCallTransport> accepted, ILogger logger)
        {
            var listener = _file.Bind();
            try
            {
                listener.Listen(64);
            }
            catch
            {
                listener.Dispose();
                throw;
            }

            _listener = listener;
            var peer = "unix:" + Path;
            _ = OwnerSockets.AcceptAsync(listener, socket => accepted(LaneCallTransport.Of(socket, peer)), logger, "local call lane");
        }

        public override void Dispose()
        {
            _listener?.Dispose();
            _file.Remove();
        }
    }

    /// <summary>
    /// One pipe instance waits for a client at a time; the next is created before the connected one is handed on, so a
    /// client finds the name served between two connections. The first instance is created with
    /// <see cref="PipeOptions.FirstPipeInstance"/>: a name another process serves already is refused, never shared.
    /// </summary>
    [SupportedOSPlatform("windows")]
    private sealed class NamedPipeListener(string name) : LaneCallListener
    {
        private readonly CancellationTokenSource _stopped = new();

        public override string Path => name;

        public override void Start(Action<LaneCallTransport> accepted, ILogger logger)
        {
            var first = Create(PipeOptions.FirstPipeInstance);
            _ = AcceptAsync(first, accepted, logger);
        }

        private NamedPipeServerStream Create(PipeOptions more) => new(
            name, PipeDirection.InOut, NamedPipeServerStream.MaxAllowedServerInstances, PipeTransmissionMode.Byte,
            PipeOptions.Asynchronous | PipeOptions.CurrentUserOnly | more);

        private async Task AcceptAsync(NamedPipeServerStream waiting, Action<LaneCallTransport> accepted, ILogger logger)
        {
            var peer = "pipe:" + name;
            var backoff = TimeSpan.Zero;
            while (true)
            {
                try
                {
                    await waiting.WaitForConnectionAsync(_stopped.Token).ConfigureAwait(false);
                }
                catch (Exception e) when (e is OperationCanceledException or ObjectDisposedException)
                {
                    waiting.Dispose();
                    return;
                }
                catch (IOException)
                {
                    // The client left before it was accepted: this instance waits again.
                    waiting.Dispose();
                    waiting = null!;
                }

                var connected = waiting;
                while (true)
                {
                    try
                    {
                        waiting = Create(PipeOptions.None);
                        break;
                    }
                    catch (Exception e) when (e is IOException or UnauthorizedAccessException)
                    {
                        if (_stopped.IsCancellationRequested)
                        {
                            connected?.Dispose();
                            return;
                        }

                        if (backoff == TimeSpan.Zero)
                        {
                            logger.LogWarning("The local call lane cannot open a pipe instance: {Reason}. It tries again until it can; calls meanwhile go over HTTP/2.", e.Message);
                        }

                        backoff = backoff == TimeSpan.Zero ? TimeSpan.FromMilliseconds(10) : TimeSpan.FromTicks(Math.Min(backoff.Ticks * 2, LaneLimits.MaxAcceptBackoff.Ticks));
                        await Task.Delay(backoff).ConfigureAwait(false);
                    }
                }

                backoff = TimeSpan.Zero;
                if (connected is null)
                {
                    continue;
                }

                try
                {
                    accepted(LaneCallTransport.Of(connected, peer));
                }
                catch (Exception e)
                {
                    // The lane could not take the connection: it ends, the lane goes on.
                    logger.LogDebug("A local call lane connection ended as it was accepted: {Reason}", e.Message);
                    connected.Dispose();
                }
            }
        }

        public override void Dispose() => _stopped.Cancel();
    }
}
