using System.Net.Sockets;
using System.Runtime.Versioning;
using Microsoft.Extensions.Logging;
using Microsoft.Win32.SafeHandles;

namespace MigrateWcf.Runtime;

/// <summary>
/// The lanes' connections between processes of one user (the bulk lane's <c>.lane</c>, the call lane's <c>.calls</c>):
/// each side checks the other's user with <c>SO_PEERCRED</c>, so the check holds even if a socket's mode is changed by hand.
/// </summary>
[SupportedOSPlatform("linux")]
internal static class OwnerSockets
{
    /// <summary>A connection to <paramref name="path"/> when a process of this user listens there; null otherwise (no
    /// socket, nobody listening, another user's process, or a path too long for a socket address).</summary>
    public static Socket? Connect(string path)
    {
        var socket = new Socket(AddressFamily.Unix, SocketType.Stream, ProtocolType.Unspecified);
        try
        {
            socket.Connect(new UnixDomainSocketEndPoint(path));
            if (LaneNative.PeerUserId(socket.SafeHandle) == LaneNative.EffectiveUserId())
            {
                return socket;
            }
        }
        catch (Exception e) when (e is SocketException or IOException or ArgumentException)
        {
        }

        socket.Dispose();
        return null;
    }

    /// <summary>
    /// Descriptors held open for the moment the process has none left: a process at its open-file limit cannot even
    /// load an assembly (the runtime maps it from a file), so the runtime itself fails ("Out of memory."). The accept
    /// loop that meets EMFILE gives these back first, so what it does next (log, shed the waiting connection) and what
    /// the rest of the process does meanwhile can open files, then takes them again.
    /// </summary>
    private static readonly Lock ReserveLock = new();
    private static readonly List<SafeFileHandle> Reserve = [];

    /// <summary>
    /// Accepts connections until <paramref name="listener"/> is closed, on the thread pool (no thread waits in it),
    /// handing each one of this user's processes to <paramref name="accepted"/> and closing any other at once. A failed
    /// accept (no descriptor left: EMFILE, ENFILE; no memory: ENOMEM, ENOBUFS) ends nothing: the loop gives back the
    /// reserved descriptors, says so once, takes the connection waiting in the backlog and closes it at once (its client
    /// calls over HTTP/2; as libuv and nginx shed a connection they cannot serve), takes the reserve again, waits (10 ms,
    /// doubling to <see cref="LaneLimits.MaxAcceptBackoff"/> while it keeps failing) and goes on. Whatever
    /// <paramref name="accepted"/> throws ends that connection, never the loop.
    /// </summary>
    public static async Task AcceptAsync(Socket listener, Action<Socket> accepted, ILogger logger, string lane)
    {
        TakeReserve();
        var backoff = TimeSpan.Zero;
        while (true)
        {
            Socket socket;
            try
            {
                socket = await listener.AcceptAsync().ConfigureAwait(false);
            }
            catch (ObjectDisposedException)
            {
                return;
            }
            catch (SocketException e) when (e.SocketErrorCode is SocketError.OperationAborted or SocketError.Interrupted or SocketError.Shutdown)
            {
                // The listener was closed: the host stops.
                return;
            }
            catch (SocketException e)
            {
                var outOfDescriptors = e.SocketErrorCode is SocketError.TooManyOpenSockets || e.NativeErrorCode is EMFILE or ENFILE;
                if (outOfDescriptors)
                {
                    GiveBackReserve();
                }

                if (backoff == TimeSpan.Zero)
                {
                    logger.LogWarning("The {Lane} cannot accept a connection: {Reason}. It tries again until it can; calls meanwhile go over HTTP/2.", lane, e.Message);
                }

                if (outOfDescriptors)
                {
                    ShedWaitingConnection(listener);
                    TakeReserve();
                }

                backoff = backoff == TimeSpan.Zero ? TimeSpan.FromMilliseconds(10) : TimeSpan.FromTicks(Math.Min(backoff.Ticks * 2, LaneLimits.MaxAcceptBackoff.Ticks));
                await Task.Delay(backoff).ConfigureAwait(false);
                continue;
            }

            backoff = TimeSpan.Zero;
            try
            {
                if (LaneNative.PeerUserId(socket.SafeHandle) != LaneNative.EffectiveUserId())
                {
                    socket.Dispose();
                    continue;
                }

                accepted(socket);
            }
            catch (Exception e)
            {
                // The peer left before its check, or the lane could not take the connection: it ends, the lane goes on.
                logger.LogDebug("A {Lane} connection ended as it was accepted: {Reason}", lane, e.Message);
                socket.Dispose();
            }
        }
    }

    private const int EMFILE = 24;
    private const int ENFILE = 23;

    /// <summary>Descriptors <see cref="Reserve"/> holds: enough for an assembly load and a log line, few enough to matter
    /// to no one.</summary>
    private const int ReservedDescriptors = 4;

    /// <summary>Takes the waiting connection with the reserve's descriptors free and closes it: its client gets no
    /// greeting and calls over HTTP/2. Nothing waiting, or still no descriptor: nothing to do.</summary>
    private static void ShedWaitingConnection(Socket listener)
    {
        var blocking = listener.Blocking;
        try
        {
            listener.Blocking = false;
            listener.Accept().Dispose();
        }
        catch (SocketException)
        {
        }
        finally
        {
            try
            {
                listener.Blocking = blocking;
            }
            catch (SocketException)
            {
            }
        }
    }

    private static void TakeReserve()
    {
        lock (ReserveLock)
        {
            while (Reserve.Count < ReservedDescriptors)
            {
                try
                {
                    Reserve.Add(File.OpenHandle("/dev/null"));
                }
                catch (IOException)
                {
                    // Still none free: the next failing accept tries again.
                    return;
                }
            }
        }
    }

    private static void GiveBackReserve()
    {
        lock (ReserveLock)
        {
            Reserve.ForEach(handle => handle.Dispose());
            Reserve.Clear();
        }
    }
}
