using System.Buffers.Binary;
using System.Diagnostics;
using System.Net.Sockets;
using Google.Protobuf;
using Grpc.Core;
using Microsoft.AspNetCore.Builder;
using Microsoft.Extensions.Logging;
using MigrateWcf.Runtime;
using Document = global::PayloadWcf.Document;
using Messages = global::PayloadWcf.Grpc;

namespace MigrateWcf.Migration.Tests;

/// <summary>
/// The bulk lane between the generated client and the generated hosting (benchmarks/PayloadWcf.Migrated, in this
/// process, on an owner-only Unix socket): values of every size class come back byte for byte with it and without it;
/// the lane's shared memory is really used (memfd mappings in /proc/self/maps) and is gone once the client closes or
/// dies; references the host did not get from the session are refused with INVALID_ARGUMENT; another user can open
/// neither the lane socket nor a segment.
/// </summary>
[System.Runtime.Versioning.UnsupportedOSPlatform("windows")]
[Collection(Name)]
public sealed class BulkLaneTests : IAsyncLifetime
{
    /// <summary>Run alone: the tests count this process's lane mappings, which other tests' lanes would add to.</summary>
    public const string Name = "bulk lane, alone";

    /// <summary>Each test starts with no lane mapping in the process: an earlier test's sessions end on their lane
    /// threads, after the test that closed them has returned.</summary>
    public Task InitializeAsync() => WaitUntilAsync(() => SegmentMappings() == 0 && SegmentMappings("memfd:lane-test-peer") == 0,
        "lane segments of an earlier test are still mapped");

    public Task DisposeAsync() => Task.CompletedTask;

    private const int LimitBytes = 64 * 1024 * 1024;
    private const string SegmentName = "memfd:migrate-wcf-lane";
    private static readonly int[] Sizes = [0, 1024, 64 * 1024 - 1, 64 * 1024, 1024 * 1024, 16 * 1024 * 1024];

    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public async Task EverySize_ComesBackByteForByte_WithTheLaneAndWithout(bool lane)
    {
        using var folder = new SocketFolder();
        await using var host = await StartHostAsync(folder);
        using var factory = new Messages.MigratedClientFactory(host.Endpoint, ClientOptions(lane));
        var proxy = factory.CreatePayloadEcho();
        foreach (var size in Sizes)
        {
            var content = Content(size, seed: size);
            var answer = proxy.EchoDocument(new Document { Name = "doc-" + size, Content = content });
            Assert.Equal("doc-" + size, answer.Name);
            Assert.True(content.AsSpan().SequenceEqual(answer.Content), $"{size} bytes came back different (lane {lane})");
        }

        // With the lane both ends have mapped segments (the client's requests, the host's responses); without, none.
        Assert.Equal(lane, SegmentMappings() > 0);
        ((System.ServiceModel.ICommunicationObject)proxy).Close();
    }

    [Fact]
    public async Task AGrpcSocketPathWithNoRoomForTheLanes_IsServedWithoutTheLane()
    {
        using var folder = new SocketFolder();
        // sun_path holds 107 bytes: the gRPC socket fits exactly, "<socket>.lane" does not.
        var path = folder.Combine("");
        var name = new string('p', 107 - System.Text.Encoding.UTF8.GetByteCount(path) - 1 - ".sock".Length) + ".sock";
        await using var host = await GrpcHost.StartAsync(GrpcEndpoint.UnixSocket(Path.Combine(path, name)), h =>
        {
            h.Options.Grpc = grpc => (grpc.MaxReceiveMessageSize, grpc.MaxSendMessageSize) = (LimitBytes, LimitBytes);
            global::PayloadWcf.Grpc.MigratedServices.AddMigratedServices(h.Services);
            h.Configure(app => global::PayloadWcf.Grpc.MigratedServices.MapMigratedServices(app));
        });
        Assert.False(File.Exists(BulkLane.SocketPath(host.Endpoint.UnixSocketPath!)));
        using var factory = new Messages.MigratedClientFactory(host.Endpoint, ClientOptions(lane: true));
        var content = Content(1024 * 1024, 3);
        Assert.True(content.AsSpan().SequenceEqual(factory.CreatePayloadEcho().EchoDocument(new Document { Name = "n", Content = content }).Content));
        Assert.Equal(0, SegmentMappings());
    }

