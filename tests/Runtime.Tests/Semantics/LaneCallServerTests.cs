using System.Net.Sockets;
using System.ServiceModel;
using Google.Protobuf;
using Google.Protobuf.WellKnownTypes;
using Grpc.AspNetCore.Server;
using Grpc.Core;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging.Abstractions;
using MigrateWcf.Runtime.Protocol;
using MigrateWcf.Runtime.Tests.Semantics.Grpc;
using MigrateWcf.Runtime.Tests.Semantics.Legacy;
using MigrateWcf.Runtime.Tests.Semantics.Migrated;

namespace MigrateWcf.Runtime.Tests.Semantics;

/// <summary>
/// The local call lane's socket (issue 30, step 2, server side): frames from a raw client on <c>&lt;socket&gt;.calls</c>,
/// owner-only; calls multiplexed on one connection, cancellation, and hostile frames that end that connection and
/// never the server.
/// </summary>
[System.Runtime.Versioning.SupportedOSPlatform("linux")]
public sealed class LaneCallServerTests
{
    private const string Increment = "/semantics_test.Counter/Increment";
    private const string Wait = "/semantics_test.Counter/Wait";
    private const string Download = "/runtime.tests.Bytes/Download";

    /// <summary>Streams messages of 1, 2, … bytes, as many as asked, noting which message each write waits on.</summary>
    private sealed class CountingBytes : MigrateWcf.Runtime.Tests.Protos.Bytes.BytesBase
    {
        public static System.Collections.Concurrent.ConcurrentDictionary<int, bool> Waiting { get; } = new();

        public override async Task Download(Int32Value request, IServerStreamWriter<BytesValue> responseStream, ServerCallContext context)
        {
            for (var i = 1; i <= request.Value; i++)
            {
                Waiting[i] = true;
                await responseStream.WriteAsync(new BytesValue { Value = ByteString.CopyFrom(new byte[i]) });
            }
        }
    }

    /// <summary>Streams a window of messages of the asked size each, then waits for the call to end; notes that it ended
    /// (cancelled, or its writes failing once the connection is gone).</summary>
    private sealed class LargeBytes : MigrateWcf.Runtime.Tests.Protos.Bytes.BytesBase
    {
        public static TaskCompletionSource Ended { get; } = new(TaskCreationOptions.RunContinuationsAsynchronously);

        public override async Task Download(Int32Value request, IServerStreamWriter<BytesValue> responseStream, ServerCallContext context)
        {
            try
            {
                for (var i = 0; i < LaneFlow.Window; i++)
                {
                    await responseStream.WriteAsync(new BytesValue { Value = ByteString.CopyFrom(new byte[request.Value]) });
                }

                await Task.Delay(Timeout.Infinite, context.CancellationToken);
            }
            finally
            {
                Ended.TrySetResult();
            }
        }
    }

    private sealed class Lane : IDisposable
    {
        // Every user can enter the folder: only the socket's own mode and the server's peer check keep others out.
        private readonly TempDirectory _directory = TempDirectory.Shared();

        public Lane(SemanticsHost host, LaneCallLimits? limits = null, int maxConnections = 100, System.Type? bytesService = null)
        {
            Connections = new LaneBudget(maxConnections);
            Server = new LaneCallServer(_directory.Combine("grpc.sock"), () => LaneCallDispatcher.Create(host.Services, [typeof(CounterAdapter), bytesService ?? typeof(CountingBytes)]),
                limits ?? new LaneCallLimits(MaxFrameBytes: 1 << 20), Connections, NullLogger<LaneCallServer>.Instance);
            Server.StartAsync(CancellationToken.None).GetAwaiter().GetResult();
        }

        public LaneCallServer Server { get; }

        public LaneBudget Connections { get; }

        /// <summary>A raw connection, its greeting read.</summary>
        public Socket Connect()
        {
            var socket = ConnectUngreeted();
            var hello = Receive(socket);
            Assert.Equal((LaneReplyFrame.Types.Kind.Hello, 0ul), (hello.Kind, hello.Call));
            return socket;
        }

