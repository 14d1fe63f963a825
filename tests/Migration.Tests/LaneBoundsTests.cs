using System.Diagnostics;
using System.Globalization;
using System.Net.Sockets;
using Google.Protobuf;
using MigrateWcf.Runtime;
using MigratedClientFactory = LegacyWcf.Contracts.Grpc.MigratedClientFactory;

namespace MigrateWcf.Migration.Tests;

/// <summary>
/// The lanes bounded as Kestrel bounds HTTP/2 (issue 44, items 3 to 5), against the migrated sample's generated host as
/// a real process, its peers raw sockets of this process or a Python process: a call-lane connection that floods calls
/// and reads no reply loses its connection while other callers are answered; lane connections past the host's open-file
/// limit are closed at accept and cost no thread; a bulk-lane session announcing segments past its bound ends, and its
/// mappings are released. Each peer's fault ends its own connection, never the host.
/// </summary>
[System.Runtime.Versioning.UnsupportedOSPlatform("windows")]
public sealed class LaneBoundsTests
{
    private const string Put = "/migrate_wcf.legacy.Simple/Put";

    private static readonly TimeSpan Patience = TimeSpan.FromMinutes(1);

    [Fact]
    public async Task A_call_lane_connection_that_floods_calls_and_reads_no_reply_is_closed_while_other_callers_are_answered()
    {
        using var folder = new SocketFolder();
        string socket = folder.Combine("flood.sock");
        using var host = await MigratedHostProcess.StartReadyAsync("--socket", socket);
        using var neighbour = LaneCall.Connect(LaneSocket(socket));
        Assert.Equal(0, neighbour.Put(call: 1));

        // 30,000 calls in one write, and not a byte read back.
        using var flood = new Socket(AddressFamily.Unix, SocketType.Stream, ProtocolType.Unspecified);
        flood.Connect(new UnixDomainSocketEndPoint(LaneSocket(socket)));
        byte[] calls = [.. Enumerable.Range(1, 30_000).SelectMany(call => LaneCall.Start((ulong)call, Put))];
        await Task.Run(() =>
        {
            try
            {
                flood.Send(calls);
            }
            catch (SocketException)
            {
                // The host closed the connection part way: the flood ends there.
            }
        }).WaitAsync(Patience);

        // Calls over HTTP/2 and on another lane connection are answered meanwhile.
        using var http2 = new MigratedClientFactory(GrpcEndpoint.UnixSocket(socket), new ClientProxyOptions { CallLane = false, SendTimeout = Patience });
        http2.CreateSimple().Put();
        Assert.Equal(0, neighbour.Put(call: 2));

        // The flooding connection is closed by the host: reading what it was sent ends (EOF or reset), it does not wait.
        flood.ReceiveTimeout = (int)Patience.TotalMilliseconds;
        Assert.True(LaneCall.ReadsToTheEnd(flood), "the host kept the flooding connection open");

        using var later = new MigratedClientFactory(GrpcEndpoint.UnixSocket(socket), new ClientProxyOptions { SendTimeout = Patience });
        later.CreateSimple().Put();
        Assert.Equal(0, LaneCall.Connect(LaneSocket(socket)).Put(call: 1));
        Assert.False(host.HasExited, host.Output);
        Assert.Contains("A call lane connection was closed: ", host.Stderr);
    }