    [Fact]
    public async Task AHostWithTwoSocketEndpoints_ServesALaneBesideEach_AndMovesEachValueOnce()
    {
        using var folder = new SocketFolder();
        var endpoints = new[] { GrpcEndpoint.UnixSocket(folder.Combine("a.sock")), GrpcEndpoint.UnixSocket(folder.Combine("b.sock")) };
        var builder = Microsoft.AspNetCore.Builder.WebApplication.CreateSlimBuilder();
        builder.Logging.SetMinimumLevel(LogLevel.Warning);
        foreach (var endpoint in endpoints)
        {
            builder.AddGrpcEndpoint(endpoint, o => o.Grpc = grpc => (grpc.MaxReceiveMessageSize, grpc.MaxSendMessageSize) = (LimitBytes, LimitBytes));
        }

        global::PayloadWcf.Grpc.MigratedServices.AddMigratedServices(builder.Services);
        await using var app = builder.Build();
        global::PayloadWcf.Grpc.MigratedServices.MapMigratedServices(app);
        await app.StartAsync();
        foreach (var endpoint in endpoints)
        {
            Assert.True(File.Exists(BulkLane.SocketPath(endpoint.UnixSocketPath!)));
            using var factory = new Messages.MigratedClientFactory(endpoint, ClientOptions(lane: true));
            // A value shaped like a reference, and a large one: each arrives as sent (one interceptor, not two in a row).
            foreach (var content in new[] { Reference(Guid.NewGuid(), 0, 1, 10).ToByteArray(), Content(512 * 1024, 4) })
            {
                Assert.True(content.AsSpan().SequenceEqual(factory.CreatePayloadEcho().EchoDocument(new Document { Name = "n", Content = content }).Content));
            }

            Assert.True(SegmentMappings() > 0, $"no lane segment mapped for {endpoint}");
        }

        await app.StopAsync();
        Assert.All(endpoints, endpoint => Assert.False(File.Exists(BulkLane.SocketPath(endpoint.UnixSocketPath!))));
    }

    [Fact]
    public async Task ASessionPastTheHostsLaneConnections_IsClosedUngreeted_AndItsValuesGoAsPlainBytes()
    {
        using var folder = new SocketFolder();
        // Two: the first client's call lane connection and its bulk lane session.
        await using var host = await StartHostAsync(folder, maxLaneConnections: 2);
        using var first = new Messages.MigratedClientFactory(host.Endpoint, ClientOptions(lane: true));
        var content = Content(1024 * 1024, 5);
        Assert.True(content.AsSpan().SequenceEqual(first.CreatePayloadEcho().EchoDocument(new Document { Name = "n", Content = content }).Content));
        var mapped = SegmentMappings();
        Assert.True(mapped > 0);

        using var second = new Messages.MigratedClientFactory(host.Endpoint, ClientOptions(lane: true));
        Assert.True(content.AsSpan().SequenceEqual(second.CreatePayloadEcho().EchoDocument(new Document { Name = "n", Content = content }).Content));

        Assert.Equal(mapped, SegmentMappings());
    }

    [Fact]
    public async Task ConcurrentCallers_EachGetTheirOwnBytes()
    {
        using var folder = new SocketFolder();
        await using var host = await StartHostAsync(folder);
        using var factory = new Messages.MigratedClientFactory(host.Endpoint, ClientOptions(lane: true));
        var proxy = factory.CreatePayloadEcho();
        await Task.WhenAll(Enumerable.Range(0, 8).Select(caller => Task.Run(() =>
        {
            for (var call = 0; call < 20; call++)
            {
                var content = Content(256 * 1024 + caller * 1000 + call, seed: caller * 100 + call);
                var answer = proxy.EchoDocument(new Document { Name = "c", Content = content });
                Assert.True(content.AsSpan().SequenceEqual(answer.Content), $"caller {caller} call {call} got other bytes");
            }
        })));
    }

