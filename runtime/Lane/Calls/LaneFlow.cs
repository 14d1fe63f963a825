using System.Threading.Channels;
using Google.Protobuf;

namespace MigrateWcf.Runtime;

/// <summary>
/// Flow control of a streamed call on the local call lane, as HTTP/2's stream windows do it, counted in messages: a
/// side sends at most <see cref="Window"/> messages of a stream the other side has not read yet, and the reader grants
/// more as it reads. So a fast writer waits for a slow reader instead of filling its memory, and the connection's
/// reading thread never blocks on one call (which would hold up every other call on the connection).
/// </summary>
internal static class LaneFlow
{
    /// <summary>Messages a side may have sent and the other not read yet, per stream.</summary>
    public const int Window = 32;

    /// <summary>The reader grants credit once it has read this many messages since its last grant.</summary>
    public const int GrantEvery = Window / 2;
}

/// <summary>The messages of one stream as they arrive, read in order by the call; reading grants the sender credit.</summary>
/// <param name="grant">Sends a credit frame for the given number of messages read.</param>
internal sealed class LaneInbound(Action<int> grant)
{
    private readonly Channel<ByteString> _messages = Channel.CreateUnbounded<ByteString>(new UnboundedChannelOptions { SingleReader = true, SingleWriter = true });
    private int _queued;
    private int _readSinceGrant;

    /// <summary>Queues a message from the connection's reading thread; an <see cref="InvalidDataException"/> when the
    /// sender went past its credit (it broke the protocol).</summary>
    public void Add(ByteString message)
    {
        if (Interlocked.Increment(ref _queued) > LaneFlow.Window)
        {
            throw new InvalidDataException($"A stream was sent more than the {LaneFlow.Window} unread messages its credit allows.");
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
        if (++_readSinceGrant >= LaneFlow.GrantEvery)
        {
            grant(_readSinceGrant);
            _readSinceGrant = 0;
        }

        return message;
    }
}

/// <summary>The sending side's credit for one stream: a write waits while the reader holds a full window unread.</summary>
internal sealed class LaneOutbound : IDisposable
{
    private readonly SemaphoreSlim _credit = new(LaneFlow.Window, LaneFlow.Window);

    public Task WaitAsync(CancellationToken cancellationToken) => _credit.WaitAsync(cancellationToken);

    /// <summary>The reader read <paramref name="messages"/> more; an <see cref="InvalidDataException"/> when that is
    /// none or more than was sent (the peer broke the protocol).</summary>
    public void Grant(uint messages)
    {
        if (messages is 0 or > LaneFlow.Window)
        {
            throw NotSent(messages);
        }

        try
        {
            _credit.Release((int)messages);
        }
        catch (SemaphoreFullException)
        {
            throw NotSent(messages);
        }
        catch (ObjectDisposedException)
        {
            // The stream ended: its credit no longer matters.
        }
    }

    private static InvalidDataException NotSent(uint messages) => new($"A stream's reader granted credit for {messages} messages, which it was not sent.");

    public void Dispose() => _credit.Dispose();
}
