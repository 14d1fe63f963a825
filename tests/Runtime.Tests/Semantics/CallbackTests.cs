using System.Collections.Concurrent;
using System.ServiceModel;
using Grpc.Core;
using MigrateWcf.Runtime.Tests.Semantics.Grpc;
using MigrateWcf.Runtime.Tests.Semantics.Legacy;
using MigrateWcf.Runtime.Tests.Semantics.Migrated;

namespace MigrateWcf.Runtime.Tests.Semantics;

/// <summary>Duplex and server-streaming callbacks over HTTP/2; <see cref="CallbackOnLaneTests"/> runs them on the local
/// call lane.</summary>
public class CallbackTests
{
    /// <summary>A client of the host's counter with its callback stream open when <paramref name="callback"/> is given.</summary>
    private protected virtual Task<CounterClient> NewClientAsync(SemanticsHost host, ICounterCallback? callback = null) => host.NewCounterClientAsync(callback);

    /// <summary>A call invoker to the host with no session of its own.</summary>
    private protected virtual CallInvoker NewInvoker(SemanticsHost host) => host.NewChannel().CreateCallInvoker();

    [Fact]
    public async Task Callbacks_ArriveDuringAndAfterTheOperation_InOrder_InterleavedWithCalls()
    {
        await using var host = await SemanticsHost.StartAsync(InstanceMode.PerSession, ConcurrencyMode.Multiple);
        var received = new RecordingCallback("A");
        await using var subscriber = await NewClientAsync(host, received);
        await using var publisher = await NewClientAsync(host);

        Assert.Equal(3, subscriber.Subscribe(3));
        await Eventually.TrueAsync(() => received.Progress.Count == 3, "the callbacks sent during Subscribe arrive");
        for (var value = 10; value < 15; value++)
        {
            Assert.Equal($"A:value {value}?", publisher.Publish(value));
            Assert.Equal(value - 9, subscriber.Increment(1));
        }

        Assert.Equal([1, 2, 3, 10, 11, 12, 13, 14], received.Progress);
        Assert.Equal(5, received.Questions.Count);
    }

    [Fact]
    public async Task SessionEnd_ByClose_IsObservedByTheService_AndItsCallbackProxyStopsWorking()
    {
        await using var host = await SemanticsHost.StartAsync(InstanceMode.PerSession, ConcurrencyMode.Multiple);
        var subscriber = await NewClientAsync(host, new RecordingCallback("A"));
        await using var publisher = await NewClientAsync(host);
        subscriber.Subscribe(0);
        Assert.True(host.Log.CallbackProxies.TryPeek(out var proxy));
        Assert.Equal(CommunicationState.Opened, ((ICommunicationObject)proxy).State);

        await subscriber.DisposeAsync();
        await Eventually.Within(host.Log.SessionEnded("closed").Task);
        Assert.False(host.Log.SessionEnded("faulted").Task.IsCompleted);
        Assert.Equal(CommunicationState.Closed, ((ICommunicationObject)proxy).State);
        Assert.Throws<CommunicationObjectAbortedException>(() => proxy.Progress(1));
        Assert.Equal("", publisher.Publish(1));
        await Eventually.Within(subscriber.Session.Callbacks);
    }

    [Fact]
    public async Task SessionEnd_ByAClientThatWentAway_FaultsThenClosesTheSession()
    {
        await using var host = await SemanticsHost.StartAsync(InstanceMode.PerSession, ConcurrencyMode.Multiple);
        var channel = host.NewChannel();
        var subscriber = await CounterClient.CreateAsync(channel.CreateCallInvoker(), SemanticsHost.ClientOptions(), new RecordingCallback("A"));
        subscriber.Subscribe(1);

        channel.Dispose(); // no Close: the connection just goes away
        await Eventually.Within(host.Log.SessionEnded("faulted").Task);
        await Eventually.Within(host.Log.SessionEnded("closed").Task);
        Assert.Equal(1, await Eventually.Within(host.Log.FirstDispose.Task));
    }

    [Fact]
    public async Task CallbackHandler_ThatThrows_EndsTheStream_FaultsTheSession_AndAbortsThePendingCallback()
    {
        await using var host = await SemanticsHost.StartAsync(InstanceMode.PerSession, ConcurrencyMode.Multiple);
        var subscriber = await NewClientAsync(host, new RecordingCallback("A") { FailConfirm = true });
        await using var publisher = await NewClientAsync(host);
        subscriber.Subscribe(0);

        Assert.Equal("", publisher.Publish(1)); // the two-way callback failed with CommunicationObjectAbortedException
        await Eventually.Within(host.Log.SessionEnded("faulted").Task);
        var failure = await Assert.ThrowsAsync<InvalidOperationException>(() => subscriber.Session.Callbacks);
        Assert.Equal("handler failed", failure.Message);
    }

