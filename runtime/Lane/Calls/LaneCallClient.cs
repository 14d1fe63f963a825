using System.Collections.Concurrent;
using System.IO.Pipes;
using System.Net.Sockets;
using System.Runtime.Versioning;
using Google.Protobuf;
using Grpc.Core;
using MigrateWcf.Runtime.Protocol;

namespace MigrateWcf.Runtime;

/// <summary>
/// A channel's connection to a host's local call lane (<see cref="LaneCallServer"/>), opened on the first call and
/// closed with the channel. When the host serves no lane, does not keep the connection (it closes it instead of greeting
/// it), or the lane broke, calls go over HTTP/2; the lane is tried again at most every 5 seconds. The host's process
/// must be this user's (<c>SO_PEERCRED</c> on a Unix socket; on Windows the pipe's owner, <see cref="PipeOptions.CurrentUserOnly"/>).
/// </summary>
/// <param name="connect">Opens a connection to the lane: null when there is none this user's process serves.</param>
/// <param name="maxFrameBytes">The largest frame this side reads.</param>
internal sealed class LaneCallClient(Func<LaneTransport?> connect, int maxFrameBytes) : IDisposable
{
    /// <summary>The lane at the Unix socket <paramref name="lanePath"/>.</summary>
    [SupportedOSPlatform("linux")]
    public LaneCallClient(string lanePath, int maxFrameBytes)
        : this(() => OwnerSockets.Connect(lanePath) is { } socket ? LaneTransport.Of(socket, "unix:" + lanePath) : null, maxFrameBytes)
    {
    }

    /// <summary>The lane at the named pipe <paramref name="lanePipe"/>.</summary>
    [SupportedOSPlatform("windows")]
    public static LaneCallClient NamedPipe(string lanePipe, int maxFrameBytes) => new(() => LaneTransport.ConnectPipe(lanePipe), maxFrameBytes);

    private static readonly TimeSpan RetryInterval = TimeSpan.FromSeconds(5);

    private readonly object _gate = new();
    private Connection? _connection;
    private long _retryAt;
    private bool _disposed;

    /// <summary>The open connection, or null: this call goes over HTTP/2.</summary>
    public Connection? Connect()
    {
        var connection = Volatile.Read(ref _connection);
        if (connection is { IsOpen: true })
        {
            return connection;
        }

        lock (_gate)
        {
            if (_connection is { IsOpen: true } open)
            {
                return open;
            }

            if (_disposed || Environment.TickCount64 < _retryAt)
            {
                return null;
            }

            // No socket, another user's host, a path too long for a socket address, or a host that does not keep the
            // connection: no lane, the call takes HTTP/2.
            _connection = connect() is { } transport ? Greeted(transport, maxFrameBytes) : null;
            if (_connection is null)
            {
                _retryAt = Environment.TickCount64 + (long)RetryInterval.TotalMilliseconds;
            }

            return _connection;
        }
    }

    /// <summary>The connection once the host's greeting has come, or null (the socket closed) when it does not come.</summary>
    private static Connection? Greeted(LaneTransport transport, int maxFrameBytes)
    {
        try
        {
            // A write the host does not take within this ends the lane (its calls fail UNAVAILABLE) instead of holding
            // the caller's thread.
            transport.SendTimeout = LaneLimits.WriteTimeout;
            transport.ReceiveTimeout = LaneLimits.GreetingTimeout;
            // One reader from the greeting on: what arrives behind the greeting is already in its buffer.
            var reader = new LaneFrameReader(transport, maxFrameBytes);
            var hello = reader.Read() is { } bytes ? LaneReplyFrame.Parser.ParseFrom(bytes.Span) : null;
            if (hello is not { Kind: LaneReplyFrame.Types.Kind.Hello, Credit: > 0 })
            {
                transport.Dispose();
                return null;
            }

            transport.ReceiveTimeout = TimeSpan.Zero;
            return new Connection(transport, reader, (int)hello.Credit);
        }
        catch (Exception e) when (e is SocketException or IOException or InvalidDataException or InvalidProtocolBufferException or OutOfMemoryException)
        {
            // No greeting in time, or no thread to read the connection (the process is at its limit): HTTP/2.
            transport.Dispose();
            return null;
        }
    }