        public Socket ConnectUngreeted()
        {
            var socket = new Socket(AddressFamily.Unix, SocketType.Stream, ProtocolType.Unspecified);
            socket.Connect(new UnixDomainSocketEndPoint(Server.Path));
            socket.ReceiveTimeout = 30_000;
            return socket;
        }

        public void Dispose()
        {
            Server.Dispose();
            _directory.Dispose();
        }
    }

    /// <summary>A raw socket as the lane's framing takes it.</summary>
    private static LaneTransport Framed(Socket socket) => LaneTransport.Of(socket, "unix:test");

    private static void Send(Socket socket, ulong call, string method, IMessage request, DateTime? deadline = null)
        => LaneCallFraming.Write(Framed(socket), new LaneCallFrame { Call = call, Method = method, Request = request.ToByteString(), DeadlineTicks = deadline?.Ticks ?? 0 });

    private static LaneReplyFrame Receive(Socket socket) => LaneReplyFrame.Parser.ParseFrom(LaneCallFraming.Read(Framed(socket), 1 << 20)!);

    /// <summary>Reads until the server ends the connection: true at its end or a reset, false when the read times out.</summary>
    private static bool ReadsToTheEnd(Socket socket) => ReadsToTheEnd(socket, out _);

    private static bool ReadsToTheEnd(Socket socket, out long received)
    {
        var buffer = new byte[64 * 1024];
        received = 0;
        try
        {
            for (int read; (read = socket.Receive(buffer)) > 0;)
            {
                received += read;
            }

            return true;
        }
        catch (SocketException e) when (e.SocketErrorCode == SocketError.ConnectionReset)
        {
            return true;
        }
        catch (SocketException e) when (e.SocketErrorCode == SocketError.TimedOut)
        {
            return false;
        }
    }

    /// <summary>A call after the ones sent, answered: the server has read them and started each (it reads in order).</summary>
    private static void Started(Socket socket)
    {
        Send(socket, 99, Increment, new IncrementRequest { By = 1 });
        Assert.Equal(99ul, Receive(socket).Call);
    }

    [Fact]
    public async Task Calls_on_one_connection_run_side_by_side_and_each_gets_its_reply()
    {
        await using var host = await SemanticsHost.StartAsync(InstanceMode.PerCall, ConcurrencyMode.Multiple);
        using var lane = new Lane(host);
        using var socket = lane.Connect();

        Send(socket, 1, Wait, new Empty(), DateTime.UtcNow.AddSeconds(1));
        Send(socket, 2, Increment, new IncrementRequest { By = 4 });
        var first = Receive(socket);
        var second = Receive(socket);

        Assert.Equal((2ul, (int)StatusCode.OK), (first.Call, first.Status));
        Assert.Equal(4, IncrementResponse.Parser.ParseFrom(first.Response).Result);
        Assert.Equal((1ul, (int)StatusCode.DeadlineExceeded), (second.Call, second.Status));
    }

    [Fact]
    public async Task A_cancel_frame_cancels_its_call()
    {
        await using var host = await SemanticsHost.StartAsync(InstanceMode.PerCall, ConcurrencyMode.Multiple);
        using var lane = new Lane(host);
        using var socket = lane.Connect();

        Send(socket, 7, Wait, new Empty());
        Started(socket);
        LaneCallFraming.Write(Framed(socket), new LaneCallFrame { Call = 7, Kind = LaneCallFrame.Types.Kind.Cancel });
        var reply = Receive(socket);

        Assert.Equal((7ul, (int)StatusCode.Cancelled), (reply.Call, reply.Status));
        await host.Log.WaitCancelled.Task.WaitAsync(TimeSpan.FromSeconds(30));
    }

    [Fact]
    public async Task A_client_that_goes_away_mid_call_cancels_it()
    {
        await using var host = await SemanticsHost.StartAsync(InstanceMode.PerCall, ConcurrencyMode.Multiple);
        using var lane = new Lane(host);

        using (var socket = lane.Connect())
        {
            Send(socket, 1, Wait, new Empty());
            Started(socket);
        }

        await host.Log.WaitCancelled.Task.WaitAsync(TimeSpan.FromSeconds(30));
    }