    [Fact]
    public async Task ClosingTheClient_UnmapsEverySegmentOnBothSides()
    {
        using var folder = new SocketFolder();
        await using var host = await StartHostAsync(folder);
        var before = SegmentMappings();
        using (var factory = new Messages.MigratedClientFactory(host.Endpoint, ClientOptions(lane: true)))
        {
            var proxy = factory.CreatePayloadEcho();
            proxy.EchoDocument(new Document { Name = "big", Content = Content(4 * 1024 * 1024, 1) });
            Assert.True(SegmentMappings() > before);
        }

        await WaitUntilAsync(() => SegmentMappings() == before, "segments still mapped after the client closed");
    }

    [Fact]
    public async Task AForgedReference_IsRefusedWithInvalidArgument()
    {
        using var folder = new SocketFolder();
        await using var host = await StartHostAsync(folder);
        using var lane = ConnectLane(host, out var token);
        var client = RawClient(host, out var channel);
        using (channel)
        {
            var header = new Metadata { { BulkLane.HeaderName, token.ToString("N") } };
            foreach (var forged in new[]
            {
                Reference(token, segment: -1, generation: 1, length: 10),            // no such segment
                Reference(token, segment: 0, generation: 1, length: 10),             // never announced (waits for it, then refuses)
                Reference(Guid.NewGuid(), segment: 0, generation: 1, length: 10),    // another session's
            })
            {
                var error = Assert.Throws<RpcException>(() => client.EchoDocument(Request(forged), header));
                Assert.Equal(StatusCode.InvalidArgument, error.StatusCode);
                Assert.Contains("Bulk lane reference refused", error.Status.Detail);
            }

            var unknownSession = new Metadata { { BulkLane.HeaderName, Guid.NewGuid().ToString("N") } };
            Assert.Equal(StatusCode.InvalidArgument, Assert.Throws<RpcException>(() => client.EchoDocument(Request(ByteString.CopyFromUtf8("x")), unknownSession)).StatusCode);

            // A caller without the header sends the same bytes and gets them back: they are not a reference to it.
            var plain = Reference(token, segment: 0, generation: 1, length: 10);
            Assert.Equal(plain, client.EchoDocument(Request(plain)).Result.Content);
        }
    }

    [Fact]
    public async Task AReferenceBeyondTheSegment_OrToAReusedValue_IsRefused()
    {
        using var folder = new SocketFolder();
        await using var host = await StartHostAsync(folder);
        using var peer = await LanePeer.StartAsync(host, segments: 1, capacity: 64 * 1024, generation: 3);
        var token = peer.Token;
        var client = RawClient(host, out var channel);
        using (channel)
        {
            var header = new Metadata { { BulkLane.HeaderName, token.ToString("N") } };
            var fits = client.EchoDocument(Request(Reference(token, 0, generation: 3, length: 1000)), header);
            Assert.Equal(1000, fits.Result.Content.Length);
            foreach (var forged in new[] { Reference(token, 0, 3, length: 64 * 1024 + 1), Reference(token, 0, 3, length: -1), Reference(token, 0, generation: 2, length: 10) })
            {
                Assert.Equal(StatusCode.InvalidArgument, Assert.Throws<RpcException>(() => client.EchoDocument(Request(forged), header)).StatusCode);
            }
        }
    }

    [Fact]
    public async Task AValueAboveTheHostsMessageLimit_IsRefusedAsGrpcWould()
    {
        using var folder = new SocketFolder();
        await using var host = await StartHostAsync(folder, limitBytes: 1024 * 1024);
        using var factory = new Messages.MigratedClientFactory(host.Endpoint, ClientOptions(lane: true));
        var proxy = factory.CreatePayloadEcho();
        var error = Assert.ThrowsAny<Exception>(() => proxy.EchoDocument(new Document { Name = "big", Content = new byte[2 * 1024 * 1024] }));
        Assert.Contains("maximum configured message size", error.ToString());
    }

