using System.Net.Sockets;
using Google.Protobuf;
using Grpc.Core;
using MigrateWcf.Runtime.Protocol;

namespace MigrateWcf.Runtime.Tests.Semantics;

/// <summary>
/// The call lane's client connection (issue 46): a blocked caller reads the connection itself while nobody else does and
/// hands the reading role on with its reply. Against a raw host that answers when and in the order each test says, so
/// the test decides who is reading when each reply comes.
/// </summary>
[System.Runtime.Versioning.SupportedOSPlatform("linux")]
public sealed class LaneCallClientTests
{
    private const string Method = "/semantics_test.Counter/Increment";

    /// <summary>A host speaking the lane by hand on a socket of its own: greets each connection, then runs the test's script.</summary>
    private sealed class RawHost : IDisposable
    {
        private readonly TempDirectory _directory = TempDirectory.Shared();
        private readonly Socket _listener = new(AddressFamily.Unix, SocketType.Stream, ProtocolType.Unspecified);

        public RawHost()
        {
            Path = _directory.Combine("raw.calls");
            _listener.Bind(new UnixDomainSocketEndPoint(Path));
            _listener.Listen();
        }

        public string Path { get; }

        /// <summary>Accepts the next connection and greets it with room for 10 calls.</summary>
        public Socket Accept()
        {
            var connection = _listener.Accept();
            LaneCallFraming.Write(Framed(connection), new LaneReplyFrame { Kind = LaneReplyFrame.Types.Kind.Hello, Credit = 10 });
            return connection;
        }

        public void Dispose()
        {
            _listener.Dispose();
            _directory.Dispose();
        }
    }

    private static LaneTransport Framed(Socket socket) => LaneTransport.Of(socket, "unix:test");

    private static LaneCallFrame Receive(Socket socket) => LaneCallFrame.Parser.ParseFrom(LaneCallFraming.Read(Framed(socket), 1 << 20)!);

    /// <summary>The host's END for <paramref name="start"/>: OK, its request as the response.</summary>
    private static void Answer(Socket socket, LaneCallFrame start)
        => LaneCallFraming.Write(Framed(socket), new LaneReplyFrame { Call = start.Call, Status = (int)StatusCode.OK, Response = start.Request });

    private static byte[] Request(int value) => BitConverter.GetBytes(value);

    private static int Response(LaneReplyFrame reply) => BitConverter.ToInt32(reply.Response.Span);

    private static LaneCallClient.Connection Connect(LaneCallClient client, int calls = 1)
    {
        var connection = client.Connect();
        Assert.NotNull(connection);
        for (var i = 0; i < calls; i++)
        {
            Assert.True(connection.TryReserve());
        }

        return connection;
    }

    /// <summary>Four blocked callers on one connection, answered in the reverse order of their starts: whoever reads
    /// hands the others their replies and the role with its own, and each caller gets its own reply.</summary>
    [Fact]
    public async Task Blocked_callers_sharing_a_connection_each_get_their_own_reply_whoever_reads()
    {
        using var host = new RawHost();
        using var client = new LaneCallClient(host.Path, 1 << 20);
        var accepted = Task.Run(host.Accept);
        var connection = Connect(client, calls: 4);
        using var socket = await accepted.WaitAsync(TimeSpan.FromSeconds(30));

        var callers = Enumerable.Range(1, 4)
            .Select(i => Task.Factory.StartNew(() => Response(connection.CallBlocking(Method, Request(i), null, null, CancellationToken.None)), TaskCreationOptions.LongRunning))
            .ToArray();
        var starts = Enumerable.Range(0, 4).Select(_ => Receive(socket)).ToList();
        foreach (var start in Enumerable.Reverse(starts))
        {
            Answer(socket, start);
        }

        var responses = await Task.WhenAll(callers).WaitAsync(TimeSpan.FromSeconds(30));
        Assert.Equal([1, 2, 3, 4], responses);
    }