    [Fact]
    public async Task A_client_process_killed_mid_call_has_its_call_cancelled()
    {
        await using var host = await SemanticsHost.StartAsync(InstanceMode.PerCall, ConcurrencyMode.Multiple);
        using var lane = new Lane(host);
        // A raw client in its own process: a call that waits until cancelled, then a call whose answer shows the
        // first one started (the server reads in order).
        var probe = """
            import socket, struct, sys, time
            s = socket.socket(socket.AF_UNIX)
            s.connect(sys.argv[1])
            s.sendall(bytes.fromhex(sys.argv[2]))
            for frame in ("the greeting", "the answer"):
                length = struct.unpack("<i", s.recv(4, socket.MSG_WAITALL))[0]
                s.recv(length, socket.MSG_WAITALL)
            print("started", flush=True)
            time.sleep(600)
            """;
        var frames = Convert.ToHexString([.. Frame(new LaneCallFrame { Call = 1, Method = Wait, Request = new Empty().ToByteString() }),
            .. Frame(new LaneCallFrame { Call = 99, Method = Increment, Request = new IncrementRequest { By = 1 }.ToByteString() })]);
        var start = new System.Diagnostics.ProcessStartInfo("/usr/bin/python3") { RedirectStandardOutput = true };
        foreach (var argument in (string[])["-c", probe, lane.Server.Path, frames])
        {
            start.ArgumentList.Add(argument);
        }

        using var client = System.Diagnostics.Process.Start(start)!;
        Assert.Equal("started", await client.StandardOutput.ReadLineAsync().WaitAsync(TimeSpan.FromMinutes(1)));
        Assert.False(host.Log.WaitCancelled.Task.IsCompleted);
        client.Kill();

        await Eventually.Within(host.Log.WaitCancelled.Task);
    }

    public static TheoryData<string, byte[]> HostileFrames() => new()
    {
        { "bytes that are no frame", [0x2A, 0x00, 0x00, 0x00, .. Enumerable.Repeat((byte)0xFF, 42)] },
        { "a length of 4 GB", [0xFF, 0xFF, 0xFF, 0xFF, 1, 2, 3] },
        { "a length over the limit", [0x00, 0x00, 0x20, 0x00] },
        { "a frame cut short", [0x10, 0x00, 0x00, 0x00, 0x08, 0x01] },
        { "a reused call id", [.. Frame(new LaneCallFrame { Call = 5, Method = Wait, Request = new Empty().ToByteString() }), .. Frame(new LaneCallFrame { Call = 5, Method = Wait, Request = new Empty().ToByteString() })] },
        { "a header gRPC refuses", Frame(new LaneCallFrame { Call = 1, Method = Increment, Headers = { new LaneHeader { Key = "Bad Key", Text = "x" } } }) },
        { "a message for a call that takes one", [.. Frame(new LaneCallFrame { Call = 5, Method = Wait, Request = new Empty().ToByteString() }), .. Frame(new LaneCallFrame { Call = 5, Kind = LaneCallFrame.Types.Kind.Message })] },
        { "credit for a call that streams nothing", [.. Frame(new LaneCallFrame { Call = 5, Method = Wait, Request = new Empty().ToByteString() }), .. Frame(new LaneCallFrame { Call = 5, Kind = LaneCallFrame.Types.Kind.Credit, Credit = 1 })] },
        { "credit past the window", [.. Frame(new LaneCallFrame { Call = 5, Method = Download, Request = new Int32Value { Value = 1000 }.ToByteString() }), .. Frame(new LaneCallFrame { Call = 5, Kind = LaneCallFrame.Types.Kind.Credit, Credit = LaneFlow.Window + 1 })] },
        { "a frame kind the lane does not know", [.. Frame(new LaneCallFrame { Call = 5, Method = Wait, Request = new Empty().ToByteString() }), .. Frame(new LaneCallFrame { Call = 5, Kind = (LaneCallFrame.Types.Kind)9 })] },
    };

