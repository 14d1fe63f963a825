using System.ServiceModel;

namespace MigrateWcf.Runtime.Tests.Semantics;

public sealed class DeadlineAndOneWayTests
{
    [Fact]
    public async Task Deadline_CancelsTheImplementationsToken_AndTheCallerGetsTimeoutException()
    {
        await using var host = await SemanticsHost.StartAsync(InstanceMode.PerCall, ConcurrencyMode.Multiple);
        await using var client = await host.NewCounterClientAsync(sendTimeout: TimeSpan.FromMilliseconds(200));

        await Assert.ThrowsAsync<TimeoutException>(client.WaitAsync);
        await Eventually.Within(host.Log.WaitCancelled.Task);
    }

    [Theory]
    [InlineData(-1)]
    [InlineData(long.MaxValue)]
    public async Task InfiniteSendTimeout_SetsNoDeadline(long ticks)
    {
        await using var host = await SemanticsHost.StartAsync(InstanceMode.PerCall, ConcurrencyMode.Multiple);
        var timeout = ticks == -1 ? Timeout.InfiniteTimeSpan : TimeSpan.FromTicks(ticks);
        await using var client = await host.NewCounterClientAsync(sendTimeout: timeout);

        Assert.Equal(1, client.Increment(1));
    }

    [Fact]
    public async Task OneWay_ReturnsBeforeTheWorkEnds_AndTheWorkStillRuns()
    {
        await using var host = await SemanticsHost.StartAsync(InstanceMode.PerCall, ConcurrencyMode.Single);
        await using var client = await host.NewCounterClientAsync();

        client.Record("hold");
        Assert.Equal("hold", await Eventually.Within(host.Log.RecordStarted.Task));
        Assert.Empty(host.Log.Recorded);

        host.Log.Release("record").SetResult();
        await Eventually.TrueAsync(() => host.Log.Recorded.Contains("hold"), "the one-way work finishes");
        await Eventually.TrueAsync(() => host.Log.DisposedInstances.Count == 1, "the PerCall instance is disposed after the work");
    }

    [Fact]
    public async Task OneWay_CallsOfASerializedSession_RunInArrivalOrder()
    {
        await using var host = await SemanticsHost.StartAsync(InstanceMode.PerSession, ConcurrencyMode.Single);
        await using var client = await host.NewCounterClientAsync();

        client.Record("hold");
        await Eventually.Within(host.Log.RecordStarted.Task);
        foreach (var entry in new[] { "a", "b", "c", "d" })
        {
            client.Record(entry);
        }

        host.Log.Release("record").SetResult();
        await Eventually.TrueAsync(() => host.Log.Recorded.Count == 5, "all one-way calls run");
        Assert.Equal(["hold", "a", "b", "c", "d"], host.Log.Recorded);
    }

    [Fact]
    public async Task OneWay_Failure_IsLoggedOnTheServer_NotReturnedToTheCaller()
    {
        await using var host = await SemanticsHost.StartAsync(InstanceMode.PerCall, ConcurrencyMode.Single);
        await using var client = await host.NewCounterClientAsync();

        client.Record("throw");
        await Eventually.TrueAsync(() => host.Logs.Errors.Any(entry => entry.Exception?.Message == "one-way failure"), "the failure is logged");
        Assert.Equal(1, client.Increment(1));
    }

    [Fact]
    public async Task OneWay_Work_IsCancelledAndAwaitedWhenTheHostStops()
    {
        await using var host = await SemanticsHost.StartAsync(InstanceMode.PerCall, ConcurrencyMode.Single);
        await using var client = await host.NewCounterClientAsync();

        client.Record("until-stop");
        await Eventually.Within(host.Log.RecordStarted.Task);
        await host.StopAsync();
        Assert.Equal(["stopped"], host.Log.Recorded);
    }
}
