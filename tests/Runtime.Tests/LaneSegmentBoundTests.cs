using System.Net.Sockets;
using Google.Protobuf;

namespace MigrateWcf.Runtime.Tests;

/// <summary>
/// The bulk lane's per-session bound on segments (issue 44, item 5), between two real lane ends on a Unix socket: a
/// writer keeps to the bound its peer enforces (a value past it is not moved, so its call sends it as plain bytes), a
/// pool of idle segments gives way to a value that needs a new one, and the session stays open throughout.
/// </summary>
[System.Runtime.Versioning.SupportedOSPlatform("linux")]
public sealed class LaneSegmentBoundTests
{
    private const int ValueBytes = 64 * 1024;

    [Fact]
    public async Task A_writer_at_its_sessions_segment_bound_moves_no_more_values_and_its_peer_keeps_the_session()
    {
        using var lane = await LanePair.OpenAsync();
        var written = Enumerable.Range(0, LaneLimits.MaxSegmentsPerSession).Select(i => lane.Writer.Outbox.Write(Value(i))).ToList();

        Assert.Throws<IOException>(() => lane.Writer.Outbox.Write(Value(-1)));

        // The peer mapped every one of them and reads any; a value read gives its segment back, for the next value.
        Assert.Equal(Value(LaneLimits.MaxSegmentsPerSession - 1), ByteString.CopyFrom(lane.Reader.Read(written[^1].ToByteString())));
        await Eventually.TrueAsync(() => TryWrite(lane.Writer, Value(7)), "a segment given back by the peer's read");
        Assert.True(lane.Writer.IsOpen && lane.Reader.IsOpen);
    }

    [Fact]
    public async Task Idle_segments_give_way_at_the_bound_to_a_value_that_needs_a_larger_one()
    {
        using var lane = await LanePair.OpenAsync();
        foreach (var reference in Enumerable.Range(0, LaneLimits.MaxSegmentsPerSession).Select(i => lane.Writer.Outbox.Write(Value(i))).ToList())
        {
            lane.Writer.Outbox.Free(reference.Segment, reference.Generation);
        }

        // Every segment is free and pooled, none large enough: one is dropped to make room for a new one.
        var large = ByteString.CopyFrom(new byte[2 * ValueBytes]);
        var moved = lane.Writer.Outbox.Write(large);

        Assert.Equal(large, ByteString.CopyFrom(lane.Reader.Read(moved.ToByteString())));
        Assert.True(lane.Writer.IsOpen && lane.Reader.IsOpen);
    }

    private static ByteString Value(int seed)
    {
        var bytes = new byte[ValueBytes];
        new Random(seed).NextBytes(bytes);
        return ByteString.CopyFrom(bytes);
    }

    private static bool TryWrite(LaneConnection writer, ByteString value)
    {
        try
        {
            writer.Outbox.Write(value);
            return true;
        }
        catch (IOException)
        {
            return false;
        }
    }

    /// <summary>Two ends of one lane session on a connected Unix socket, both reading their frames.</summary>
    private sealed class LanePair : IDisposable
    {
        private readonly TempDirectory _directory;

        private LanePair(TempDirectory directory, LaneConnection writer, LaneConnection reader) => (_directory, Writer, Reader) = (directory, writer, reader);

        public LaneConnection Writer { get; }

        public LaneConnection Reader { get; }

        public static async Task<LanePair> OpenAsync()
        {
            var directory = new TempDirectory();
            using var listener = new Socket(AddressFamily.Unix, SocketType.Stream, ProtocolType.Unspecified);
            listener.Bind(new UnixDomainSocketEndPoint(directory.Combine("lane")));
            listener.Listen(1);
            var connecting = new Socket(AddressFamily.Unix, SocketType.Stream, ProtocolType.Unspecified);
            await connecting.ConnectAsync(new UnixDomainSocketEndPoint(directory.Combine("lane")));
            var accepted = await listener.AcceptAsync();
            var token = Guid.NewGuid();
            var pair = new LanePair(directory, new LaneConnection(LaneTransport.Of(connecting, "writer"), token, host: false, TimeSpan.FromMinutes(1)), new LaneConnection(LaneTransport.Of(accepted, "reader"), token, host: true, TimeSpan.FromMinutes(1)));
            pair.Writer.Start();
            pair.Reader.Start();
            return pair;
        }

        public void Dispose()
        {
            Writer.Dispose();
            Reader.Dispose();
            _directory.Dispose();
        }
    }
}