    /// <summary>
    /// The host under <c>prlimit</c> with 400 descriptors (RLIMIT_NOFILE, enforced for every user) and 400 processes
    /// (RLIMIT_NPROC, which the kernel does not enforce for root, as these tests run: here the host's thread count shows
    /// that no thread is made per connection, which is what would exhaust it). Far more lane connections than the limit
    /// are opened on both lanes: the host keeps a bounded number of them (a quarter of its descriptors), closes the others
    /// at accept, makes no thread for any, keeps answering HTTP/2 and lane calls, and exits 0 on SIGTERM.
    /// </summary>
    [Fact]
    public async Task Lane_connections_past_the_hosts_process_limits_are_closed_at_accept_and_the_host_keeps_serving()
    {
        using var folder = new SocketFolder();
        string socket = folder.Combine("limits.sock");
        using var host = await MigratedHostProcess.StartReadyUnderAsync(["prlimit", "--nofile=400:400", "--nproc=400:400", "--"], "--socket", socket);
        using var before = LaneCall.Connect(LaneSocket(socket));
        Assert.Equal(0, before.Put(call: 1));
        int threadsBefore = Threads(host.Id);

        var kept = new List<Socket>();
        int closed = 0;
        foreach (string path in new[] { LaneSocket(socket), BulkLane.SocketPath(socket) })
        {
            for (int i = 0; i < 600; i++)
            {
                var connection = await ConnectAsync(path);
                // The host greets a connection it keeps and closes one past its bound without a word.
                if (Greeted(connection))
                {
                    kept.Add(connection);
                }
                else
                {
                    closed++;
                    connection.Dispose();
                }
            }
        }

        try
        {
            // A quarter of the 400 descriptors, the first lane connection among them.
            Assert.Equal(400 / 4 - 1, kept.Count);
            Assert.Equal(1200 - kept.Count, closed);
            Assert.InRange(Threads(host.Id), 1, threadsBefore + 50);

            // HTTP/2 on a new connection, the lane connection opened before, and a new lane client (its connection past
            // the bound: its calls go over HTTP/2) are all answered.
            using var http2 = new MigratedClientFactory(GrpcEndpoint.UnixSocket(socket), new ClientProxyOptions { CallLane = false, SendTimeout = Patience });
            http2.CreateSimple().Put();
            Assert.Equal(0, before.Put(call: 2));
            using var clients = new MigratedClientFactory(GrpcEndpoint.UnixSocket(socket), new ClientProxyOptions { SendTimeout = Patience });
            clients.CreateSimple().Put();
        }
        finally
        {
            kept.ForEach(connection => connection.Dispose());
        }

        Assert.True(await host.StopAsync(), host.Output);
        Assert.Equal(0, host.ExitCode);
        Assert.False(File.Exists(socket));
    }

    /// <summary>
    /// With the lanes' bound on connections set above what the host's 400 descriptors allow, the lane would take them all
    /// (before issue 44's bounds the host then died, "Out of memory.": a .NET process with no descriptor left aborts when
    /// its thread pool starts a thread). It leaves the process its headroom instead: past it, new connections are closed
    /// at accept, said once; the host neither exits nor stops its lane, and once the connections close it greets new ones
    /// and answers over HTTP/2 again.
    /// </summary>
    [Fact]
    public async Task A_lane_near_the_descriptor_limit_closes_new_connections_and_recovers_and_the_host_keeps_running()
    {
        using var folder = new SocketFolder();
        string socket = folder.Combine("emfile.sock");
        using var host = await MigratedHostProcess.StartReadyUnderAsync(["prlimit", "--nofile=400:400", "--"], "--socket", socket, "--MigrateWcf:MaxLaneConnections", "10000");

        var opened = new List<Socket>();
        try
        {
            // Connections until the host says it closes new ones (its descriptors nearly gone).
            var waited = Stopwatch.StartNew();
            while (!host.Stderr.Contains("The local call lane closes new connections: the process has fewer than 32 of its 400 file descriptors left.", StringComparison.Ordinal))
            {
                Assert.True(waited.Elapsed < Patience && opened.Count < 2000 && !host.HasExited, $"{opened.Count} connections opened\n{host.Output}");
                var connection = new Socket(AddressFamily.Unix, SocketType.Stream, ProtocolType.Unspecified);
                try
                {
                    await connection.ConnectAsync(new UnixDomainSocketEndPoint(LaneSocket(socket))).WaitAsync(Patience);
                    opened.Add(connection);
                }
                catch (SocketException e) when (e.SocketErrorCode is SocketError.WouldBlock or SocketError.TryAgain)
                {
                    // The backlog is full: the host is not accepting.
                    connection.Dispose();
                    await Task.Delay(10);
                }
            }

            Assert.False(host.HasExited, host.Output);

            // The headroom left serves HTTP/2 meanwhile.
            using var meanwhile = new MigratedClientFactory(GrpcEndpoint.UnixSocket(socket), new ClientProxyOptions { CallLane = false, SendTimeout = Patience });
            meanwhile.CreateSimple().Put();
        }
        finally
        {
            opened.ForEach(connection => connection.Dispose());
        }

        // Descriptors free again: the lane greets a new connection and answers on it, and HTTP/2 answers.
        await WaitUntilAsync(() => TryLaneCall(LaneSocket(socket)), "the lane never accepted again");
        using var http2 = new MigratedClientFactory(GrpcEndpoint.UnixSocket(socket), new ClientProxyOptions { CallLane = false, SendTimeout = Patience });
        http2.CreateSimple().Put();
        // Said once per stretch of closed connections (a connection kept in between, when one closes, starts a new one),
        // never once per connection.
        Assert.InRange(host.Stderr.Split('\n').Count(line => line.Contains("closes new connections", StringComparison.Ordinal)), 1, 5);
        Assert.DoesNotContain("cannot accept a connection", host.Stderr, StringComparison.Ordinal);

        Assert.True(await host.StopAsync(), host.Output);
        Assert.Equal(0, host.ExitCode);
    }