    private static byte[] Frame(IMessage message)
    {
        var bytes = message.ToByteArray();
        return [.. BitConverter.GetBytes(bytes.Length), .. bytes];
    }

    [Theory]
    [MemberData(nameof(HostileFrames))]
    public async Task A_hostile_frame_ends_its_connection_and_the_server_keeps_serving(string what, byte[] bytes)
    {
        await using var host = await SemanticsHost.StartAsync(InstanceMode.PerCall, ConcurrencyMode.Multiple);
        using var lane = new Lane(host);

        using (var hostile = lane.ConnectUngreeted())
        {
            hostile.Send(bytes);
            if (what == "a frame cut short")
            {
                hostile.Shutdown(SocketShutdown.Send);
            }

            // The server closes the connection: the read ends (0 bytes, or a reset when bytes it did not read were
            // left) instead of waiting for a reply.
            var buffer = new byte[4096];
            var closed = false;
            try
            {
                while (hostile.Receive(buffer) > 0)
                {
                }

                closed = true;
            }
            catch (SocketException e) when (e.SocketErrorCode == SocketError.ConnectionReset)
            {
                closed = true;
            }

            Assert.True(closed, what);
        }

        using var socket = lane.Connect();
        Send(socket, 1, Increment, new IncrementRequest { By = 1 });
        Assert.Equal((int)StatusCode.OK, Receive(socket).Status);
    }

    [Fact]
    public async Task Frames_for_a_call_that_ended_are_ignored_and_the_connection_keeps_serving()
    {
        await using var host = await SemanticsHost.StartAsync(InstanceMode.PerCall, ConcurrencyMode.Multiple);
        using var lane = new Lane(host);
        using var socket = lane.Connect();

        Send(socket, 3, Increment, new IncrementRequest { By = 1 });
        Assert.Equal(3ul, Receive(socket).Call);
        foreach (var kind in new[] { LaneCallFrame.Types.Kind.Message, LaneCallFrame.Types.Kind.HalfClose, LaneCallFrame.Types.Kind.Credit, LaneCallFrame.Types.Kind.Cancel })
        {
            LaneCallFraming.Write(Framed(socket), new LaneCallFrame { Call = 3, Kind = kind, Credit = 1 });
        }

        Send(socket, 4, Increment, new IncrementRequest { By = 1 });
        Assert.Equal((4ul, (int)StatusCode.OK), Receive(socket) is var reply ? (reply.Call, reply.Status) : default);
    }

    [Fact]
    public async Task A_streamed_response_stops_at_the_callers_credit_and_goes_on_as_it_grants_more()
    {
        await using var host = await SemanticsHost.StartAsync(InstanceMode.PerCall, ConcurrencyMode.Multiple);
        using var lane = new Lane(host);
        using var socket = lane.Connect();
        var total = (2 * LaneFlow.Window) + 5;

        Send(socket, 1, Download, new Int32Value { Value = total });
        var first = Enumerable.Range(0, LaneFlow.Window).Select(_ => Receive(socket)).ToList();

        // A full window unread: the service waits in its write, and nothing more comes until the caller grants credit.
        await Eventually.TrueAsync(() => CountingBytes.Waiting.ContainsKey(1 + LaneFlow.Window), "the service's write past the window");
        Assert.False(socket.Poll(200_000, SelectMode.SelectRead));
        var rest = new List<LaneReplyFrame>();
        while (rest.Count < total - LaneFlow.Window)
        {
            LaneCallFraming.Write(Framed(socket), new LaneCallFrame { Call = 1, Kind = LaneCallFrame.Types.Kind.Credit, Credit = LaneFlow.Window });
            rest.AddRange(Enumerable.Range(0, Math.Min(LaneFlow.Window, total - LaneFlow.Window - rest.Count)).Select(_ => Receive(socket)));
        }

        var end = Receive(socket);

        Assert.All(first.Concat(rest), frame => Assert.Equal((1ul, LaneReplyFrame.Types.Kind.Message), (frame.Call, frame.Kind)));
        Assert.Equal(Enumerable.Range(1, total), first.Concat(rest).Select(frame => BytesValue.Parser.ParseFrom(frame.Response).Value.Length));
        Assert.Equal((LaneReplyFrame.Types.Kind.End, (int)StatusCode.OK), (end.Kind, end.Status));
    }

