using System.Net.Sockets;
using System.Runtime.Versioning;

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

    /// <summary>Accepts connections until <paramref name="listener"/> is closed, handing each one of this user's
    /// processes to <paramref name="accepted"/> and closing any other at once.</summary>
    public static void Accept(Socket listener, Action<Socket> accepted)
    {
        while (true)
        {
            Socket socket;
            try
            {
                socket = listener.Accept();
            }
            catch (Exception e) when (e is SocketException or ObjectDisposedException)
            {
                return;
            }

            if (LaneNative.PeerUserId(socket.SafeHandle) != LaneNative.EffectiveUserId())
            {
                socket.Dispose();
                continue;
            }

            accepted(socket);
        }
    }
}