    [Fact]
    public async Task AClientKilledWithSegmentsMapped_LeavesNoMappingInTheHost()
    {
        using var folder = new SocketFolder();
        await using var host = await StartHostAsync(folder);
        var before = SegmentMappings("memfd:lane-test-peer");
        // A peer in another process announces two segments, and is killed.
        var peer = await LanePeer.StartAsync(host, segments: 2, capacity: 64 * 1024, generation: 1);
        await WaitUntilAsync(() => SegmentMappings("memfd:lane-test-peer") == before + 2, "the host did not map the peer's segments");
        peer.Dispose();
        await WaitUntilAsync(() => SegmentMappings("memfd:lane-test-peer") == before, "the killed peer's segments are still mapped in the host");
        Assert.DoesNotContain(Directory.EnumerateFileSystemEntries("/proc/self/fd"), fd => LinkTarget(fd).StartsWith("/memfd:lane-test-peer", StringComparison.Ordinal));
    }

    [Fact]
    public async Task AClientKilledWithAnAnswerUnread_LeavesNoMappingInTheHost()
    {
        using var folder = new SocketFolder();
        await using var host = await StartHostAsync(folder);
        var before = SegmentMappings();
        // A Python caller opens a lane session, echoes 1 MiB of plain bytes naming the session, gets the answer as a
        // reference to a segment of the host's, never reads or releases it, and is killed.
        var start = new ProcessStartInfo("/usr/bin/python3") { RedirectStandardOutput = true, RedirectStandardError = true };
        foreach (var argument in (string[])["-c", UnreadAnswerScript, host.Endpoint.UnixSocketPath!, BulkLane.SocketPath(host.Endpoint.UnixSocketPath!)])
        {
            start.ArgumentList.Add(argument);
        }

        using var caller = Process.Start(start)!;
        try
        {
            var line = await caller.StandardOutput.ReadLineAsync().WaitAsync(TimeSpan.FromSeconds(60));
            Assert.True(line == "answered with a reference", $"{line}");
            Assert.Equal(before + 1, SegmentMappings());
        }
        finally
        {
            caller.Kill();
            await caller.WaitForExitAsync();
        }

        await WaitUntilAsync(() => SegmentMappings() == before, "the host still maps the segment of the killed caller's unread answer");
    }

    /// <summary>EchoDocumentRequest { document = 1: Document { name = 1, content = 2 } } written by hand; the answer's
    /// content is expected to be a 40-byte lane reference.</summary>
    private const string UnreadAnswerScript = """
        import socket, sys, time, uuid
        import grpc
        lane = socket.socket(socket.AF_UNIX)
        lane.connect(sys.argv[2])
        token = uuid.UUID(bytes_le=lane.recv(24, socket.MSG_WAITALL)[8:24]).hex
        def field(number, payload):
            size, length = bytearray(), len(payload)
            while True:
                size.append((length & 0x7F) | (0x80 if length > 0x7F else 0))
                length >>= 7
                if not length:
                    break
            return bytes([number << 3 | 2]) + bytes(size) + payload
        request = field(1, field(1, b"n") + field(2, bytes(1024 * 1024)))
        options = [("grpc.max_receive_message_length", 64 << 20), ("grpc.max_send_message_length", 64 << 20)]
        with grpc.insecure_channel("unix:" + sys.argv[1], options=options) as channel:
            echo = channel.unary_unary("/migrate_wcf.payload.PayloadEcho/EchoDocument")
            answer = echo(request, metadata=[("migrate-wcf-lane", token)], timeout=60)
        print("answered with a reference" if b"MWCFLANE" in answer and len(answer) < 100 else "answered %d bytes" % len(answer), flush=True)
        time.sleep(600)
        """;