    public void Dispose()
    {
        lock (_gate)
        {
            _disposed = true;
            _connection?.Dispose();
        }
    }

    /// <summary>What the connection's reading thread hands a running call: its stream frames, and the frame it ends with.</summary>
    internal interface IPendingCall
    {
        /// <summary>A HEADERS, MESSAGE or CREDIT frame; an <see cref="InvalidDataException"/> when the call has no such
        /// stream (the host broke the protocol).</summary>
        void Receive(LaneReplyFrame frame);

        /// <summary>The END frame, or the one the client makes when the call is cancelled or the lane closes.</summary>
        void End(LaneReplyFrame end);
    }

    /// <summary>
    /// One lane connection: frames written under a lock, replies read by whoever holds the connection's reading role
    /// and handed to their calls by call id; at most the host's number of calls running at once.
    /// </summary>
    /// <remarks>
    /// On a Unix socket a blocked caller reads the connection itself while it waits (leader/follower): a caller alone on
    /// its connection is woken by its own reply, one hand-off where a reading thread in between made two. Its reads wake
    /// every <see cref="CallerReadInterval"/> to see whether its call ended another way (a deadline, a cancellation).
    /// Callers that find the role taken wait; the one that reads hands the role on with its reply, to a caller still
    /// waiting, or to the connection's own thread while asynchronous calls or streams run (they have no thread to
    /// lend). On a pipe, whose blocking reads cannot be bounded, the connection's thread always reads.
    /// </remarks>
    internal sealed class Connection : IDisposable
    {
        /// <summary>How long a caller's read of the connection blocks before it looks at its call again.</summary>
        private static readonly TimeSpan CallerReadInterval = TimeSpan.FromMilliseconds(20);

        /// <summary>The reading role's holder when it is the connection's thread.</summary>
        private static readonly object ThreadReads = new();

        private readonly LaneTransport _transport;
        private readonly LaneFrameReader _reader;
        private readonly int _maxCalls;
        private readonly ConcurrentDictionary<ulong, IPendingCall> _pending = new();
        private readonly object _writing = new();
        private readonly bool _callersRead;

        // The reading role (under _role): its holder (null: nobody, ThreadReads, or the UnaryCall of the blocked caller
        // reading), the blocked callers waiting for their reply or the role, the calls that have no caller to read.
        private readonly object _role = new();
        private readonly List<UnaryCall> _waiting = [];
        private object? _readerRole;
        private int _asyncCalls;

        private long _nextCall;
        private int _running;
        private volatile bool _open = true;

        public Connection(LaneTransport transport, LaneFrameReader reader, int maxCalls)
        {
            (_transport, _reader, _maxCalls) = (transport, reader, maxCalls);
            _callersRead = transport.Socket is not null;
            _readerRole = _callersRead ? null : ThreadReads;
            new Thread(ReadOnThread) { IsBackground = true, Name = "migrate-wcf call lane client" }.Start();
        }

        /// <summary>Whether calls may start here. When nobody reads the connection, a host that closed it is seen here
        /// (the socket reads as ended), so the call connects again instead of failing on a closed lane.</summary>
        public bool IsOpen
        {
            get
            {
                if (_open && _callersRead && Volatile.Read(ref _readerRole) is null)
                {
                    bool closed;
                    lock (_role)
                    {
                        // Under the role's lock, so that nobody starts reading between the two looks: a caller that
                        // took the bytes the first saw would make the second read as the end.
                        closed = _readerRole is null && HostClosed();
                    }

                    if (closed)
                    {
                        Dispose();
                    }
                }

                return _open;
            }
        }

        private bool HostClosed()
        {
            try
            {
                var socket = _transport.Socket!;
                return socket.Poll(0, SelectMode.SelectRead) && socket.Available == 0;
            }
            catch (Exception e) when (e is SocketException or ObjectDisposedException)
            {
                return true;
            }
        }

        /// <summary>Counts a call about to start; false when the host's number of calls is running already (the call
        /// goes over HTTP/2). A call counts from its START until the host's END for it is read, as the host counts it,
        /// whether or not this side ended it first (a cancelled call).</summary>
        public bool TryReserve()
        {
            if (Interlocked.Increment(ref _running) <= _maxCalls)
            {
                return true;
            }

            Interlocked.Decrement(ref _running);
            return false;
        }

