using Google.Protobuf;

namespace MigrateWcf.Runtime.Tests.Semantics;

/// <summary>The call lane's flow control (issue 30; bytes since issue 44): a stream's reader holds at most a window of
/// unread messages and of unread bytes, and grants its sender credit as it reads; a sender that goes past its credit,
/// or is granted more than it sent, broke the protocol.</summary>
public sealed class LaneFlowTests
{
    [Fact]
    public async Task A_reader_grants_credit_as_it_reads_and_refuses_a_message_past_the_window()
    {
        var grants = new List<int>();
        var inbound = new LaneInbound(grants.Add);
        for (var i = 0; i < LaneFlow.Window; i++)
        {
            inbound.Add(ByteString.CopyFrom((byte)i));
        }

        Assert.Throws<InvalidDataException>(() => inbound.Add(ByteString.CopyFrom(0xFF)));

        var read = new List<byte>();
        for (var i = 0; i < LaneFlow.GrantEvery; i++)
        {
            read.Add((await inbound.ReadAsync(CancellationToken.None))![0]);
        }

        Assert.Equal([LaneFlow.GrantEvery], grants);
        Assert.Equal(Enumerable.Range(0, LaneFlow.GrantEvery).Select(i => (byte)i), read);
    }

    [Fact]
    public async Task A_completed_stream_reads_its_last_messages_then_null()
    {
        var inbound = new LaneInbound(_ => { });
        inbound.Add(ByteString.CopyFromUtf8("last"));
        inbound.Complete();

        Assert.Equal("last", (await inbound.ReadAsync(CancellationToken.None))!.ToStringUtf8());
        Assert.Null(await inbound.ReadAsync(CancellationToken.None));
    }

    [Fact]
    public async Task A_sender_waits_once_its_window_is_spent_until_the_reader_grants_more()
    {
        using var outbound = new LaneOutbound();
        for (var i = 0; i < LaneFlow.Window; i++)
        {
            Assert.True(outbound.WaitAsync(1, CancellationToken.None).IsCompletedSuccessfully);
        }

        var next = outbound.WaitAsync(1, CancellationToken.None);
        Assert.False(next.IsCompleted);

        outbound.Grant(1);
        await Eventually.Within(next);
    }

    [Theory]
    [InlineData(0u, 0)]
    [InlineData(LaneFlow.Window + 1u, 0)]
    [InlineData(2u, 1)]
    public async Task A_grant_of_nothing_or_of_more_than_was_sent_is_refused(uint granted, int sent)
    {
        using var outbound = new LaneOutbound();
        for (var i = 0; i < sent; i++)
        {
            await outbound.WaitAsync(1, CancellationToken.None);
        }

        Assert.Throws<InvalidDataException>(() => outbound.Grant(granted));
    }

    [Fact]
    public async Task A_reader_refuses_a_message_sent_with_a_window_of_bytes_unread_and_grants_as_it_reads_bytes()
    {
        var grants = new List<int>();
        var inbound = new LaneInbound(grants.Add);
        inbound.Add(ByteString.CopyFrom(new byte[LaneFlow.WindowBytes - 1]));
        // Less than the window was unread when it was sent: allowed, however large it is.
        inbound.Add(ByteString.CopyFrom(new byte[LaneFlow.WindowBytes]));

        Assert.Throws<InvalidDataException>(() => inbound.Add(ByteString.CopyFrom(new byte[1])));

        await inbound.ReadAsync(CancellationToken.None);
        Assert.Equal([1], grants);
    }

    [Fact]
    public async Task A_sender_waits_once_a_window_of_bytes_is_unread_and_goes_on_when_the_reader_grants_them()
    {
        using var outbound = new LaneOutbound();
        Assert.True(outbound.WaitAsync(LaneFlow.WindowBytes / 2, CancellationToken.None).IsCompletedSuccessfully);
        Assert.True(outbound.WaitAsync(LaneFlow.WindowBytes / 2, CancellationToken.None).IsCompletedSuccessfully);

        var next = outbound.WaitAsync(1, CancellationToken.None);
        Assert.False(next.IsCompleted);

        outbound.Grant(1);
        await Eventually.Within(next);
    }

    [Fact]
    public async Task A_cancelled_wait_counts_nothing_as_sent()
    {
        using var outbound = new LaneOutbound();
        for (var i = 0; i < LaneFlow.Window; i++)
        {
            await outbound.WaitAsync(1, CancellationToken.None);
        }

        using var cancel = new CancellationTokenSource();
        var cancelled = outbound.WaitAsync(1, cancel.Token);
        cancel.Cancel();
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => cancelled);

        // The whole window granted back: a full window may be sent again, and not one more.
        outbound.Grant(LaneFlow.Window);
        for (var i = 0; i < LaneFlow.Window; i++)
        {
            Assert.True(outbound.WaitAsync(1, CancellationToken.None).IsCompletedSuccessfully);
        }

        Assert.False(outbound.WaitAsync(1, CancellationToken.None).IsCompleted);
    }
}
