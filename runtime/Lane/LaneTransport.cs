using System.IO.Pipes;
using System.Net.Sockets;
using System.Runtime.Versioning;

namespace MigrateWcf.Runtime;

/// <summary>
/// One lane connection's bytes: a Unix socket on Linux, a named pipe on Windows. The call lane's host side reads and
/// writes asynchronously (<see cref="LaneFrameReader"/>, <see cref="LaneFrameWriter"/>); its client side blocks, on a
/// reading thread of its own and on the writers' threads (<see cref="LaneCallFraming"/>). The bulk lane's frames go
/// through it on Windows (<see cref="LaneConnection"/>). A transport that fails throws
/// <see cref="SocketException"/> (sockets), <see cref="IOException"/> (pipes, and a pipe's timeouts) or
/// <see cref="ObjectDisposedException"/>: the connection ends.
/// </summary>
internal abstract class LaneTransport : IDisposable
{
    /// <summary>What the host's calls see as their peer: the lane's address.</summary>
    public abstract string Peer { get; }

    /// <summary>The Unix socket under this transport (the bulk lane passes descriptors over it); null for a pipe.</summary>
    public virtual Socket? Socket => null;

    /// <summary>How long a blocking send may wait for the peer to take the bytes (0: no bound).</summary>
    public abstract TimeSpan SendTimeout { set; }

    /// <summary>How long a blocking receive may wait for bytes (0: no bound).</summary>
    public abstract TimeSpan ReceiveTimeout { set; }

    [SupportedOSPlatform("linux")]
    public static LaneTransport Of(Socket socket, string peer) => new SocketTransport(socket, peer);

    [SupportedOSPlatform("windows")]
    public static LaneTransport Of(PipeStream pipe, string peer) => new PipeTransport(pipe, peer);

    /// <summary>How long a client waits for the lane pipe: a host without the lane has no such pipe, and a missing pipe
    /// costs a client the whole wait (it cannot be told from one whose instances are all busy), every
    /// <see cref="LaneCallClient"/> retry.</summary>
    private static readonly TimeSpan PipeConnectTimeout = TimeSpan.FromMilliseconds(50);

    /// <summary>A connection to the lane pipe <paramref name="name"/> when a process of this user serves it; null
    /// otherwise (no such pipe, or one another user owns: <see cref="PipeOptions.CurrentUserOnly"/> refuses it).</summary>
    [SupportedOSPlatform("windows")]
    public static LaneTransport? ConnectPipe(string name)
    {
        var pipe = new NamedPipeClientStream(".", name, PipeDirection.InOut, PipeOptions.Asynchronous | PipeOptions.CurrentUserOnly);
        try
        {
            pipe.Connect(PipeConnectTimeout);
            return Of(pipe, "pipe:" + name);
        }
        catch (Exception e) when (e is TimeoutException or IOException or UnauthorizedAccessException)
        {
            pipe.Dispose();
            return null;
        }
    }

    /// <summary>Sends every byte of <paramref name="bytes"/>, blocking.</summary>
    public abstract void Send(byte[] bytes);

    /// <summary>Receives at least one byte into <paramref name="buffer"/>, blocking; 0 at the end of the stream.</summary>
    public abstract int Receive(Span<byte> buffer);

    /// <summary>Receives at least one byte into <paramref name="buffer"/>; 0 at the end of the stream.</summary>
    public abstract ValueTask<int> ReceiveAsync(Memory<byte> buffer);

    /// <summary>Sends every byte of <paramref name="frames"/>, in order; the number of bytes sent.</summary>
    public abstract ValueTask<int> SendAsync(List<ArraySegment<byte>> frames);

    public abstract void Dispose();

    [SupportedOSPlatform("linux")]
    private sealed class SocketTransport(Socket socket, string peer) : LaneTransport
    {
        public override string Peer => peer;

        public override Socket Socket => socket;

        public override TimeSpan SendTimeout { set => socket.SendTimeout = (int)value.TotalMilliseconds; }

