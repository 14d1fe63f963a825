using Google.Protobuf.WellKnownTypes;
using Grpc.Core;
using MigrateWcf.Runtime.Tests.Protos;

namespace MigrateWcf.Runtime.Tests.Client;

/// <summary>
/// A Stream parameter or result as a gRPC stream of BytesValue chunks, over a real socket: every byte arrives, in chunks
/// of at most ChunkSize, an empty stream sends no chunk, a synchronous reader gets the bytes with small buffers, and a
/// failed call reaches the reader as the exception its translator makes. Over HTTP/2 here, and on the local call lane
/// in <see cref="ByteStreamsOnLaneTests"/>; streams longer than the lane's flow-control window among them.
/// </summary>
[System.Runtime.Versioning.UnsupportedOSPlatform("windows")]
public class ByteStreamsTests : IAsyncLifetime
{
    private readonly TempDirectory _temp = new();
    private GrpcHost? _host;
    private IDisposable? _channel;
    private CallInvoker? _invoker;

    private Bytes.BytesClient Client => new(_invoker!);

    protected GrpcEndpoint Endpoint => _host!.Endpoint;

    /// <summary>The call invoker the tests call through, and what closes it.</summary>
    protected virtual (CallInvoker Invoker, IDisposable Channel) Open(GrpcEndpoint endpoint)
    {
        var channel = EndpointChannel.Create(endpoint);
        return (channel.CreateCallInvoker(), channel);
    }

    public async Task InitializeAsync()
    {
        _host = await GrpcHost.StartAsync(GrpcEndpoint.UnixSocket(_temp.Combine("bytes.sock")), h => h.MapService<BytesService>());
        (_invoker, _channel) = Open(_host.Endpoint);
    }

    public async Task DisposeAsync()
    {
        _channel?.Dispose();
        if (_host is not null)
        {
            await _host.DisposeAsync();
        }

        _temp.Dispose();
    }

    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(ByteStreams.ChunkSize)]
    [InlineData(ByteStreams.ChunkSize + 1)]
    [InlineData((3 * ByteStreams.ChunkSize) + 7)]
    [InlineData((100 * ByteStreams.ChunkSize) + 1)]
    public async Task Download_SendsEveryByte_InChunksOfAtMostChunkSize(int size)
    {
        using var call = Client.Download(new Int32Value { Value = size });
        var chunks = new List<int>();
        var received = new MemoryStream();
        await foreach (var chunk in call.ResponseStream.ReadAllAsync())
        {
            chunks.Add(chunk.Value.Length);
            chunk.Value.WriteTo(received);
        }

        Assert.Equal(Pattern(size), received.ToArray());
        Assert.Equal((size + ByteStreams.ChunkSize - 1) / ByteStreams.ChunkSize, chunks.Count);
        Assert.All(chunks, c => Assert.InRange(c, 1, ByteStreams.ChunkSize));
    }

    [Fact]
    public void ReadStream_GivesTheBytesToASynchronousReaderWithSmallBuffers()
    {
        var size = (2 * ByteStreams.ChunkSize) + 3;
        var call = Client.Download(new Int32Value { Value = size });
        using var stream = ByteStreams.ReadStream(call.ResponseStream, owner: call);
        var received = new MemoryStream();
        var buffer = new byte[1000];
        int read;
        while ((read = stream.Read(buffer, 0, buffer.Length)) > 0)
        {
            received.Write(buffer, 0, read);
        }

        Assert.Equal(Pattern(size), received.ToArray());
        Assert.Equal(size, stream.Position);
        Assert.Equal(0, stream.Read(buffer, 0, buffer.Length));
        Assert.False(stream.CanSeek || stream.CanWrite);
    }

    [Theory]
    [InlineData(0)]
    [InlineData(ByteStreams.ChunkSize - 1)]
    [InlineData((2 * ByteStreams.ChunkSize) + 1)]
    [InlineData((100 * ByteStreams.ChunkSize) + 1)]
    public async Task Upload_WritesTheStream_AndTheServerReadsItBack(int size)
    {
        using var call = Client.Upload();
        await ByteStreams.WriteAsync(new MemoryStream(Pattern(size)), call.RequestStream);
        await call.RequestStream.CompleteAsync();

        Assert.Equal(Pattern(size).Sum(b => (long)b), (await call).Value);
    }

    [Fact]
    public async Task AFailedCall_ReachesTheReader_AsTheTranslatorsException()
    {
        var call = Client.Download(new Int32Value { Value = -1 });
        using var stream = ByteStreams.ReadStream(call.ResponseStream, owner: call, translate: e => new IOException("translated: " + e.Status.Detail, e));

        var error = await Assert.ThrowsAsync<IOException>(() => stream.ReadAsync(new byte[10]).AsTask());

        Assert.Equal("translated: the size is negative", error.Message);
    }

    [Fact]
    public async Task The_service_sees_each_call_arrive_the_way_the_client_sends_it()
    {
        using (var call = Client.Download(new Int32Value { Value = 1 }))
        {
            await call.ResponseStream.MoveNext(CancellationToken.None);
        }

        // A lane call's peer is the lane socket beside the host's (LaneCallServer.SocketPath).
        Assert.Equal(OnLane, BytesService.Peers.Contains("unix:" + Endpoint.UnixSocketPath + ".calls"));
    }

    /// <summary>Whether this class's calls take the local call lane.</summary>
    protected virtual bool OnLane => false;

    private static byte[] Pattern(int size) => Enumerable.Range(0, size).Select(i => (byte)(i % 251)).ToArray();

    private sealed class BytesService : Bytes.BytesBase
    {
        /// <summary>Every call's peer: a lane call's is the lane socket, unique to each test's host.</summary>
        public static System.Collections.Concurrent.ConcurrentQueue<string> Peers { get; } = new();

        public override async Task Download(Int32Value request, IServerStreamWriter<BytesValue> responseStream, ServerCallContext context)
        {
            Peers.Enqueue(context.Peer);
            if (request.Value < 0)
            {
                throw new RpcException(new Status(StatusCode.InvalidArgument, "the size is negative"));
            }

            await ByteStreams.WriteAsync(new MemoryStream(Pattern(request.Value)), responseStream, context.CancellationToken);
        }

        public override Task<Int64Value> Upload(IAsyncStreamReader<BytesValue> requestStream, ServerCallContext context)
        {
            Peers.Enqueue(context.Peer);

            // As a WCF service reads its Stream parameter: synchronously, in its own buffer size.
            using var stream = ByteStreams.ReadStream(requestStream, context.CancellationToken);
            long total = 0;
            var buffer = new byte[777];
            int read;
            while ((read = stream.Read(buffer, 0, buffer.Length)) > 0)
            {
                total += buffer.AsSpan(0, read).ToArray().Sum(b => (long)b);
            }

            return Task.FromResult(new Int64Value { Value = total });
        }
    }
}

/// <summary><see cref="ByteStreamsTests"/> through a channel as generated proxies open it: the streams travel on the
/// host's local call lane, under its flow control.</summary>
[System.Runtime.Versioning.SupportedOSPlatform("linux")]
public sealed class ByteStreamsOnLaneTests : ByteStreamsTests
{
    protected override bool OnLane => true;

    protected override (CallInvoker Invoker, IDisposable Channel) Open(GrpcEndpoint endpoint)
    {
        var channel = ProxyChannel.Open(endpoint, new ClientProxyOptions());
        return (channel.Invoker, channel.Owned!);
    }
}
