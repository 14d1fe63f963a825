using System.Net.Sockets;
using System.ServiceModel;
using Google.Protobuf;
using Google.Protobuf.WellKnownTypes;
using Grpc.Core;
using Microsoft.Extensions.Logging.Abstractions;
using MigrateWcf.Runtime.Protocol;
using MigrateWcf.Runtime.Tests.Semantics.Grpc;
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

    private sealed class Lane : IDisposable
    {
        private readonly TempDirectory _directory = new();

        public Lane(SemanticsHost host)
        {
            Server = new LaneCallServer(_directory.Combine("grpc.sock"), () => LaneCallDispatcher.Create(host.Services, [typeof(CounterAdapter)]),
                maxFrameBytes: 1 << 20, NullLogger<LaneCallServer>.Instance);
            Server.StartAsync(CancellationToken.None).GetAwaiter().GetResult();
        }

        public LaneCallServer Server { get; }

        public Socket Connect()
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

    private static void Send(Socket socket, ulong call, string method, IMessage request, DateTime? deadline = null)
        => LaneCallFraming.Write(socket, new LaneCallFrame { Call = call, Method = method, Request = request.ToByteString(), DeadlineTicks = deadline?.Ticks ?? 0 });

    private static LaneReplyFrame Receive(Socket socket) => LaneReplyFrame.Parser.ParseFrom(LaneCallFraming.Read(socket, 1 << 20)!);

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
        LaneCallFraming.Write(socket, new LaneCallFrame { Call = 7, Cancel = true });
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

    public static TheoryData<string, byte[]> HostileFrames() => new()
    {
        { "bytes that are no frame", [0x2A, 0x00, 0x00, 0x00, .. Enumerable.Repeat((byte)0xFF, 42)] },
        { "a length of 4 GB", [0xFF, 0xFF, 0xFF, 0xFF, 1, 2, 3] },
        { "a length over the limit", [0x00, 0x00, 0x20, 0x00] },
        { "a frame cut short", [0x10, 0x00, 0x00, 0x00, 0x08, 0x01] },
        { "a reused call id", [.. Frame(new LaneCallFrame { Call = 5, Method = Wait, Request = new Empty().ToByteString() }), .. Frame(new LaneCallFrame { Call = 5, Method = Wait, Request = new Empty().ToByteString() })] },
        { "a header gRPC refuses", Frame(new LaneCallFrame { Call = 1, Method = Increment, Headers = { new LaneHeader { Key = "Bad Key", Text = "x" } } }) },
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

        using (var hostile = lane.Connect())
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
    public async Task The_lane_socket_is_owner_only()
    {
        await using var host = await SemanticsHost.StartAsync(InstanceMode.PerCall, ConcurrencyMode.Multiple);
        using var lane = new Lane(host);

        Assert.Equal(UnixFileMode.UserRead | UnixFileMode.UserWrite, File.GetUnixFileMode(lane.Server.Path));
    }
}