        public override TimeSpan ReceiveTimeout { set => socket.ReceiveTimeout = (int)value.TotalMilliseconds; }

        public override void Send(byte[] bytes) => socket.Send(bytes);

        public override int Receive(Span<byte> buffer) => socket.Receive(buffer);

        public override ValueTask<int> ReceiveAsync(Memory<byte> buffer) => socket.ReceiveAsync(buffer, SocketFlags.None);

        // One gathering send for a batch: one system call, as many frames as the socket takes.
        public override ValueTask<int> SendAsync(List<ArraySegment<byte>> frames) => frames.Count == 1
            ? socket.SendAsync(frames[0].AsMemory(), SocketFlags.None)
            : new ValueTask<int>(socket.SendAsync(frames, SocketFlags.None));

        public override void Dispose() => socket.Dispose();
    }

    /// <summary>A pipe opened with <see cref="PipeOptions.Asynchronous"/>: blocking calls with a bound wait on an
    /// asynchronous one (a pipe has no timeouts of its own), and a bound passed ends the connection, since the bytes of
    /// an abandoned read or write would cut a frame.</summary>
    [SupportedOSPlatform("windows")]
    private sealed class PipeTransport(PipeStream pipe, string peer) : LaneTransport
    {
        private TimeSpan _sendTimeout;
        private TimeSpan _receiveTimeout;

        public override string Peer => peer;

        public override TimeSpan SendTimeout { set => _sendTimeout = value; }

        public override TimeSpan ReceiveTimeout { set => _receiveTimeout = value; }

        public override void Send(byte[] bytes)
        {
            if (_sendTimeout <= TimeSpan.Zero)
            {
                pipe.Write(bytes);
                return;
            }

            Bounded(pipe.WriteAsync(bytes).AsTask(), _sendTimeout, "take the bytes written");
        }

        public override int Receive(Span<byte> buffer)
        {
            if (_receiveTimeout <= TimeSpan.Zero)
            {
                return pipe.Read(buffer);
            }

            var received = new byte[buffer.Length];
            var reading = pipe.ReadAsync(received).AsTask();
            Bounded(reading, _receiveTimeout, "send");
            received.AsSpan(0, reading.Result).CopyTo(buffer);
            return reading.Result;
        }

        public override ValueTask<int> ReceiveAsync(Memory<byte> buffer) => pipe.ReadAsync(buffer);

        public override async ValueTask<int> SendAsync(List<ArraySegment<byte>> frames)
        {
            // A pipe has no gathering write: a batch is written as one buffer, so the peer wakes once for it.
            var bytes = frames.Count == 1 ? frames[0] : Joined(frames);
            await pipe.WriteAsync(bytes.AsMemory()).ConfigureAwait(false);
            return bytes.Count;
        }

        public override void Dispose() => pipe.Dispose();

        private static ArraySegment<byte> Joined(List<ArraySegment<byte>> frames)
        {
            var joined = new byte[frames.Sum(f => f.Count)];
            var at = 0;
            foreach (var frame in frames)
            {
                frame.AsSpan().CopyTo(joined.AsSpan(at));
                at += frame.Count;
            }

            return joined;
        }

        /// <summary>Waits for <paramref name="task"/>; past <paramref name="timeout"/> the pipe closes and an
        /// <see cref="IOException"/> says what the peer did not do.</summary>
        private void Bounded(Task task, TimeSpan timeout, string what)
        {
            try
            {
                if (task.Wait(timeout))
                {
                    return;
                }
            }
            catch (AggregateException e) when (e.InnerException is { } inner)
            {
                throw inner is IOException or ObjectDisposedException ? inner : new IOException(inner.Message, inner);
            }

            pipe.Dispose();
            _ = task.ContinueWith(static t => _ = t.Exception, CancellationToken.None, TaskContinuationOptions.OnlyOnFaulted, TaskScheduler.Default);
            throw new IOException($"The lane's peer did not {what} within {timeout.TotalSeconds:0} s.");
        }
    }
}
