using System.Net.Sockets;
using System.Runtime.Versioning;
using Google.Protobuf;

namespace MigrateWcf.Runtime;

/// <summary>
/// One end of a bulk lane session: the lane connection beside a gRPC connection, the segments this end writes
/// (<see cref="Outbox"/>) and the peer's it reads (<see cref="Inbox"/>). The connection's frames (segment announcements,
/// releases, drops) are read as they arrive, on the thread pool: an idle session holds no thread. On Linux it is a Unix
/// socket and an announcement carries the segment's descriptor; on Windows a named pipe, and an announced segment is the
/// section its name says (<see cref="LaneSections"/>). A peer past its session's bounds on segments
/// (<see cref="LaneLimits"/>), or one that breaks the protocol, loses the session. When the connection ends (the peer
/// closed it or died) every segment is unmapped, at once or when the read copying from it ends: nothing outlives the
/// session.
/// </summary>
[SupportedOSPlatform("linux")]
[SupportedOSPlatform("windows")]
internal sealed class LaneConnection : IDisposable
{
    private readonly LaneTransport _transport;
    private readonly object _sendGate = new();
    private readonly Action<LaneConnection, string?>? _closed;
    private int _disposed;

    /// <param name="transport">The lane connection, greeted.</param>
    /// <param name="token">The session's token.</param>
    /// <param name="host">True on the host's end (the sections' names tell the two ends' segments apart).</param>
    /// <param name="leaseTimeout">How long a value this end wrote keeps its segment when nobody releases it.</param>
    /// <param name="closed">Told once when the session ends, with why when the peer broke the protocol or a bound.</param>
    public LaneConnection(LaneTransport transport, Guid token, bool host, TimeSpan leaseTimeout, Action<LaneConnection, string?>? closed = null)
    {
        if (OperatingSystem.IsLinux() && transport.Socket is null)
        {
            throw new ArgumentException("On Linux the bulk lane passes descriptors: its transport is a Unix socket.", nameof(transport));
        }

        (_transport, Token, IsHost, _closed) = (transport, token, host, closed);
        if (!OperatingSystem.IsLinux())
        {
            // As on Linux (LaneNative): a peer that stops reading loses its session instead of holding a sender's thread.
            transport.SendTimeout = TimeSpan.FromSeconds(5);
        }

        Header = new global::Grpc.Core.Metadata.Entry(BulkLane.HeaderName, BulkLane.TokenText(token));
        Outbox = new LaneOutbox(this, leaseTimeout, NewSessionSegments());
        Inbox = new LaneInbox(NewSessionSegments());
    }

    /// <summary>One side's segments of a session, inside the process's (<see cref="LaneLimits.ProcessSegments"/>).</summary>
    private static LaneBudget NewSessionSegments() =>
        new(LaneLimits.MaxSegmentsPerSession, LaneLimits.MaxSegmentBytesPerSession, LaneLimits.ProcessSegments);

    /// <summary>The session's token: calls name it in their header, references carry it.</summary>
    public Guid Token { get; }

    /// <summary>True on the host's end of the session.</summary>
    public bool IsHost { get; }

    /// <summary>The request header that names the session (made once: every call of the channel carries it).</summary>
    public global::Grpc.Core.Metadata.Entry Header { get; }

    public LaneOutbox Outbox { get; }

    public LaneInbox Inbox { get; }

    public bool IsOpen => Volatile.Read(ref _disposed) == 0;

    /// <summary>Starts reading the peer's frames.</summary>
    public void Start() => _ = ReceiveFramesAsync();

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

