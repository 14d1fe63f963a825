using System.Collections.Concurrent;
using System.ServiceModel;
using Grpc.Core;

namespace MigrateWcf.Runtime;

/// <summary>
/// The server's end of a session's Callbacks stream: the generated callback proxy sends one-way callbacks and invokes
/// two-way ones (awaiting the reply with the same call id). Usable from any thread until the session ends; after that
/// every call throws <see cref="CommunicationObjectAbortedException"/>, as a WCF callback channel of a closed session does.
/// </summary>
public sealed class CallbackChannel<TCallback, TReply>
    where TCallback : class
    where TReply : class
{
    private readonly IServerStreamWriter<TCallback> _writer;
    private readonly SemaphoreSlim _writeLock = new(1, 1);
    private readonly ConcurrentDictionary<long, TaskCompletionSource<TReply>> _pending = new();
    private readonly TimeSpan _timeout;
    private long _lastCallId;

    internal CallbackChannel(ServiceSession session, IServerStreamWriter<TCallback> writer, TimeSpan timeout)
        => (Session, _writer, _timeout) = (session, writer, timeout);

    public ServiceSession Session { get; }

    /// <summary>A one-way callback from a synchronous callback method: returns once the message is written to the stream.</summary>
    public void Send(TCallback callback) => SendAsync(callback).GetAwaiter().GetResult();

    /// <summary>A one-way callback: completes once the message is written to the stream.</summary>
    public async Task SendAsync(TCallback callback, CancellationToken cancellationToken = default)
    {
        ThrowIfEnded();
        await _writeLock.WaitAsync(cancellationToken);
        try
        {
            // Checked under the lock: the stream is not written after the Callbacks rpc returned (see DrainAsync).
            ThrowIfEnded();
            await _writer.WriteAsync(callback, cancellationToken);
        }
        catch (Exception e) when (e is IOException or InvalidOperationException
            || (e is OperationCanceledException && !cancellationToken.IsCancellationRequested))
        {
            Session.End(faulted: true);
            throw new CommunicationObjectAbortedException("The callback stream of this session is broken.", e);
        }
        finally
        {
            _writeLock.Release();
        }
    }

    /// <summary>A two-way callback from a synchronous callback method.</summary>
    public TReply Invoke(Func<long, TCallback> createCallback) => InvokeAsync(createCallback).GetAwaiter().GetResult();

    /// <summary>A two-way callback: <paramref name="createCallback"/> gets the call id to put in the envelope; the reply
    /// carrying it is returned. <see cref="TimeoutException"/> after <see cref="WcfServiceOptions.CallbackTimeout"/>.</summary>
    public async Task<TReply> InvokeAsync(Func<long, TCallback> createCallback, CancellationToken cancellationToken = default)
    {
        var callId = Interlocked.Increment(ref _lastCallId);
        var reply = new TaskCompletionSource<TReply>(TaskCreationOptions.RunContinuationsAsynchronously);
        _pending[callId] = reply;
        try
        {
            ThrowIfEnded();
            await SendAsync(createCallback(callId), cancellationToken);
            return await reply.Task.WaitAsync(_timeout, cancellationToken);
        }
        finally
        {
            _pending.TryRemove(callId, out _);
        }
    }

    internal void Complete(long callId, TReply reply)
    {
        if (_pending.TryRemove(callId, out var pending))
        {
            pending.TrySetResult(reply);
        }
    }

    internal void Abort()
    {
        foreach (var callId in _pending.Keys)
        {
            if (_pending.TryRemove(callId, out var pending))
            {
                pending.TrySetException(new CommunicationObjectAbortedException("The session ended before the client answered the callback."));
            }
        }
    }

    /// <summary>Waits for a write in progress; later writes see the ended session.</summary>
    internal async Task DrainAsync()
    {
        await _writeLock.WaitAsync();
        _writeLock.Release();
    }

    private void ThrowIfEnded()
    {
        if (Session.Ended.IsCancellationRequested)
        {
            throw new CommunicationObjectAbortedException("The session of this callback channel has ended.");
        }
    }
}
