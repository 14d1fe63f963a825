using System.Collections.Concurrent;
using System.Net.Sockets;
using System.Runtime.Versioning;
using Google.Protobuf;
using Grpc.Core;
using MigrateWcf.Runtime.Protocol;

namespace MigrateWcf.Runtime;

/// <summary>
/// A channel's connection to a host's local call lane (<see cref="LaneCallServer"/>), opened on the first call and
/// closed with the channel. When the host serves no lane, or the lane broke, calls go over HTTP/2; the lane is tried
/// again at most every 5 seconds. The host's process must be this user's (<c>SO_PEERCRED</c>).
/// </summary>
[SupportedOSPlatform("linux")]
internal sealed class LaneCallClient(string lanePath, int maxFrameBytes) : IDisposable
{
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

            // No socket, another user's host, or a path too long for a socket address: no lane, the call takes HTTP/2.
            if (OwnerSockets.Connect(lanePath) is not { } socket)
            {
                _retryAt = Environment.TickCount64 + (long)RetryInterval.TotalMilliseconds;
                return null;
            }

            _connection = new Connection(socket, maxFrameBytes);
            return _connection;
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

    /// <summary>One lane connection: calls written under a lock, replies read on a thread of its own and handed to
    /// their callers by call id.</summary>
    internal sealed class Connection : IDisposable
    {
        private readonly Socket _socket;
        private readonly int _maxFrameBytes;
        private readonly ConcurrentDictionary<ulong, TaskCompletionSource<LaneReplyFrame>> _pending = new();
        private readonly object _writing = new();
        private long _nextCall;
        private volatile bool _open = true;

        public Connection(Socket socket, int maxFrameBytes)
        {
            (_socket, _maxFrameBytes) = (socket, maxFrameBytes);
            new Thread(Read) { IsBackground = true, Name = "migrate-wcf call lane client" }.Start();
        }

        public bool IsOpen => _open;

        /// <summary>Sends a call; the task ends with its reply (a CANCELLED one when <paramref name="cancellationToken"/>
        /// fires first, UNAVAILABLE when the lane closes before the reply); its AsyncState is the call id.</summary>
        public Task<LaneReplyFrame> Call(string method, byte[] request, Metadata? headers, DateTime? deadline, CancellationToken cancellationToken)
        {
            var call = (ulong)Interlocked.Increment(ref _nextCall);
            // The task's AsyncState is the call id, for Cancel.
            var reply = new TaskCompletionSource<LaneReplyFrame>(call, TaskCreationOptions.RunContinuationsAsynchronously);
            _pending[call] = reply;
            var frame = new LaneCallFrame { Call = call, Method = method, Request = UnsafeByteOperations.UnsafeWrap(request) };
            if (deadline is { } at && at != DateTime.MaxValue)
            {
                frame.DeadlineTicks = at.ToUniversalTime().Ticks;
            }

            LaneHeaders.Add(frame.Headers, headers);
            if (!Write(frame))
            {
                Fail(call, reply);
                return reply.Task;
            }

            if (cancellationToken.CanBeCanceled)
            {
                var registration = cancellationToken.Register(() => Cancel(call));
                reply.Task.ContinueWith(static (_, state) => ((CancellationTokenRegistration)state!).Dispose(), registration, TaskScheduler.Default);
            }

            return reply.Task;
        }

        /// <summary>Ends a running call at once with CANCELLED, as grpc-dotnet ends a cancelled or disposed call, and
        /// tells the host; nothing for a call that already ended.</summary>
        public void Cancel(ulong call)
        {
            if (_pending.TryRemove(call, out var cancelled))
            {
                cancelled.TrySetResult(new LaneReplyFrame { Call = call, Status = (int)StatusCode.Cancelled, Detail = "Call canceled by the client." });
                Write(new LaneCallFrame { Call = call, Cancel = true });
            }
        }

        private bool Write(LaneCallFrame frame)
        {
            try
            {
                lock (_writing)
                {
                    LaneCallFraming.Write(_socket, frame);
                }

                return true;
            }
            catch (Exception e) when (e is SocketException or ObjectDisposedException)
            {
                Dispose();
                return false;
            }
        }

        private void Read()
        {
            try
            {
                while (LaneCallFraming.Read(_socket, _maxFrameBytes) is { } bytes)
                {
                    var reply = LaneReplyFrame.Parser.ParseFrom(bytes);
                    if (_pending.TryRemove(reply.Call, out var waiting))
                    {
                        waiting.TrySetResult(reply);
                    }
                }
            }
            catch (Exception e) when (e is InvalidDataException or InvalidProtocolBufferException or SocketException or ObjectDisposedException)
            {
                // The lane broke: its calls fail below, later calls take HTTP/2 until it is tried again.
            }
            finally
            {
                Dispose();
            }
        }

        private void Fail(ulong call, TaskCompletionSource<LaneReplyFrame> reply)
        {
            _pending.TryRemove(call, out _);
            reply.TrySetResult(new LaneReplyFrame { Call = call, Status = (int)StatusCode.Unavailable, Detail = "The local call lane closed." });
        }

        public void Dispose()
        {
            _open = false;
            _socket.Dispose();
            foreach (var (call, reply) in _pending)
            {
                Fail(call, reply);
            }
        }
    }
}
