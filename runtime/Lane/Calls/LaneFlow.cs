using System.Threading.Channels;
using Google.Protobuf;

namespace MigrateWcf.Runtime;

/// <summary>
/// Flow control of a streamed call on the local call lane, as HTTP/2's stream windows do it: a side sends a stream's next
/// message only while the other side holds fewer than <see cref="Window"/> of its messages unread and fewer than
/// <see cref="WindowBytes"/> of its bytes, and the reader grants more as it reads. So a fast writer waits for a slow
/// reader instead of filling its memory (a stream holds at most the window and one message), and the connection's
/// reading thread never blocks on one call (which would hold up every other call on the connection). The grants are
/// counted in messages; each side knows the sizes of the messages it sent.
/// </summary>
internal static class LaneFlow
{
    /// <summary>Messages a side may have sent and the other not read yet, per stream.</summary>
    public const int Window = 32;

    /// <summary>A side sends a stream's next message only while less than this of the stream is unread: 256 KiB
    /// (Kestrel's HTTP/2 stream window is 768 KiB, its connection window 1 MiB).</summary>
    public const int WindowBytes = 256 * 1024;

    /// <summary>The reader grants credit once it has read this many messages since its last grant.</summary>
    public const int GrantEvery = Window / 2;

    /// <summary>… or this many bytes: a quarter of the byte window, so a sender waiting on bytes always gets a grant.</summary>
    public const int GrantEveryBytes = WindowBytes / 4;
}

/// <summary>The messages of one stream as they arrive, read in order by the call; reading grants the sender credit.</summary>
/// <param name="grant">Sends a credit frame for the given number of messages read.</param>
internal sealed class LaneInbound(Action<int> grant)
{
    private readonly Channel<ByteString> _messages = Channel.CreateUnbounded<ByteString>(new UnboundedChannelOptions { SingleReader = true, SingleWriter = true });
    private int _queued;
    private long _queuedBytes;
    private int _readSinceGrant;
    private long _bytesSinceGrant;

    /// <summary>Queues a message from the connection's reading thread; an <see cref="InvalidDataException"/> when the
    /// sender went past its credit (it broke the protocol).</summary>
    public void Add(ByteString message)
    {
        if (Interlocked.Increment(ref _queued) > LaneFlow.Window)
        {
            throw new InvalidDataException($"A stream was sent more than the {LaneFlow.Window} unread messages its credit allows.");
        }

        // The sender holds at least as much unread as is queued here, so one that keeps to the window never passes this.
        if (Interlocked.Add(ref _queuedBytes, message.Length) - message.Length >= LaneFlow.WindowBytes)
        {
            throw new InvalidDataException($"A stream was sent a message with {LaneFlow.WindowBytes} bytes of it unread already, past its window.");
        }

        _messages.Writer.TryWrite(message);
    }

    /// <summary>No more messages: the sender half-closed, or the call ended.</summary>
    public void Complete() => _messages.Writer.TryComplete();

    /// <summary>The next message, or null once the sender wrote its last.</summary>
    public async ValueTask<ByteString?> ReadAsync(CancellationToken cancellationToken)
    {
        if (!await _messages.Reader.WaitToReadAsync(cancellationToken).ConfigureAwait(false) || !_messages.Reader.TryRead(out var message))
        {
            return null;
        }

        Interlocked.Decrement(ref _queued);
        Interlocked.Add(ref _queuedBytes, -message.Length);
        _bytesSinceGrant += message.Length;
        if (++_readSinceGrant >= LaneFlow.GrantEvery || _bytesSinceGrant >= LaneFlow.GrantEveryBytes)
        {
            grant(_readSinceGrant);
            (_readSinceGrant, _bytesSinceGrant) = (0, 0);
        }

        return message;
    }
}

/// <summary>The sending side's credit for one stream: a write waits while the reader holds a full window unread (in
/// messages or in bytes). One write waits at a time, as grpc-dotnet allows one pending write per stream.</summary>
internal sealed class LaneOutbound : IDisposable
{
    private readonly object _gate = new();
    private readonly Queue<int> _unreadSizes = new();
    private long _unreadBytes;
    private (TaskCompletionSource Ready, int Bytes)? _waiting;
    private bool _disposed;

    /// <summary>Completes when a message of <paramref name="bytes"/> may be sent, and counts it as sent.</summary>
    public Task WaitAsync(int bytes, CancellationToken cancellationToken)
    {
        lock (_gate)
        {
            ObjectDisposedException.ThrowIf(_disposed, this);
            if (_waiting is not null)
            {
                throw new InvalidOperationException("Only one write can be pending at a time.");
            }

            if (HasRoom())
            {
                Count(bytes);
                return Task.CompletedTask;
            }

            var ready = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
            _waiting = (ready, bytes);
            return WaitAsync(ready, cancellationToken);
        }
    }

    private async Task WaitAsync(TaskCompletionSource ready, CancellationToken cancellationToken)
    {
        using (cancellationToken.Register(static state =>
        {
            var (outbound, ready, token) = ((LaneOutbound, TaskCompletionSource, CancellationToken))state!;
            lock (outbound._gate)
            {
                // A grant that came first counted the message as sent: then the write goes on.
                if (outbound._waiting?.Ready != ready)
                {
                    return;
                }

                outbound._waiting = null;
            }

            ready.TrySetCanceled(token);
        }, (this, ready, cancellationToken)))
        {
            await ready.Task.ConfigureAwait(false);
        }
    }

    /// <summary>The reader read <paramref name="messages"/> more; an <see cref="InvalidDataException"/> when that is
    /// none or more than was sent (the peer broke the protocol).</summary>
    public void Grant(uint messages)
    {
        if (messages is 0 or > LaneFlow.Window)
        {
            throw NotSent(messages);
        }

        TaskCompletionSource? ready = null;
        lock (_gate)
        {
            if (_disposed)
            {
                // The stream ended: its credit no longer matters.
                return;
            }

            if (messages > _unreadSizes.Count)
            {
                throw NotSent(messages);
            }

            for (var i = 0; i < messages; i++)
            {
                _unreadBytes -= _unreadSizes.Dequeue();
            }

            if (_waiting is var (waiter, bytes) && HasRoom())
            {
                Count(bytes);
                (ready, _waiting) = (waiter, null);
            }
        }

        ready?.TrySetResult();
    }

    private bool HasRoom() => _unreadSizes.Count < LaneFlow.Window && _unreadBytes < LaneFlow.WindowBytes;

    private void Count(int bytes)
    {
        _unreadSizes.Enqueue(bytes);
        _unreadBytes += bytes;
    }

    private static InvalidDataException NotSent(uint messages) => new($"A stream's reader granted credit for {messages} messages, which it was not sent.");

    public void Dispose()
    {
        TaskCompletionSource? ready;
        lock (_gate)
        {
            _disposed = true;
            (ready, _waiting) = (_waiting?.Ready, null);
        }

        ready?.TrySetException(new ObjectDisposedException(nameof(LaneOutbound)));
    }
}
