using System.Net.Sockets;
using System.Runtime.Versioning;
using Google.Protobuf;

namespace MigrateWcf.Runtime;

/// <summary>
/// One end of a bulk lane session: the lane socket beside a gRPC connection, the segments this end writes
/// (<see cref="Outbox"/>) and the peer's it reads (<see cref="Inbox"/>). A thread reads the socket's frames (segment
/// announcements with their descriptors, releases, drops). When the socket ends (the peer closed it or died) every
/// segment is unmapped, at once or when the read copying from it ends: nothing outlives the session.
/// </summary>
[SupportedOSPlatform("linux")]
internal sealed class LaneConnection : IDisposable
{
    private readonly Socket _socket;
    private readonly object _sendGate = new();
    private readonly Action<LaneConnection>? _closed;
    private int _disposed;

    public LaneConnection(Socket socket, Guid token, TimeSpan leaseTimeout, Action<LaneConnection>? closed = null)
    {
        (_socket, Token, _closed) = (socket, token, closed);
        Header = new global::Grpc.Core.Metadata.Entry(BulkLane.HeaderName, BulkLane.TokenText(token));
        Outbox = new LaneOutbox(this, leaseTimeout);
        Inbox = new LaneInbox();
    }

    /// <summary>The session's token: calls name it in their header, references carry it.</summary>
    public Guid Token { get; }

    /// <summary>The request header that names the session (made once: every call of the channel carries it).</summary>
    public global::Grpc.Core.Metadata.Entry Header { get; }

    public LaneOutbox Outbox { get; }

    public LaneInbox Inbox { get; }

    public bool IsOpen => Volatile.Read(ref _disposed) == 0;

    public void Start() => new Thread(ReceiveFrames) { IsBackground = true, Name = "migrate-wcf bulk lane" }.Start();

    /// <summary>Copies the value a reference names and tells the peer it may reuse the segment.</summary>
    /// <exception cref="LaneReferenceException">The reference is not one of this session's.</exception>
    public byte[] Read(ByteString referenceBytes)
    {
        var reference = LaneReference.Parse(referenceBytes);
        if (reference.Token != Token)
        {
            throw new LaneReferenceException("the reference names another session");
        }

        var value = Inbox.Read(reference);
        TrySend(new LaneFrame(LaneFrameKind.Release, reference.Segment, reference.Generation));
        return value;
    }

    public void Send(LaneFrame frame, int fd = -1)
    {
        Span<byte> buffer = stackalloc byte[LaneFrame.Bytes];
        frame.Write(buffer);
        lock (_sendGate)
        {
            ObjectDisposedException.ThrowIf(!IsOpen, this);
            LaneNative.Send(_socket.SafeHandle, buffer, fd);
        }
    }

    /// <summary>Sends a frame whose loss only delays reuse (a release, a drop): a closed lane is not an error.</summary>
    public void TrySend(LaneFrame frame)
    {
        try
        {
            Send(frame);
        }
        catch (Exception e) when (e is IOException or ObjectDisposedException)
        {
            Dispose();
        }
    }

    /// <summary>Reads the first frame of a session the client opened: the server's hello, with the token.</summary>
    public static Guid ReceiveHello(Socket socket, TimeSpan timeout)
    {
        Span<byte> buffer = stackalloc byte[LaneFrame.Bytes];
        if (!LaneNative.Receive(socket.SafeHandle, buffer, out var fd, (int)timeout.TotalMilliseconds) || fd >= 0)
        {
            if (fd >= 0)
            {
                LaneNative.Close(fd);
            }

            throw new IOException("Bulk lane: the server did not greet the session.");
        }

        var hello = LaneFrame.Read(buffer);
        return hello.Kind == LaneFrameKind.Hello && hello.Token != Guid.Empty ? hello.Token
            : throw new IOException("Bulk lane: the server's first frame is not a greeting.");
    }

    private void ReceiveFrames()
    {
        var buffer = new byte[LaneFrame.Bytes];
        try
        {
            while (LaneNative.Receive(_socket.SafeHandle, buffer, out var fd))
            {
                var frame = LaneFrame.Read(buffer);
                var accepted = frame.Kind switch
                {
                    LaneFrameKind.Segment => fd >= 0 && Inbox.Add(frame.Segment, frame.Value, fd),
                    LaneFrameKind.Release => Release(frame),
                    LaneFrameKind.Drop => Drop(frame),
                    _ => false,
                };
                if (fd >= 0 && frame.Kind != LaneFrameKind.Segment)
                {
                    LaneNative.Close(fd);
                }

                if (!accepted)
                {
                    // A peer that breaks the protocol loses the session.
                    break;
                }
            }
        }
        catch (Exception e) when (e is IOException or ObjectDisposedException)
        {
            // The socket closed under the read.
        }
        finally
        {
            Dispose();
        }
    }

    private bool Release(LaneFrame frame)
    {
        Outbox.Free(frame.Segment, (uint)frame.Value);
        return true;
    }

    private bool Drop(LaneFrame frame)
    {
        Inbox.Drop(frame.Segment);
        return true;
    }

    public void Dispose()
    {
        if (Interlocked.Exchange(ref _disposed, 1) != 0)
        {
            return;
        }

        try
        {
            // Wakes the receiving thread (closing alone would not interrupt its recvmsg).
            _socket.Shutdown(SocketShutdown.Both);
        }
        catch (SocketException)
        {
        }

        lock (_sendGate)
        {
            _socket.Dispose();
        }

        Outbox.Close();
        Inbox.Close();
        _closed?.Invoke(this);
    }
}