    [FactWithSecondUser]
    public async Task AnotherUser_CanOpenNeitherTheLaneSocketNorASegment()
    {
        using var folder = new SocketFolder();
        await using var host = await StartHostAsync(folder);
        using var factory = new Messages.MigratedClientFactory(host.Endpoint, ClientOptions(lane: true));
        factory.CreatePayloadEcho().EchoDocument(new Document { Name = "big", Content = Content(1024 * 1024, 2) });
        var segments = File.ReadAllLines("/proc/self/maps").Where(l => l.Contains(SegmentName, StringComparison.Ordinal))
            .Select(l => $"/proc/{Environment.ProcessId}/map_files/{l.Split(' ')[0]}").ToList();
        Assert.NotEmpty(segments);
        var probe = """
            import socket, sys
            s = socket.socket(socket.AF_UNIX)
            try:
                s.connect(sys.argv[1]); print("lane socket: opened")
            except OSError as e:
                print("lane socket: refused", e.errno)
            for path in sys.argv[2:]:
                try:
                    open(path, "rb").read(1); print("segment: opened")
                except OSError as e:
                    print("segment: refused", e.errno)
            """;
        var start = new ProcessStartInfo(SecondUser.SetPriv) { RedirectStandardOutput = true, RedirectStandardError = true };
        foreach (var argument in (string[])[.. SecondUser.AsNobody, "/usr/bin/python3", "-c", probe, BulkLane.SocketPath(host.Endpoint.UnixSocketPath!), .. segments])
        {
            start.ArgumentList.Add(argument);
        }

        using var process = Process.Start(start)!;
        var output = await process.StandardOutput.ReadToEndAsync();
        await process.WaitForExitAsync();
        var lines = output.Split('\n', StringSplitOptions.RemoveEmptyEntries);
        Assert.Equal(1 + segments.Count, lines.Length);
        Assert.All(lines, line => Assert.Contains("refused", line));
    }

    private static Task<GrpcHost> StartHostAsync(SocketFolder folder, int limitBytes = LimitBytes, int? maxLaneConnections = null) =>
        GrpcHost.StartAsync(GrpcEndpoint.UnixSocket(folder.Combine("payload.sock")), h =>
        {
            h.Builder.Logging.SetMinimumLevel(LogLevel.Warning);
            h.Options.MaxLaneConnections = maxLaneConnections;
            h.Options.Grpc = grpc => (grpc.MaxReceiveMessageSize, grpc.MaxSendMessageSize) = (limitBytes, LimitBytes);
            global::PayloadWcf.Grpc.MigratedServices.AddMigratedServices(h.Services);
            h.Configure(app => global::PayloadWcf.Grpc.MigratedServices.MapMigratedServices(app));
        });

    private static ClientProxyOptions ClientOptions(bool lane) => new()
    {
        BulkLane = lane,
        ConfigureChannel = channel => (channel.MaxReceiveMessageSize, channel.MaxSendMessageSize) = (LimitBytes, LimitBytes),
    };

    private static Messages.PayloadEcho.PayloadEchoClient RawClient(GrpcHost host, out global::Grpc.Net.Client.GrpcChannel channel)
    {
        channel = EndpointChannel.Create(host.Endpoint);
        return new Messages.PayloadEcho.PayloadEchoClient(channel);
    }

    private static Messages.EchoDocumentRequest Request(ByteString content) =>
        new() { Document = new Messages.Document { Name = "forged", Content = content } };

    /// <summary>Opens a lane session as a client would and reads its token from the host's greeting.</summary>
    private static Socket ConnectLane(GrpcHost host, out Guid token)
    {
        var socket = new Socket(AddressFamily.Unix, SocketType.Stream, ProtocolType.Unspecified);
        socket.Connect(new UnixDomainSocketEndPoint(BulkLane.SocketPath(host.Endpoint.UnixSocketPath!)));
        var hello = new byte[24];
        for (var read = 0; read < hello.Length;)
        {
            read += socket.Receive(hello, read, hello.Length - read, SocketFlags.None);
        }

        Assert.Equal(1, BinaryPrimitives.ReadInt32LittleEndian(hello));
        token = new Guid(hello.AsSpan(8, 16));
        return socket;
    }