    [Fact]
    public async Task OneWayOnlyCallbacks_OverServerStreaming_ArriveAfterTheOperationReturned()
    {
        await using var host = await SemanticsHost.StartAsync(InstanceMode.PerCall, ConcurrencyMode.Multiple);
        var ticks = new ConcurrentQueue<int>();
        var client = await TickerClient.CreateAsync(host.NewChannel().CreateCallInvoker(), SemanticsHost.ClientOptions(), new TickRecorder(ticks));

        client.Start(3);
        Assert.Empty(ticks);
        host.Log.Release("ticks").SetResult();
        await Eventually.Within(host.Log.Entered("ticks-sent").Task);
        await Eventually.TrueAsync(() => ticks.Count == 3, "the ticks arrive");
        Assert.Equal([1, 2, 3], ticks);

        await client.DisposeAsync();
        await Eventually.Within(client.Session.Callbacks);
    }

    [Fact]
    public async Task GetCallbackChannel_WithoutAnOpenCallbackStream_FailsTheOperation()
    {
        await using var host = await SemanticsHost.StartAsync(InstanceMode.PerSession, ConcurrencyMode.Multiple);
        await using var client = await NewClientAsync(host);

        Assert.Throws<FaultException>(() => client.Subscribe(1));
        Assert.Contains(host.Logs.Errors, entry => entry.Exception is InvalidOperationException);
    }

    [Fact]
    public async Task CallbackStream_WithoutTheSessionHeader_IsRefused()
    {
        await using var host = await SemanticsHost.StartAsync(InstanceMode.PerSession, ConcurrencyMode.Multiple);
        using var call = new Counter.CounterClient(NewInvoker(host)).Callbacks();

        var error = await Assert.ThrowsAsync<RpcException>(() => call.ResponseStream.MoveNext());
        Assert.Equal(StatusCode.FailedPrecondition, error.StatusCode);
    }

    [Fact]
    public async Task SecondCallbackStream_ForOneSession_IsRefused_AndTheFirstKeepsWorking()
    {
        await using var host = await SemanticsHost.StartAsync(InstanceMode.PerSession, ConcurrencyMode.Multiple);
        var received = new RecordingCallback("A");
        await using var subscriber = await NewClientAsync(host, received);
        await using var publisher = await NewClientAsync(host);

        var second = new Counter.CounterClient(subscriber.Session.CallInvoker);
        var error = await Assert.ThrowsAsync<CommunicationException>(() =>
            subscriber.Session.OpenCallbacksAsync<CounterCallback, CounterCallbackReply>(options => second.Callbacks(options), _ => Task.FromResult<CounterCallbackReply?>(null)));
        Assert.Contains("already has a Callbacks stream", error.Message);

        subscriber.Subscribe(1);
        Assert.Equal("A:value 5?", publisher.Publish(5));
    }

    private sealed class RecordingCallback(string name) : ICounterCallback
    {
        public ConcurrentQueue<int> Progress { get; } = new();

        public ConcurrentQueue<string> Questions { get; } = new();

        public bool FailConfirm { get; init; }

        void ICounterCallback.Progress(int value) => Progress.Enqueue(value);

        public string Confirm(string question)
        {
            if (FailConfirm)
            {
                throw new InvalidOperationException("handler failed");
            }

            Questions.Enqueue(question);
            return name + ":" + question;
        }
    }

    private sealed class TickRecorder(ConcurrentQueue<int> ticks) : ITickerCallback
    {
        public void Tick(int n) => ticks.Enqueue(n);
    }
}

/// <summary><see cref="CallbackTests"/> with every client on the local call lane, as generated proxies open it: the
/// Callbacks streams (duplex, and server streaming for one-way callbacks) travel as lane frames.</summary>
[System.Runtime.Versioning.SupportedOSPlatform("linux")]
public sealed class CallbackOnLaneTests : CallbackTests
{
    private protected override Task<CounterClient> NewClientAsync(SemanticsHost host, ICounterCallback? callback = null)
        => host.NewProxyCounterClientAsync(SemanticsHost.ClientOptions(), callback);

    private protected override CallInvoker NewInvoker(SemanticsHost host) => host.NewProxyInvoker(SemanticsHost.ClientOptions());
}