        /// <summary>The calls counted as running (see <see cref="TryReserve"/>).</summary>
        public int Running => Volatile.Read(ref _running);

        /// <summary>Uncounts a reserved call that was not started after all.</summary>
        public void Unreserve() => Interlocked.Decrement(ref _running);

        /// <summary>Sends a call that takes one message and returns one; the task ends with its reply (a CANCELLED one
        /// when <paramref name="cancellationToken"/> fires first, UNAVAILABLE when the lane closes before the reply); its
        /// AsyncState is the call id.</summary>
        public Task<LaneReplyFrame> Call(string method, byte[] request, Metadata? headers, DateTime? deadline, CancellationToken cancellationToken)
        {
            var call = NextId();
            var reply = new UnaryCall(call, blocking: false);
            Interlocked.Increment(ref _asyncCalls);
            Start(call, reply, method, UnsafeByteOperations.UnsafeWrap(request), headers, deadline, cancellationToken);
            EnsureRead();
            return reply.Task;
        }

        /// <summary><see cref="Call"/> for a caller that blocks until the reply: it reads the connection itself while
        /// nobody else does (see the class's remarks).</summary>
        public LaneReplyFrame CallBlocking(string method, byte[] request, Metadata? headers, DateTime? deadline, CancellationToken cancellationToken)
        {
            if (!_callersRead)
            {
                return Call(method, request, headers, deadline, cancellationToken).GetAwaiter().GetResult();
            }

            var id = NextId();
            var call = new UnaryCall(id, blocking: true);
            Start(id, call, method, UnsafeByteOperations.UnsafeWrap(request), headers, deadline, cancellationToken);
            bool reads;
            lock (_role)
            {
                reads = _readerRole is null;
                if (reads)
                {
                    _readerRole = call;
                }
                else
                {
                    _waiting.Add(call);
                }
            }

            if (!reads && !call.WaitForReplyOrRole())
            {
                lock (_role)
                {
                    _waiting.Remove(call);
                }

                return call.Task.Result;
            }

            ReadUntilEnded(call);
            lock (_role)
            {
                PassRole();
            }

            return call.Task.Result;
        }

        /// <summary>Starts a streaming call: <paramref name="request"/> is the one request of a server-streaming
        /// method, null when the caller streams its requests.</summary>
        public LaneStreamingCall Stream(string method, ByteString? request, Metadata? headers, DateTime? deadline, bool streamsResponses, CancellationToken cancellationToken)
        {
            var call = new LaneStreamingCall(this, NextId(), request is null, streamsResponses);
            Interlocked.Increment(ref _asyncCalls);
            Start(call.Id, call, method, request ?? ByteString.Empty, headers, deadline, cancellationToken);
            EnsureRead();
            return call;
        }

        /// <summary>A call with no caller to read for it started: the connection's thread reads when nobody does.</summary>
        private void EnsureRead()
        {
            lock (_role)
            {
                if (_readerRole is null)
                {
                    _readerRole = ThreadReads;
                    Monitor.PulseAll(_role);
                }
            }
        }

        /// <summary>The reading role's holder lets go of it (under <c>_role</c>): to the first caller still waiting, else
        /// to the connection's thread while calls without a caller run, else to nobody.</summary>
        private void PassRole()
        {
            while (_waiting.Count > 0)
            {
                var next = _waiting[0];
                _waiting.RemoveAt(0);
                if (!next.Task.IsCompleted)
                {
                    _readerRole = next;
                    next.HandRole();
                    return;
                }
            }

            _readerRole = Volatile.Read(ref _asyncCalls) > 0 || !_callersRead ? ThreadReads : null;
            if (_readerRole == ThreadReads)
            {
                // Only then: a pulse for nothing would wake the parked thread once a call.
                Monitor.PulseAll(_role);
            }
        }