    [Fact]
    public async Task Each_connection_is_greeted_with_the_calls_it_may_run_and_a_start_past_them_ends_it()
    {
        await using var host = await SemanticsHost.StartAsync(InstanceMode.PerCall, ConcurrencyMode.Multiple);
        using var lane = new Lane(host, new LaneCallLimits(MaxFrameBytes: 1 << 20) { MaxCallsPerConnection = 2 });

        using (var socket = lane.ConnectUngreeted())
        {
            var hello = Receive(socket);
            Assert.Equal((LaneReplyFrame.Types.Kind.Hello, 2u), (hello.Kind, hello.Credit));

            // Two calls running (each waits until cancelled), then a third.
            Send(socket, 1, Wait, new Empty());
            Send(socket, 2, Wait, new Empty());
            Send(socket, 3, Increment, new IncrementRequest { By = 1 });
            Assert.True(ReadsToTheEnd(socket), "the connection stayed open");
        }

        await Eventually.Within(host.Log.WaitCancelled.Task);
        using var next = lane.Connect();
        Send(next, 1, Increment, new IncrementRequest { By = 1 });
        Assert.Equal((int)StatusCode.OK, Receive(next).Status);
    }

    [Fact]
    public async Task A_call_that_ends_gives_its_place_back_and_a_caller_within_the_bound_is_served_indefinitely()
    {
        await using var host = await SemanticsHost.StartAsync(InstanceMode.PerCall, ConcurrencyMode.Multiple);
        using var lane = new Lane(host, new LaneCallLimits(MaxFrameBytes: 1 << 20) { MaxCallsPerConnection = 1 });
        using var socket = lane.Connect();

        // One call at a time, each started once the one before has ended: never past the bound.
        for (ulong call = 1; call <= 50; call++)
        {
            Send(socket, call, Increment, new IncrementRequest { By = 1 });
            Assert.Equal((call, (int)StatusCode.OK), Receive(socket) is var reply ? (reply.Call, reply.Status) : default);
        }
    }

    [Fact]
    public async Task A_peer_that_leaves_its_replies_unread_loses_its_connection_when_a_write_waits_past_the_timeout()
    {
        await using var host = await SemanticsHost.StartAsync(InstanceMode.PerCall, ConcurrencyMode.Multiple);
        var limits = new LaneCallLimits(MaxFrameBytes: 1 << 20) { WriteTimeout = TimeSpan.FromSeconds(1) };
        using var lane = new Lane(host, limits, bytesService: typeof(LargeBytes));
        using var socket = lane.Connect();

        // A window of 256 KiB messages (8 MiB: far more than the socket holds) that the caller never reads.
        Send(socket, 1, Download, new Int32Value { Value = 256 * 1024 });

        // The server closes the connection, and the call is ended with it; the host serves others.
        await Eventually.Within(LargeBytes.Ended.Task);
        Assert.True(ReadsToTheEnd(socket), "the connection stayed open");
        using var next = lane.Connect();
        Send(next, 1, Increment, new IncrementRequest { By = 1 });
        Assert.Equal((int)StatusCode.OK, Receive(next).Status);
    }

    [Fact]
    public async Task Connections_past_the_hosts_bound_are_closed_at_accept_without_a_greeting()
    {
        await using var host = await SemanticsHost.StartAsync(InstanceMode.PerCall, ConcurrencyMode.Multiple);
        using var lane = new Lane(host, maxConnections: 2);
        using var first = lane.Connect();
        var second = lane.Connect();

        using (var refused = lane.ConnectUngreeted())
        {
            Assert.True(ReadsToTheEnd(refused, out var received), "the connection past the bound stayed open");
            Assert.Equal(0, received);
        }

        // A place given back is taken by the next connection.
        second.Dispose();
        await Eventually.TrueAsync(() => lane.Connections.Count == 1, "the closed connection's place given back");
        using var third = lane.Connect();
        Send(third, 1, Increment, new IncrementRequest { By = 1 });
        Assert.Equal((int)StatusCode.OK, Receive(third).Status);
    }

