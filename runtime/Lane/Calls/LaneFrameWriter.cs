using System.Buffers.Binary;
using System.Net.Sockets;
using Google.Protobuf;

namespace MigrateWcf.Runtime;

/// <summary>
/// Writes one connection's frames without ever blocking a thread: a frame is queued and sent by asynchronous sends,
/// one at a time, started by whichever writer finds the connection idle (so an answer the socket has room for is sent
/// on its own thread at once, as a locked blocking send was). The bytes queued and not yet taken by the socket are
/// bounded: past <see cref="LaneCallLimits.MaxUnsentBytes"/>, a writer's task completes only when they are back within
/// it, so a call writes its next frame only when the peer reads. A send the peer does not take within
/// <see cref="LaneCallLimits.WriteTimeout"/> ends the connection (<paramref name="failed"/>), as Kestrel ends a
/// connection whose peer reads below its minimum data rate.
/// </summary>
/// <param name="transport">The connection.</param>
/// <param name="limits">Its bounds.</param>
/// <param name="failed">Ends the connection when a send fails: with why when the peer did not read, null when the
/// socket failed (the peer went away).</param>
internal sealed class LaneFrameWriter(LaneTransport transport, LaneCallLimits limits, Action<string?> failed)
{
    /// <summary>Frames sent in one send at most, in bytes (one frame at least, whatever its size).</summary>
    private const int BatchBytes = 256 * 1024;

    private readonly object _gate = new();
    private readonly Queue<byte[]> _queued = new();
    private readonly List<ArraySegment<byte>> _batch = [];
    private long _unsentBytes;
    private bool _sending;
    private bool _closed;
    private TaskCompletionSource? _room;
    private TaskCompletionSource? _flushed;

    /// <summary>Queues a frame. The task completes when the connection's unsent bytes are within their bound (at once
    /// when they are), and fails with <see cref="ObjectDisposedException"/> once the connection has ended.</summary>
    public Task WriteAsync(IMessage frame)
    {
        var bytes = Serialize(frame);
        bool send;
        Task room = Task.CompletedTask;
        lock (_gate)
        {
            if (_closed)
            {
                return Task.FromException(new ObjectDisposedException(nameof(LaneFrameWriter), "The lane connection ended."));
            }

            _queued.Enqueue(bytes);
            _unsentBytes += bytes.Length;
            send = !_sending;
            _sending = true;
            if (_unsentBytes > limits.MaxUnsentBytes)
            {
                room = (_room ??= new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously)).Task;
            }
        }

        if (send)
        {
            _ = SendAsync();
        }

        return room;
    }

    /// <summary>Queues a small frame whose writer does not wait for room (a greeting, a grant of credit): there are
    /// never more of them than the calls that read.</summary>
    public void Write(IMessage frame) => _ = WriteAsync(frame).ContinueWith(static t => _ = t.Exception, CancellationToken.None,
        TaskContinuationOptions.OnlyOnFaulted | TaskContinuationOptions.ExecuteSynchronously, TaskScheduler.Default);

    /// <summary>Completes when every frame queued so far has been sent, or the writer has ended.</summary>
    public Task FlushAsync()
    {
        lock (_gate)
        {
            return _closed || !_sending
                ? Task.CompletedTask
                : (_flushed ??= new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously)).Task;
        }
    }

    /// <summary>Ends the writer: queued frames are dropped and waiting writers fail.</summary>
    public void Close()
    {
        TaskCompletionSource? room, flushed;
        lock (_gate)
        {
            _closed = true;
            _queued.Clear();
            (room, _room) = (_room, null);
            (flushed, _flushed) = (_flushed, null);
        }

        room?.TrySetException(new ObjectDisposedException(nameof(LaneFrameWriter), "The lane connection ended."));
        flushed?.TrySetResult();
    }

    private static byte[] Serialize(IMessage frame)
    {
        var length = frame.CalculateSize();
        var buffer = new byte[LaneCallFraming.LengthBytes + length];
        BinaryPrimitives.WriteInt32LittleEndian(buffer, length);
        frame.WriteTo(buffer.AsSpan(LaneCallFraming.LengthBytes));
        return buffer;
    }

    private async Task SendAsync()
    {
        try
        {
            while (true)
            {
                long bytes = 0;
                TaskCompletionSource? flushed = null;
                var idle = false;
                lock (_gate)
                {
                    if (_closed || _queued.Count == 0)
                    {
                        // Idle: the next writer starts sending again; a flush waiting for this is done.
                        (idle, _sending) = (true, false);
                        (flushed, _flushed) = (_flushed, null);
                    }
                    else
                    {
                        _batch.Clear();
                        while (_queued.TryPeek(out var next) && (_batch.Count == 0 || bytes + next.Length <= BatchBytes))
                        {
                            _batch.Add(_queued.Dequeue());
                            bytes += next.Length;
                        }
                    }
                }

                if (idle)
                {
                    flushed?.TrySetResult();
                    return;
                }

                // Completes at once when the socket has room; otherwise the peer has that long to read.
                var sending = transport.SendAsync(_batch);
                int sent;
                if (sending.IsCompletedSuccessfully)
                {
                    sent = sending.Result;
                }
                else
                {
                    var pending = sending.AsTask();
                    try
                    {
                        sent = await pending.WaitAsync(limits.WriteTimeout).ConfigureAwait(false);
                    }
                    catch (TimeoutException)
                    {
                        _ = pending.ContinueWith(static t => _ = t.Exception, CancellationToken.None, TaskContinuationOptions.OnlyOnFaulted, TaskScheduler.Default);
                        Fail($"the peer did not read for {limits.WriteTimeout.TotalSeconds:0} s");
                        return;
                    }
                }

                if (sent != bytes)
                {
                    // A stream socket's send takes every byte or fails; anything else leaves the frames cut.
                    Fail("a send was cut short");
                    return;
                }

                TaskCompletionSource? room = null;
                lock (_gate)
                {
                    _unsentBytes -= bytes;
                    if (_unsentBytes <= limits.MaxUnsentBytes)
                    {
                        (room, _room) = (_room, null);
                    }
                }

                room?.TrySetResult();
            }
        }
        catch (Exception e) when (e is SocketException or IOException or ObjectDisposedException)
        {
            Fail(null);
        }
    }

    private void Fail(string? reason)
    {
        lock (_gate)
        {
            _sending = false;
        }

        Close();
        failed(reason);
    }
}