        /// <summary>A blocked caller holding the role reads frames until its own call has ended (or the lane broke).</summary>
        private void ReadUntilEnded(UnaryCall call)
        {
            var socket = _transport.Socket!;
            var interval = (int)(CallerReadInterval.TotalMilliseconds * 1000);
            while (!call.Task.IsCompleted)
            {
                try
                {
                    // A bounded poll, then a receive of what has arrived (a receive with a timeout cost more CPU per
                    // call than the reading thread this replaces: docs/call-lane.md); nothing in the interval: look at
                    // the call again.
                    if (!_reader.HoldsFrame && !socket.Poll(interval, SelectMode.SelectRead))
                    {
                        continue;
                    }

                    if (_reader.Read() is { } bytes)
                    {
                        Dispatch(bytes);
                    }
                    else
                    {
                        Dispose();
                    }
                }
                catch (Exception e) when (e is InvalidDataException or InvalidProtocolBufferException or ArgumentException or SocketException or IOException or ObjectDisposedException)
                {
                    // The lane broke: its calls fail, later calls take HTTP/2 until it is tried again.
                    Dispose();
                }
            }
        }

        private ulong NextId() => (ulong)Interlocked.Increment(ref _nextCall);

        private void Start(ulong call, IPendingCall pending, string method, ByteString request, Metadata? headers, DateTime? deadline, CancellationToken cancellationToken)
        {
            _pending[call] = pending;
            var frame = new LaneCallFrame { Call = call, Method = method, Request = request };
            if (deadline is { } at && at != DateTime.MaxValue)
            {
                frame.DeadlineTicks = at.ToUniversalTime().Ticks;
            }

            LaneHeaders.Add(frame.Headers, headers);
            if (!Write(frame))
            {
                Unavailable(call);
                return;
            }

            if (cancellationToken.CanBeCanceled)
            {
                DisposeWhenEnded(pending, call, cancellationToken.Register(() => Cancel(call)));
            }

            if (frame.DeadlineTicks != 0)
            {
                // As grpc-dotnet's client: the call ends at its deadline whatever the host does (a host that never
                // answers included), and the host is told to cancel it.
                var remaining = new DateTime(frame.DeadlineTicks, DateTimeKind.Utc) - DateTime.UtcNow;
                DisposeWhenEnded(pending, call, new Timer(
                    static state => { var (connection, id) = ((Connection, ulong))state!; connection.EndNow(id, StatusCode.DeadlineExceeded, "Deadline Exceeded"); },
                    (this, call), remaining > TimeSpan.Zero ? remaining : TimeSpan.Zero, Timeout.InfiniteTimeSpan));
            }
        }

        /// <summary>Disposes <paramref name="resource"/> (a cancellation registration, a deadline timer) once the call
        /// ends, or at once when it has ended already.</summary>
        private void DisposeWhenEnded<T>(IPendingCall pending, ulong call, T resource)
            where T : IDisposable
        {
            if (!_pending.ContainsKey(call))
            {
                resource.Dispose();
                return;
            }

            var ended = pending is UnaryCall unary ? (Task)unary.Task : ((LaneStreamingCall)pending).Ended;
            ended.ContinueWith(static (_, state) => ((IDisposable)state!).Dispose(), resource, TaskScheduler.Default);
        }

        /// <summary>Ends a running call at once with CANCELLED, as grpc-dotnet ends a cancelled or disposed call, and
        /// tells the host; nothing for a call that already ended.</summary>
        public void Cancel(ulong call) => EndNow(call, StatusCode.Cancelled, "Call canceled by the client.");

        /// <summary>Ends a running call at once with <paramref name="status"/> and tells the host to cancel it.</summary>
        public void EndNow(ulong call, StatusCode status, string detail)
        {
            if (Remove(call) is { } ended)
            {
                ended.End(new LaneReplyFrame { Call = call, Status = (int)status, Detail = detail });
                Write(new LaneCallFrame { Call = call, Kind = LaneCallFrame.Types.Kind.Cancel });
            }
        }

        /// <summary>Writes one frame; false when the lane is closed (the connection is disposed, its calls end
        /// UNAVAILABLE).</summary>
        public bool Write(LaneCallFrame frame)
        {
            try
            {
                lock (_writing)
                {
                    LaneCallFraming.Write(_transport, frame);
                }

                return true;
            }
            catch (Exception e) when (e is SocketException or IOException or ObjectDisposedException)
            {
                Dispose();
                return false;
            }
        }

