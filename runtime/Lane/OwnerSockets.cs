using System.Net.Sockets;
using System.Runtime.Versioning;
using Microsoft.Extensions.Logging;

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
    /// Accepts connections until <paramref name="listener"/> is closed, on the thread pool (no thread waits in it),
    /// handing each one of this user's processes to <paramref name="accepted"/> and closing any other at once. A
    /// connection that leaves the process fewer descriptors than <see cref="LaneLimits.DescriptorHeadroom"/> is closed at
    /// once, whatever holds the others: a .NET process with no descriptor left aborts ("Out of memory.") when its thread
    /// pool must start a thread, so the lanes never take the last ones. A failed accept (no descriptor left: EMFILE,
    /// ENFILE; no memory: ENOMEM, ENOBUFS) ends nothing either. Both are said once, until a connection is kept again; the
    /// loop waits (10 ms, doubling to <see cref="LaneLimits.MaxAcceptBackoff"/> while it keeps failing) and goes on.
    /// Whatever <paramref name="accepted"/> throws ends that connection, never the loop.
    /// </summary>
    public static async Task AcceptAsync(Socket listener, Action<Socket> accepted, ILogger logger, string lane)
    {
        var backoff = TimeSpan.Zero;
        var shedding = false;
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
                if (backoff == TimeSpan.Zero)
                {
                    logger.LogWarning("The {Lane} cannot accept a connection: {Reason}. It tries again until it can; calls meanwhile go over HTTP/2.", lane, e.Message);
                }

                backoff = backoff == TimeSpan.Zero ? TimeSpan.FromMilliseconds(10) : TimeSpan.FromTicks(Math.Min(backoff.Ticks * 2, LaneLimits.MaxAcceptBackoff.Ticks));
                await Task.Delay(backoff).ConfigureAwait(false);
                continue;
            }

            // Descriptors are numbered from the lowest free one, so this one's number says how few are left above it.
            var limit = LaneNative.OpenFileLimit();
            if (socket.SafeHandle.DangerousGetHandle() >= limit - LaneLimits.DescriptorHeadroom(limit))
            {
                socket.Dispose();
                if (!shedding)
                {
                    logger.LogWarning("The {Lane} closes new connections: the process has fewer than {Headroom} of its {Limit} file descriptors left. Their calls go over HTTP/2.",
                        lane, LaneLimits.DescriptorHeadroom(limit), limit);
                    shedding = true;
                }

                backoff = backoff == TimeSpan.Zero ? TimeSpan.FromMilliseconds(10) : TimeSpan.FromTicks(Math.Min(backoff.Ticks * 2, LaneLimits.MaxAcceptBackoff.Ticks));
                await Task.Delay(backoff).ConfigureAwait(false);
                continue;
            }

            backoff = TimeSpan.Zero;
            shedding = false;
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
}