    /// <summary>A blocked caller reading the connection itself, with a host that never answers: its read wakes to see the
    /// deadline passed, it gets DEADLINE_EXCEEDED, and the host is told to cancel the call.</summary>
    [Fact]
    public async Task A_blocked_caller_reading_for_itself_ends_at_its_deadline_when_the_host_never_answers()
    {
        using var host = new RawHost();
        using var client = new LaneCallClient(host.Path, 1 << 20);
        var accepted = Task.Run(host.Accept);
        var connection = Connect(client);
        using var socket = await accepted.WaitAsync(TimeSpan.FromSeconds(30));

        var reply = await Task.Factory.StartNew(() => connection.CallBlocking(Method, Request(1), null, DateTime.UtcNow.AddMilliseconds(200), CancellationToken.None),
            TaskCreationOptions.LongRunning).WaitAsync(TimeSpan.FromSeconds(30));

        Assert.Equal((int)StatusCode.DeadlineExceeded, reply.Status);
        var (start, next) = (Receive(socket), Receive(socket));
        Assert.Equal((LaneCallFrame.Types.Kind.Start, LaneCallFrame.Types.Kind.Cancel, start.Call), (start.Kind, next.Kind, next.Call));
    }

    /// <summary>An asynchronous call (no thread to lend) started while a blocked caller reads: answered first, it
    /// completes from the caller's read; answered after the caller returned, from the connection's own thread, which
    /// the caller handed the role to.</summary>
    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public async Task An_asynchronous_call_beside_a_blocked_caller_gets_its_reply_whoever_reads_then(bool answeredFirst)
    {
        using var host = new RawHost();
        using var client = new LaneCallClient(host.Path, 1 << 20);
        var accepted = Task.Run(host.Accept);
        var connection = Connect(client, calls: 2);
        using var socket = await accepted.WaitAsync(TimeSpan.FromSeconds(30));

        var blocked = Task.Factory.StartNew(() => Response(connection.CallBlocking(Method, Request(8), null, null, CancellationToken.None)), TaskCreationOptions.LongRunning);
        var blockedStart = Receive(socket);
        var asynchronous = connection.Call(Method, Request(7), null, null, CancellationToken.None);
        var asyncStart = Receive(socket);
        if (answeredFirst)
        {
            Answer(socket, asyncStart);
            Assert.Equal(7, Response(await asynchronous.WaitAsync(TimeSpan.FromSeconds(30))));
            Answer(socket, blockedStart);
            Assert.Equal(8, await blocked.WaitAsync(TimeSpan.FromSeconds(30)));
        }
        else
        {
            Answer(socket, blockedStart);
            Assert.Equal(8, await blocked.WaitAsync(TimeSpan.FromSeconds(30)));
            Answer(socket, asyncStart);
            Assert.Equal(7, Response(await asynchronous.WaitAsync(TimeSpan.FromSeconds(30))));
        }
    }

    /// <summary>A host that closes the connection while nobody reads it (no call running) is seen before the next call:
    /// the connection is no longer open, and the next call gets a new one instead of failing on the closed lane.</summary>
    [Fact]
    public async Task A_connection_the_host_closed_while_nobody_read_it_is_replaced_before_the_next_call()
    {
        using var host = new RawHost();
        using var client = new LaneCallClient(host.Path, 1 << 20);
        var accepted = Task.Run(host.Accept);
        var first = Connect(client);
        using (var socket = await accepted.WaitAsync(TimeSpan.FromSeconds(30)))
        {
            var call = Task.Factory.StartNew(() => Response(first.CallBlocking(Method, Request(1), null, null, CancellationToken.None)), TaskCreationOptions.LongRunning);
            Answer(socket, Receive(socket));
            Assert.Equal(1, await call.WaitAsync(TimeSpan.FromSeconds(30)));
        }

        Assert.False(first.IsOpen);
        accepted = Task.Run(host.Accept);
        var second = Connect(client);
        Assert.NotSame(first, second);
        using var again = await accepted.WaitAsync(TimeSpan.FromSeconds(30));
        var next = Task.Factory.StartNew(() => Response(second.CallBlocking(Method, Request(2), null, null, CancellationToken.None)), TaskCreationOptions.LongRunning);
        Answer(again, Receive(again));
        Assert.Equal(2, await next.WaitAsync(TimeSpan.FromSeconds(30)));
    }
}