        /// <summary>The connection's thread: reads while it holds the role, and on a socket lets it go once no call
        /// without a caller runs.</summary>
        private void ReadOnThread()
        {
            try
            {
                while (true)
                {
                    lock (_role)
                    {
                        while (_readerRole != ThreadReads && _open)
                        {
                            Monitor.Wait(_role);
                        }
                    }

                    if (!_open)
                    {
                        return;
                    }

                    while (true)
                    {
                        if (_reader.Read() is not { } bytes)
                        {
                            return;
                        }

                        Dispatch(bytes);
                        if (_callersRead && Volatile.Read(ref _asyncCalls) == 0)
                        {
                            lock (_role)
                            {
                                if (Volatile.Read(ref _asyncCalls) == 0)
                                {
                                    PassRole();
                                    break;
                                }
                            }
                        }
                    }
                }
            }
            catch (Exception e) when (e is InvalidDataException or InvalidProtocolBufferException or ArgumentException or SocketException or IOException or ObjectDisposedException)
            {
                // The lane broke: its calls fail below, later calls take HTTP/2 until it is tried again.
            }
            finally
            {
                Dispose();
            }
        }

        /// <summary>Hands one frame the host sent to its call.</summary>
        private void Dispatch(ReadOnlyMemory<byte> bytes)
        {
            var reply = LaneReplyFrame.Parser.ParseFrom(bytes.Span);
            if (reply.Kind == LaneReplyFrame.Types.Kind.End)
            {
                Interlocked.Decrement(ref _running);
                Remove(reply.Call)?.End(reply);
            }
            else if (_pending.TryGetValue(reply.Call, out var running))
            {
                running.Receive(reply);
            }
        }

        /// <summary>Takes a call out of the running ones, once: the one that took it out ends it.</summary>
        private IPendingCall? Remove(ulong call)
        {
            if (!_pending.TryRemove(call, out var pending))
            {
                return null;
            }

            if (pending is not UnaryCall { Blocking: true })
            {
                Interlocked.Decrement(ref _asyncCalls);
            }

            return pending;
        }

        private void Unavailable(ulong call)
        {
            if (Remove(call) is { } pending)
            {
                pending.End(new LaneReplyFrame { Call = call, Status = (int)StatusCode.Unavailable, Detail = "The local call lane closed." });
            }
        }

        public void Dispose()
        {
            _open = false;
            _transport.Dispose();
            foreach (var call in _pending.Keys)
            {
                Unavailable(call);
            }

            lock (_role)
            {
                Monitor.PulseAll(_role);
            }
        }
    }

    /// <summary>A call that takes one message and returns one: it only ends. Its AsyncState is the call id.
    /// <paramref name="blocking"/>: its caller blocks until the reply, and may be handed the connection's reading role.</summary>
    private sealed class UnaryCall(ulong call, bool blocking) : TaskCompletionSource<LaneReplyFrame>(call, TaskCreationOptions.RunContinuationsAsynchronously), IPendingCall
    {
        /// <summary>Spins before sleeping: a reply the reader hands on within microseconds needs no wake-up.</summary>
        private const int Spins = 20;

        private bool _handed;

        public bool Blocking => blocking;

        public void Receive(LaneReplyFrame frame) => throw new InvalidDataException($"The host sent a {frame.Kind} frame for call {frame.Call}, which streams nothing.");

        public void End(LaneReplyFrame end)
        {
            TrySetResult(end);
            if (blocking)
            {
                lock (this)
                {
                    Monitor.Pulse(this);
                }
            }
        }

        /// <summary>This waiting caller now holds the reading role.</summary>
        public void HandRole()
        {
            lock (this)
            {
                _handed = true;
                Monitor.Pulse(this);
            }
        }

        /// <summary>Waits until the reply came (false) or the reading role was handed here (true).</summary>
        public bool WaitForReplyOrRole()
        {
            var spinner = default(SpinWait);
            for (var i = 0; i < Spins && !Task.IsCompleted && !Volatile.Read(ref _handed); i++)
            {
                spinner.SpinOnce(sleep1Threshold: -1);
            }

            lock (this)
            {
                while (!Task.IsCompleted && !_handed)
                {
                    Monitor.Wait(this);
                }

                return _handed;
            }
        }
    }
}
