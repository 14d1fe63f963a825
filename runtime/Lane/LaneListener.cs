using System.IO.Pipes;
using System.Net.Sockets;
using System.Runtime.Versioning;
using Microsoft.Extensions.Logging;

namespace MigrateWcf.Runtime;

/// <summary>
/// Where a host's lane listens (the call lane's <c>.calls</c>, the bulk lane's <c>.lane</c>), owner-only from the moment it
/// exists: on Linux a socket file (mode 0600 in its folder, each peer checked with <c>SO_PEERCRED</c>,
/// <see cref="OwnerSockets"/>); on Windows a named pipe created with <see cref="PipeOptions.CurrentUserOnly"/> as the
/// gRPC pipe is (only this user can open it, and the client checks that its owner is its own user). Connections are
/// accepted on the thread pool until the listener is disposed.
/// </summary>
internal abstract class LaneListener : IDisposable
{
    /// <summary>The lane's address: a socket path, or a pipe name.</summary>
    public abstract string Path { get; }

    /// <summary>A lane on the socket file <paramref name="path"/>; <paramref name="lane"/> names it in the host's log.</summary>
    [SupportedOSPlatform("linux")]
    public static LaneListener UnixSocket(string path, string lane) => new UnixSocketListener(path, lane);

    /// <summary>A lane on the named pipe <paramref name="name"/>; <paramref name="lane"/> names it in the host's log.</summary>
    [SupportedOSPlatform("windows")]
    public static LaneListener NamedPipe(string name, string lane) => new NamedPipeListener(name, lane);

    /// <summary>Starts listening and accepting; throws <see cref="IOException"/>, <see cref="SocketException"/>,
    /// <see cref="ArgumentException"/> or <see cref="UnauthorizedAccessException"/> when the lane cannot listen (another
    /// process holds its name, a path too long).</summary>
    public abstract void Start(Action<LaneTransport> accepted, ILogger logger);

    public abstract void Dispose();

    [SupportedOSPlatform("linux")]
    private sealed class UnixSocketListener(string path, string lane) : LaneListener
    {
        private readonly UnixSocketFile _file = new(path);
        private Socket? _listener;

        public override string Path => _file.Path;

        public override void Start(Action<LaneTransport> accepted, ILogger logger)
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
            _ = OwnerSockets.AcceptAsync(listener, socket => accepted(LaneTransport.Of(socket, peer)), logger, lane);
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
    private sealed class NamedPipeListener(string name, string lane) : LaneListener
    {
        private readonly CancellationTokenSource _stopped = new();

        public override string Path => name;

        public override void Start(Action<LaneTransport> accepted, ILogger logger)
        {
            var first = Create(PipeOptions.FirstPipeInstance);
            _ = AcceptAsync(first, accepted, logger);
        }

        private NamedPipeServerStream Create(PipeOptions more) => new(
            name, PipeDirection.InOut, NamedPipeServerStream.MaxAllowedServerInstances, PipeTransmissionMode.Byte,
            PipeOptions.Asynchronous | PipeOptions.CurrentUserOnly | more);

        private async Task AcceptAsync(NamedPipeServerStream waiting, Action<LaneTransport> accepted, ILogger logger)
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
                            logger.LogWarning("The {Lane} cannot open a pipe instance: {Reason}. It tries again until it can; calls meanwhile go over HTTP/2.", lane, e.Message);
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
                    accepted(LaneTransport.Of(connected, peer));
                }
                catch (Exception e)
                {
                    // The lane could not take the connection: it ends, the lane goes on.
                    logger.LogDebug("A {Lane} connection ended as it was accepted: {Reason}", lane, e.Message);
                    connected.Dispose();
                }
            }
        }

        public override void Dispose() => _stopped.Cancel();
    }
}