    private static ByteString Reference(Guid token, int segment, uint generation, long length)
    {
        var bytes = new byte[40];
        "MWCFLANE"u8.CopyTo(bytes);
        token.TryWriteBytes(bytes.AsSpan(8));
        BinaryPrimitives.WriteInt32LittleEndian(bytes.AsSpan(24), segment);
        BinaryPrimitives.WriteUInt32LittleEndian(bytes.AsSpan(28), generation);
        BinaryPrimitives.WriteInt64LittleEndian(bytes.AsSpan(32), length);
        return ByteString.CopyFrom(bytes);
    }

    private static byte[] Content(int size, int seed)
    {
        var content = new byte[size];
        new Random(seed).NextBytes(content);
        return content;
    }

    private static int SegmentMappings(string name = SegmentName) =>
        File.ReadAllLines("/proc/self/maps").Count(line => line.Contains(name, StringComparison.Ordinal));

    private static string LinkTarget(string path)
    {
        try
        {
            return new FileInfo(path).LinkTarget ?? "";
        }
        catch (IOException)
        {
            return "";
        }
    }

    private static async Task WaitUntilAsync(Func<bool> condition, string failure)
    {
        var deadline = Stopwatch.StartNew();
        while (!condition())
        {
            Assert.True(deadline.Elapsed < TimeSpan.FromSeconds(10), failure);
            await Task.Delay(20);
        }
    }

    /// <summary>A lane client in another process (Python): opens a session, announces sealed segments whose first 8 bytes
    /// hold <c>generation</c>, reports the session's token, and lives until it is killed.</summary>
    private sealed class LanePeer : IDisposable
    {
        private const string Script = """
            import os, socket, struct, sys, fcntl, mmap, time
            s = socket.socket(socket.AF_UNIX)
            s.connect(sys.argv[1])
            hello = s.recv(24, socket.MSG_WAITALL)
            count, capacity, generation = int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
            for segment in range(count):
                fd = os.memfd_create("lane-test-peer", os.MFD_ALLOW_SEALING)
                os.ftruncate(fd, 64 + capacity)
                with mmap.mmap(fd, 64 + capacity) as m:
                    m[0:8] = struct.pack("<q", generation)
                fcntl.fcntl(fd, fcntl.F_ADD_SEALS, fcntl.F_SEAL_SHRINK | fcntl.F_SEAL_GROW | fcntl.F_SEAL_SEAL)
                socket.send_fds(s, [struct.pack("<iiqq", 2, segment, capacity, 0)], [fd])
                os.close(fd)
            print(hello[8:24].hex(), flush=True)
            time.sleep(600)
            """;

        private readonly Process _process;

        private LanePeer(Process process, Guid token) => (_process, Token) = (process, token);

        public Guid Token { get; }

        public static async Task<LanePeer> StartAsync(GrpcHost host, int segments, long capacity, uint generation)
        {
            var start = new ProcessStartInfo("/usr/bin/python3") { RedirectStandardOutput = true };
            foreach (var argument in (string[])["-c", Script, BulkLane.SocketPath(host.Endpoint.UnixSocketPath!), $"{segments}", $"{capacity}", $"{generation}"])
            {
                start.ArgumentList.Add(argument);
            }

            var process = Process.Start(start)!;
            var line = await process.StandardOutput.ReadLineAsync();
            Assert.False(string.IsNullOrEmpty(line), "the lane peer did not start");
            return new LanePeer(process, new Guid(Convert.FromHexString(line)));
        }

        public void Dispose()
        {
            _process.Kill();
            _process.WaitForExit();
            _process.Dispose();
        }
    }
}

[CollectionDefinition(BulkLaneTests.Name, DisableParallelization = true)]
public sealed class BulkLaneCollection;