    /// <summary>Sends <paramref name="frame"/>, on Linux with the descriptor <paramref name="fd"/> when it is one.</summary>
    public void Send(LaneFrame frame, int fd = -1)
    {
        if (OperatingSystem.IsLinux())
        {
            Span<byte> buffer = stackalloc byte[LaneFrame.Bytes];
            frame.Write(buffer);
            lock (_sendGate)
            {
                ObjectDisposedException.ThrowIf(!IsOpen, this);
                LaneNative.Send(_transport.Socket!.SafeHandle, buffer, fd);
            }

            return;
        }

        var bytes = new byte[LaneFrame.Bytes];
        frame.Write(bytes);
        lock (_sendGate)
        {
            ObjectDisposedException.ThrowIf(!IsOpen, this);
            _transport.Send(bytes);
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
    public static Guid ReceiveHello(LaneTransport transport, TimeSpan timeout)
    {
        Span<byte> buffer = stackalloc byte[LaneFrame.Bytes];
        if (OperatingSystem.IsLinux())
        {
            if (!LaneNative.Receive(transport.Socket!.SafeHandle, buffer, out var fd, (int)timeout.TotalMilliseconds) || fd >= 0)
            {
                if (fd >= 0)
                {
                    LaneNative.Close(fd);
                }

                throw new IOException("Bulk lane: the server did not greet the session.");
            }
        }
        else
        {
            transport.ReceiveTimeout = timeout;
            for (var received = 0; received < buffer.Length;)
            {
                var count = transport.Receive(buffer[received..]);
                received += count > 0 ? count : throw new IOException("Bulk lane: the server did not greet the session.");
            }

            transport.ReceiveTimeout = TimeSpan.Zero;
        }

        var hello = LaneFrame.Read(buffer);
        return hello.Kind == LaneFrameKind.Hello && hello.Token != Guid.Empty ? hello.Token
            : throw new IOException("Bulk lane: the server's first frame is not a greeting.");
    }

    private async Task ReceiveFramesAsync()
    {
        var buffer = new byte[LaneFrame.Bytes];
        string? broken = null;
        try
        {
            while (await ReceiveFrameAsync(buffer).ConfigureAwait(false) is var (received, fd) && received)
            {
                var frame = LaneFrame.Read(buffer);
                broken = frame.Kind switch
                {
                    LaneFrameKind.Segment => Announced(frame, fd),
                    LaneFrameKind.Release => Release(frame),
                    LaneFrameKind.Drop => Drop(frame),
                    _ => $"a frame of kind {(int)frame.Kind} is not one the lane knows",
                };
                if (fd >= 0 && frame.Kind != LaneFrameKind.Segment && OperatingSystem.IsLinux())
                {
                    LaneNative.Close(fd);
                }

                if (broken is not null)
                {
                    // A peer that breaks the protocol or passes a bound loses the session.
                    break;
                }
            }
        }
        catch (Exception e) when (e is IOException or SocketException or ObjectDisposedException or OperationCanceledException)
        {
            // The connection closed under the read or failed: the session ends.
        }
        finally
        {
            Dispose(broken);
        }
    }

    private string? Announced(LaneFrame frame, int fd)
    {
        if (OperatingSystem.IsLinux())
        {
            return fd < 0 ? "a segment came without its descriptor" : Inbox.Add(frame.Segment, frame.Value, fd);
        }

        return OperatingSystem.IsWindows()
            ? Inbox.Add(frame.Segment, frame.Value, LaneSections.Name(Token, !IsHost, frame.Segment))
            : "the bulk lane runs on Linux and Windows";
    }

    /// <summary>The next frame into <paramref name="frame"/>, with the descriptor that came with it (-1 when none, and
    /// always on Windows): false at the end of the stream. Waits for the connection without holding a thread.</summary>
    private async ValueTask<(bool Received, int Fd)> ReceiveFrameAsync(byte[] frame)
    {
        if (!OperatingSystem.IsLinux())
        {
            for (var read = 0; read < frame.Length;)
            {
                var count = await _transport.ReceiveAsync(frame.AsMemory(read)).ConfigureAwait(false);
                if (count == 0)
                {
                    return (false, -1);
                }

                read += count;
            }

            return (true, -1);
        }

        var socket = _transport.Socket!;
        var fd = -1;
        for (var received = 0; received < frame.Length;)
        {
            var result = LaneNative.TryReceive(socket.SafeHandle, frame.AsSpan(received), ref fd);
            if (result == 0)
            {
                if (fd >= 0)
                {
                    LaneNative.Close(fd);
                }

                return (false, -1);
            }

            if (result > 0)
            {
                received += result;
                continue;
            }

            try
            {
                // A zero-byte receive completes when the socket has something to read (or has ended).
                await socket.ReceiveAsync(Memory<byte>.Empty, SocketFlags.None).ConfigureAwait(false);
            }
            catch
            {
                if (fd >= 0)
                {
                    LaneNative.Close(fd);
                }

                throw;
            }
        }

        return (true, fd);
    }

    private string? Release(LaneFrame frame)
    {
        Outbox.Free(frame.Segment, (uint)frame.Value);
        return null;
    }

    private string? Drop(LaneFrame frame)
    {
        Inbox.Drop(frame.Segment);
        return null;
    }

    public void Dispose() => Dispose(null);

    private void Dispose(string? broken)
    {
        if (Interlocked.Exchange(ref _disposed, 1) != 0)
        {
            return;
        }

        try
        {
            // Wakes the receiving thread (closing alone would not interrupt its recvmsg).
            _transport.Socket?.Shutdown(SocketShutdown.Both);
        }
        catch (SocketException)
        {
        }

        // A pipe's read ends when the pipe is closed; a send blocked on a full pipe holds the gate, so close outside it.
        if (_transport.Socket is null)
        {
            _transport.Dispose();
        }

        lock (_sendGate)
        {
            _transport.Dispose();
        }

        Outbox.Close();
        Inbox.Close();
        _closed?.Invoke(this, broken);
    }
}
