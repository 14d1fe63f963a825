using System.Collections.Concurrent;
using System.Net.Sockets;
using System.Runtime.Versioning;
using Google.Protobuf;
using Grpc.Core;
using Microsoft.Extensions.Logging;
using MigrateWcf.Runtime.Protocol;

namespace MigrateWcf.Runtime;

/// <summary>
/// One connection of the call lane's host side (<see cref="LaneCallServer"/>): greets the caller with the number of calls
/// it may run at once, reads its frames with asynchronous receives (no thread waits on an idle connection), runs each
/// call on the thread pool, and writes answers through a bounded <see cref="LaneFrameWriter"/>, so no thread ever blocks
/// on a peer that does not read. A peer that breaks the protocol or a bound (a START past its calls, a frame over the
/// limit, messages past its credit, replies it leaves unread past the write timeout) loses its connection, never the
/// host; a connection that ends cancels its running calls.
/// </summary>
internal sealed class LaneCallServerConnection
{
    private readonly LaneTransport _transport;
    private readonly LaneCallLimits _limits;
    private readonly Lazy<LaneCallDispatcher> _dispatcher;
    private readonly ILogger _logger;
    private readonly Action<LaneCallServerConnection> _ended;
    private readonly LaneFrameWriter _writer;
    private readonly ConcurrentDictionary<ulong, Call> _running = new();
    private readonly CancellationTokenSource _closed = new();
    private int _runningCount;
    private int _disposed;
    private int _unanswered;
    private bool _draining;
    private TaskCompletionSource? _drained;

    public LaneCallServerConnection(LaneTransport transport, LaneCallLimits limits, Lazy<LaneCallDispatcher> dispatcher, ILogger logger, Action<LaneCallServerConnection> ended)
    {
        (_transport, _limits, _dispatcher, _logger, _ended) = (transport, limits, dispatcher, logger, ended);
        _writer = new LaneFrameWriter(transport, limits, Close);
    }

    /// <summary>Greets the caller, then reads its frames until the connection ends.</summary>
    public async Task RunAsync()
    {
        string? closedBecause = null;
        try
        {
            _writer.Write(new LaneReplyFrame { Kind = LaneReplyFrame.Types.Kind.Hello, Credit = (uint)_limits.MaxCallsPerConnection });
            var reader = new LaneFrameReader(_transport, _limits.MaxFrameBytes);
            while (await reader.ReadAsync().ConfigureAwait(false) is { } bytes)
            {
                var frame = LaneCallFrame.Parser.ParseFrom(bytes.Span);
                if (frame.Kind == LaneCallFrame.Types.Kind.Start)
                {
                    Start(frame);
                }
                else if (_running.TryGetValue(frame.Call, out var call))
                {
                    call.Receive(frame);
                }

                // Else the call has ended already (its answer crossed the caller's frame): nothing to do.
            }
        }
        catch (Exception e) when (e is InvalidDataException or InvalidProtocolBufferException or ArgumentException)
        {
            closedBecause = e.Message;
        }
        catch (Exception e) when (e is SocketException or IOException or ObjectDisposedException)
        {
            // The caller went away, or the connection was closed here.
        }
        catch (Exception e)
        {
            // A fault of the lane itself (the services could not be bound): this connection ends, never the host;
            // its caller's next calls take HTTP/2.
            _logger.LogError(e, "A call lane connection was closed by an error of the lane.");
        }

        Close(closedBecause);
    }

    /// <summary>
    /// The host stops, as Kestrel stops a connection: calls that start from now on are answered UNAVAILABLE at once
    /// ("The host is stopping."), and the task completes when every call running has been answered and the answers
    /// sent (or the connection has ended).
    /// </summary>
    public async Task DrainAsync()
    {
        Task answered;
        lock (_running)
        {
            _draining = true;
            answered = _unanswered == 0 || Volatile.Read(ref _disposed) != 0
                ? Task.CompletedTask
                : (_drained ??= new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously)).Task;
        }