    private static bool TryLaneCall(string path)
    {
        try
        {
            using var lane = LaneCall.Connect(path, TimeSpan.FromSeconds(5));
            return lane.Put(call: 1) == 0;
        }
        catch (SocketException)
        {
            return false;
        }
    }

    /// <summary>A Python peer opens a bulk-lane session and announces one sealed 4 KiB memfd over and over under new
    /// segment ids (64,500 times: past vm.max_map_count, 65,530 here, were each mapped): the host ends that session at its
    /// bound, releases every mapping of it, and keeps serving.</summary>
    [Fact]
    public async Task A_bulk_lane_session_announcing_segments_past_its_bound_ends_and_its_mappings_are_released()
    {
        using var folder = new SocketFolder();
        string socket = folder.Combine("segments.sock");
        using var host = await MigratedHostProcess.StartReadyAsync("--socket", socket);

        var start = new ProcessStartInfo("/usr/bin/python3") { RedirectStandardOutput = true, RedirectStandardError = true };
        foreach (string argument in (string[])["-c", AnnouncingPeer, BulkLane.SocketPath(socket), "64500"])
        {
            start.ArgumentList.Add(argument);
        }

        using var peer = Process.Start(start)!;
        try
        {
            string? line = await peer.StandardOutput.ReadLineAsync().WaitAsync(Patience);
            Assert.False(host.HasExited, host.Output);
            Assert.True(line?.StartsWith("closed after ", StringComparison.Ordinal) == true, $"{line}\n{host.Output}");
            Assert.InRange(int.Parse(line!["closed after ".Length..], CultureInfo.InvariantCulture), 1, 64_499);

            await WaitUntilAsync(() => Mappings(host.Id, "memfd:lane-test-peer") == 0, "the ended session's segments are still mapped in the host");
            Assert.Equal(0, LaneCall.Connect(LaneSocket(socket)).Put(call: 1));
            using var clients = new MigratedClientFactory(GrpcEndpoint.UnixSocket(socket), new ClientProxyOptions { CallLane = false, SendTimeout = Patience });
            clients.CreateSimple().Put();
        }
        finally
        {
            if (!peer.HasExited)
            {
                peer.Kill();
            }
        }

        Assert.False(host.HasExited, host.Output);
    }

    /// <summary>Announces one sealed memfd as new segments until the host closes the session (then prints how many it
    /// sent) or all are sent ("sent all"), and waits to be killed.</summary>
    private const string AnnouncingPeer = """
        import fcntl, os, socket, struct, sys, time
        s = socket.socket(socket.AF_UNIX)
        s.connect(sys.argv[1])
        s.recv(24, socket.MSG_WAITALL)
        fd = os.memfd_create("lane-test-peer", os.MFD_ALLOW_SEALING)
        os.ftruncate(fd, 4096)
        fcntl.fcntl(fd, fcntl.F_ADD_SEALS, fcntl.F_SEAL_SHRINK | fcntl.F_SEAL_GROW | fcntl.F_SEAL_SEAL)
        sent = 0
        try:
            for segment in range(int(sys.argv[2])):
                socket.send_fds(s, [struct.pack("<iiqq", 2, segment, 4096 - 64, 0)], [fd])
                sent += 1
            s.settimeout(60)
            print("sent all" if s.recv(1) else "sent all", flush=True)
        except OSError:
            print("closed after %d" % sent, flush=True)
        time.sleep(600)
        """;

    private static string LaneSocket(string grpcSocket) => grpcSocket + ".calls";

    /// <summary>A connection to <paramref name="path"/>; while the host's backlog is full (it accepts more slowly than
    /// this connects), the connect is tried again.</summary>
    private static async Task<Socket> ConnectAsync(string path)
    {
        var waited = Stopwatch.StartNew();
        while (true)
        {
            var connection = new Socket(AddressFamily.Unix, SocketType.Stream, ProtocolType.Unspecified) { ReceiveTimeout = (int)Patience.TotalMilliseconds };
            try
            {
                await connection.ConnectAsync(new UnixDomainSocketEndPoint(path)).WaitAsync(Patience);
                return connection;
            }
            catch (SocketException e) when (e.SocketErrorCode is SocketError.WouldBlock or SocketError.TryAgain && waited.Elapsed < Patience)
            {
                connection.Dispose();
                await Task.Delay(10);
            }
        }
    }