    [Fact]
    public async Task A_client_keeps_to_the_calls_its_greeting_allows_and_sends_the_next_over_HTTP2()
    {
        var peers = new LaneCallTests.PeerRecorder();
        await using var host = await SemanticsHost.StartAsync(services =>
        {
            services.AddWcfService<CounterService>(InstanceMode.PerCall, ConcurrencyMode.Multiple);
            services.AddSingleton(peers).Configure<GrpcServiceOptions>(grpc => grpc.Interceptors.Add<LaneCallTests.PeerRecorder>());
        });
        using var lane = new Lane(host, new LaneCallLimits(MaxFrameBytes: 1 << 20) { MaxCallsPerConnection = 1 });
        using var calls = new LaneCallClient(lane.Server.Path, 1 << 20);
        var invoker = new LaneCallInvoker(host.NewChannel().CreateCallInvoker(), calls);
        var client = new Counter.CounterClient(invoker);
        using var cancel = new CancellationTokenSource();

        var waiting = client.WaitAsync(new Empty(), cancellationToken: cancel.Token);
        await Eventually.TrueAsync(() => peers.Calls.Count == 1, "the first call running");
        var second = await client.IncrementAsync(new IncrementRequest { By = 1 });
        cancel.Cancel();
        await Assert.ThrowsAsync<RpcException>(() => waiting.ResponseAsync);
        await Eventually.TrueAsync(() => calls.Connect()!.Running == 0, "the host's answer to the cancelled call read");
        var third = await client.IncrementAsync(new IncrementRequest { By = 1 });

        // The first ran on the lane; the second found its one place taken and went over HTTP/2; the third, after the
        // host's answer to the cancelled first, on the lane again.
        Assert.Equal(["lane", "HTTP/2", "lane"], peers.Calls.Select(call => LaneCallTests.OnLane(call) ? "lane" : "HTTP/2"));
        Assert.Equal((1, 1), (second.Result, third.Result));
    }

    /// <summary>Eight blocked callers sharing one connection, the reading passing between them thousands of times: every
    /// call answered on the lane, and the connection never taken for closed (a caller that looks at it between the
    /// others' reads must not mistake their reading for the host's end).</summary>
    [Fact]
    public async Task Blocked_callers_sharing_a_connection_keep_it_through_thousands_of_hand_offs()
    {
        await using var host = await SemanticsHost.StartAsync(InstanceMode.PerCall, ConcurrencyMode.Multiple);
        using var lane = new Lane(host);
        using var calls = new LaneCallClient(lane.Server.Path, 1 << 20);
        var client = new Counter.CounterClient(new LaneCallInvoker(host.NewChannel().CreateCallInvoker(), calls));
        var connection = calls.Connect();
        Assert.NotNull(connection);

        var callers = Enumerable.Range(0, 8).Select(_ => Task.Factory.StartNew(() =>
        {
            var failed = 0;
            for (var i = 0; i < 2_000; i++)
            {
                try
                {
                    client.Increment(new IncrementRequest { By = 1 });
                }
                catch (RpcException)
                {
                    failed++;
                }
            }

            return failed;
        }, TaskCreationOptions.LongRunning)).ToArray();
        var failures = await Task.WhenAll(callers).WaitAsync(TimeSpan.FromMinutes(5));

        Assert.Equal(new int[8], failures);
        Assert.Same(connection, calls.Connect());
    }