        await answered.ConfigureAwait(false);
        await _writer.FlushAsync().ConfigureAwait(false);
    }

    /// <summary>A call's answer is queued; the last one of a draining connection completes its drain.</summary>
    private void Answered()
    {
        lock (_running)
        {
            if (--_unanswered == 0 && _draining)
            {
                _drained?.TrySetResult();
            }
        }
    }

    /// <summary>Ends the connection: its socket closes, its running calls are cancelled, waiting writers fail.
    /// <paramref name="peerFault"/>: what the peer did wrong, logged; null when it went away or the host stops.</summary>
    public void Close(string? peerFault)
    {
        if (Interlocked.Exchange(ref _disposed, 1) != 0)
        {
            return;
        }

        if (peerFault is not null)
        {
            _logger.LogWarning("A call lane connection was closed: {Reason}", peerFault);
        }

        _writer.Close();
        _closed.Cancel();
        _transport.Dispose();
        lock (_running)
        {
            _drained?.TrySetResult();
        }

        _ended(this);
    }

    private void Start(LaneCallFrame frame)
    {
        lock (_running)
        {
            if (_draining)
            {
                // As Kestrel refuses a stream after GOAWAY. Not counted: an END the caller read while this side had not
                // counted it out yet cannot make a START here look past the greeting's calls.
                _writer.Write(new LaneReplyFrame { Call = frame.Call, Status = (int)StatusCode.Unavailable, Detail = "The host is stopping." });
                return;
            }

            _unanswered++;
        }

        // The caller counts its calls as this side does (a START sent, its END not yet read), so one that keeps to the
        // greeting never passes this.
        if (Interlocked.Increment(ref _runningCount) > _limits.MaxCallsPerConnection)
        {
            throw new InvalidDataException($"The caller started more than the {_limits.MaxCallsPerConnection} calls at once its greeting allows.");
        }


        // Read here: a header gRPC refuses breaks the protocol, and ends the connection.
        var call = new Call(this, frame, LaneHeaders.ToMetadata(frame.Headers), _dispatcher.Value.Find(frame.Method));
        if (!_running.TryAdd(frame.Call, call))
        {
            call.Dispose();
            throw new InvalidDataException($"Call id {frame.Call} is already running on this connection.");
        }

        // On the thread pool, as Kestrel runs a request: a service that blocks its thread holds up no other call on this
        // connection (the proxies of one factory share it).
        ThreadPool.UnsafeQueueUserWorkItem(call, preferLocal: true);
    }

    private async Task RunAsync(Call call)
    {
        var frame = call.StartFrame;
        LaneReplyFrame reply;
        try
        {
            var deadline = frame.DeadlineTicks == 0 ? DateTime.MaxValue : new DateTime(frame.DeadlineTicks, DateTimeKind.Utc);
            var result = await _dispatcher.Value.DispatchAsync(frame.Method, call, call.Headers, deadline, _transport.Peer, call.Cancellation.Token, call.SendHeadersAsync)
                .ConfigureAwait(false);
            reply = new LaneReplyFrame { Call = frame.Call, Status = (int)result.Status.StatusCode, Detail = result.Status.Detail ?? string.Empty };
            LaneHeaders.Add(reply.Headers, result.ResponseHeaders);
            LaneHeaders.Add(reply.Trailers, result.Trailers);
            if (result.Response is { } response)
            {
                reply.Response = UnsafeByteOperations.UnsafeWrap(response);
            }
        }
        catch (Exception e)
        {
            // The dispatcher answers every fault of a call; what reaches here is the lane's own.
            _logger.LogError(e, "A call on the local lane failed in the lane.");
            reply = new LaneReplyFrame { Call = frame.Call, Status = (int)StatusCode.Internal, Detail = "The local call lane failed." };
        }

        // Counted out before its END is queued: the caller may start its next call as soon as it reads it. Answered
        // once the END is queued: a draining connection closes only after it is sent.
        _running.TryRemove(frame.Call, out _);
        Interlocked.Decrement(ref _runningCount);
        call.Dispose();
        var writing = _writer.WriteAsync(reply);
        Answered();
        try
        {
            await writing.ConfigureAwait(false);
        }
        catch (ObjectDisposedException)
        {
            // The connection ended: nobody reads the reply.
        }
    }

    /// <summary>One running call: its cancellation, and for a streaming method its request stream and the caller's
    /// credit for its response stream.</summary>
    private sealed class Call(LaneCallServerConnection connection, LaneCallFrame start, Metadata headers, LaneMethod? method) : ILaneCallStreams, IThreadPoolWorkItem, IDisposable
    {
        private readonly LaneOutbound? _responseCredit = method?.StreamsResponses == true ? new() : null;

        public LaneCallFrame StartFrame => start;

        public Metadata Headers => headers;

        public CancellationTokenSource Cancellation { get; } = CancellationTokenSource.CreateLinkedTokenSource(connection._closed.Token);

        public ByteString Request => start.Request;

        public LaneInbound? Requests { get; } = method?.StreamsRequests == true
            ? new LaneInbound(read => connection._writer.Write(new LaneReplyFrame { Call = start.Call, Kind = LaneReplyFrame.Types.Kind.Credit, Credit = (uint)read }))
            : null;

        public void Execute() => _ = connection.RunAsync(this);

        /// <summary>A frame of this call from the connection's reader; an <see cref="InvalidDataException"/> when it
        /// breaks the protocol.</summary>
        public void Receive(LaneCallFrame frame)
        {
            switch (frame.Kind)
            {
                case LaneCallFrame.Types.Kind.Message when Requests is { } requests:
                    requests.Add(frame.Request);
                    break;
                case LaneCallFrame.Types.Kind.HalfClose when Requests is { } requests:
                    requests.Complete();
                    break;
                case LaneCallFrame.Types.Kind.Cancel:
                    try
                    {
                        Cancellation.Cancel();
                    }
                    catch (ObjectDisposedException)
                    {
                        // The call ended between the lookup and the cancellation.
                    }

                    break;
                case LaneCallFrame.Types.Kind.Credit when _responseCredit is { } credit:
                    credit.Grant(frame.Credit);
                    break;
                default:
                    throw new InvalidDataException($"A {frame.Kind} frame does not belong to call {frame.Call}.");
            }
        }

        public Task SendHeadersAsync(Metadata headers)
        {
            var frame = new LaneReplyFrame { Call = start.Call, Kind = LaneReplyFrame.Types.Kind.Headers };
            LaneHeaders.Add(frame.Headers, headers);
            return connection._writer.WriteAsync(frame);
        }

        public async Task WriteResponseAsync(byte[] message, CancellationToken cancellationToken)
        {
            await (_responseCredit ?? throw new InvalidOperationException("The method does not stream its responses.")).WaitAsync(message.Length, cancellationToken).ConfigureAwait(false);
            await connection._writer.WriteAsync(new LaneReplyFrame { Call = start.Call, Kind = LaneReplyFrame.Types.Kind.Message, Response = UnsafeByteOperations.UnsafeWrap(message) })
                .WaitAsync(cancellationToken).ConfigureAwait(false);
        }

        public void Dispose()
        {
            Requests?.Complete();
            Cancellation.Dispose();
            _responseCredit?.Dispose();
        }
    }
}