    /// <summary>True when the host's first bytes arrive, false when it closes the connection instead.</summary>
    private static bool Greeted(Socket connection)
    {
        try
        {
            return connection.Receive(new byte[64]) > 0;
        }
        catch (SocketException e) when (e.SocketErrorCode == SocketError.ConnectionReset)
        {
            return false;
        }
        catch (SocketException e) when (e.SocketErrorCode == SocketError.TimedOut)
        {
            Assert.Fail("A lane connection was neither greeted nor closed by the host.");
            throw;
        }
    }

    private static int Threads(int pid) =>
        int.Parse(File.ReadLines($"/proc/{pid}/status").Single(line => line.StartsWith("Threads:", StringComparison.Ordinal))["Threads:".Length..].Trim(), CultureInfo.InvariantCulture);

    private static int Mappings(int pid, string name) => File.ReadLines($"/proc/{pid}/maps").Count(line => line.Contains(name, StringComparison.Ordinal));

    private static async Task WaitUntilAsync(Func<bool> condition, string failure)
    {
        var waited = Stopwatch.StartNew();
        while (!condition())
        {
            Assert.True(waited.Elapsed < Patience, failure);
            await Task.Delay(20);
        }
    }

    /// <summary>A raw call-lane connection (frames written by hand from call_lane.proto, as a peer of another language
    /// would): unary calls with an empty request, and the status each ends with.</summary>
    private sealed class LaneCall : IDisposable
    {
        private readonly Socket _socket;

        private LaneCall(Socket socket) => _socket = socket;

        public static LaneCall Connect(string path, TimeSpan? receiveTimeout = null)
        {
            var socket = new Socket(AddressFamily.Unix, SocketType.Stream, ProtocolType.Unspecified) { ReceiveTimeout = (int)(receiveTimeout ?? Patience).TotalMilliseconds };
            socket.Connect(new UnixDomainSocketEndPoint(path));
            return new LaneCall(socket);
        }

        /// <summary>A START frame: a 4-byte little-endian length, then LaneCallFrame { call = 1, method = 2 } (kind 0 is
        /// START; an empty request is no field).</summary>
        public static byte[] Start(ulong call, string method)
        {
            using var message = new MemoryStream();
            var output = new CodedOutputStream(message);
            output.WriteTag(1, WireFormat.WireType.Varint);
            output.WriteUInt64(call);
            output.WriteTag(2, WireFormat.WireType.LengthDelimited);
            output.WriteString(method);
            output.Flush();
            return [.. BitConverter.GetBytes((int)message.Length), .. message.ToArray()];
        }

        /// <summary>Calls <paramref name="method"/> and returns the status of its END frame (LaneReplyFrame kind 0, field 7;
        /// status field 2), skipping any other frame.</summary>
        public int Put(ulong call, string method = LaneBoundsTests.Put)
        {
            _socket.Send(Start(call, method));
            while (true)
            {
                var frame = new CodedInputStream(ReadFrame());
                (ulong id, int status, int kind) = (0, 0, 0);
                for (uint tag; (tag = frame.ReadTag()) != 0;)
                {
                    switch (WireFormat.GetTagFieldNumber(tag))
                    {
                        case 1: id = frame.ReadUInt64(); break;
                        case 2: status = frame.ReadInt32(); break;
                        case 7: kind = frame.ReadInt32(); break;
                        default: frame.SkipLastField(); break;
                    }
                }

                if (id == call && kind == 0)
                {
                    return status;
                }
            }
        }

        /// <summary>Reads until the host ends the connection: true at its end or a reset, false when the read times out.</summary>
        public static bool ReadsToTheEnd(Socket socket)
        {
            var buffer = new byte[64 * 1024];
            try
            {
                while (socket.Receive(buffer) > 0)
                {
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

        private byte[] ReadFrame()
        {
            byte[] length = Read(4);
            return Read(BitConverter.ToInt32(length));
        }

        private byte[] Read(int count)
        {
            var buffer = new byte[count];
            for (int read = 0; read < count;)
            {
                int received = _socket.Receive(buffer, read, count - read, SocketFlags.None);
                Assert.True(received > 0, "the host closed a lane connection that kept to the protocol");
                read += received;
            }

            return buffer;
        }

        public void Dispose() => _socket.Dispose();
    }
}