    /// <summary>Another user (<c>nobody</c>) is refused by the socket's mode; and were the mode opened to everyone, the
    /// server's peer check (<c>SO_PEERCRED</c>) would close that user's connection before reading a frame.</summary>
    [TheoryWithSecondUser]
    [InlineData(false, "refused 13")]
    [InlineData(true, "closed")]
    public async Task Another_user_cannot_call_on_the_lane(bool modeOpenedToEveryone, string expected)
    {
        await using var host = await SemanticsHost.StartAsync(InstanceMode.PerCall, ConcurrencyMode.Multiple);
        using var lane = new Lane(host);
        if (modeOpenedToEveryone)
        {
            File.SetUnixFileMode(lane.Server.Path, (UnixFileMode)0b110_110_110);
        }

        var probe = """
            import socket, struct, sys
            s = socket.socket(socket.AF_UNIX)
            s.settimeout(30)
            try:
                s.connect(sys.argv[1])
            except OSError as e:
                print("refused", e.errno); sys.exit(0)
            try:
                s.sendall(bytes.fromhex(sys.argv[2]))
                print("closed" if s.recv(4096) == b"" else "served")
            except OSError as e:
                print("closed" if e.errno in (32, 104) else "error %d" % e.errno)
            """;
        var start = new System.Diagnostics.ProcessStartInfo(SecondUser.SetPriv) { RedirectStandardOutput = true, RedirectStandardError = true };
        foreach (var argument in (string[])[.. SecondUser.AsNobody, "/usr/bin/python3", "-c", probe, lane.Server.Path,
            Convert.ToHexString(Frame(new LaneCallFrame { Call = 1, Method = Increment, Request = new IncrementRequest { By = 1 }.ToByteString() }))])
        {
            start.ArgumentList.Add(argument);
        }

        using var process = System.Diagnostics.Process.Start(start)!;
        var output = await process.StandardOutput.ReadToEndAsync();
        await process.WaitForExitAsync();

        Assert.Equal(expected, output.Trim());
        Assert.Equal(0, host.Log.InstancesCreated);
    }

    [Fact]
    public async Task The_lane_socket_is_owner_only()
    {
        await using var host = await SemanticsHost.StartAsync(InstanceMode.PerCall, ConcurrencyMode.Multiple);
        using var lane = new Lane(host);

        Assert.Equal(UnixFileMode.UserRead | UnixFileMode.UserWrite, File.GetUnixFileMode(lane.Server.Path));
    }

    /// <summary>A host that greets and then never answers (hung, or its pool starved): the client's call still ends at its
    /// deadline with DEADLINE_EXCEEDED, as grpc-dotnet's client ends one, and the host is told to cancel it.</summary>
    [Fact]
    public async Task A_call_ends_at_its_deadline_on_the_client_when_the_host_never_answers()
    {
        var folder = Directory.CreateTempSubdirectory("lane-silent-");
        try
        {
            var path = Path.Combine(folder.FullName, "silent.calls");
            using var listener = new Socket(AddressFamily.Unix, SocketType.Stream, ProtocolType.Unspecified);
            listener.Bind(new UnixDomainSocketEndPoint(path));
            listener.Listen();
            var silentHost = Task.Run(() =>
            {
                using var connection = listener.Accept();
                LaneCallFraming.Write(Framed(connection), new LaneReplyFrame { Kind = LaneReplyFrame.Types.Kind.Hello, Credit = 10 });
                var start = LaneCallFrame.Parser.ParseFrom(LaneCallFraming.Read(Framed(connection), 1 << 20)!);
                var next = LaneCallFrame.Parser.ParseFrom(LaneCallFraming.Read(Framed(connection), 1 << 20)!);
                return (start, next);
            });

            using var calls = new LaneCallClient(path, 1 << 20);
            var connection = calls.Connect();
            Assert.NotNull(connection);
            Assert.True(connection.TryReserve());
            var reply = await connection.Call(Increment, new IncrementRequest { By = 1 }.ToByteArray(), null, DateTime.UtcNow.AddMilliseconds(200), CancellationToken.None)
                .WaitAsync(TimeSpan.FromSeconds(30));

            Assert.Equal((int)StatusCode.DeadlineExceeded, reply.Status);
            var (start, next) = await silentHost.WaitAsync(TimeSpan.FromSeconds(30));
            Assert.Equal((LaneCallFrame.Types.Kind.Start, LaneCallFrame.Types.Kind.Cancel, start.Call), (start.Kind, next.Kind, next.Call));
        }
        finally
        {
            folder.Delete(recursive: true);
        }
    }
}
