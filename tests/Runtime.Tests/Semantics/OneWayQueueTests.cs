using System.ServiceModel;
using Grpc.Core;
using Microsoft.Extensions.DependencyInjection;
using MigrateWcf.Runtime.Tests.Semantics.Grpc;
using MigrateWcf.Runtime.Tests.Semantics.Legacy;

namespace MigrateWcf.Runtime.Tests.Semantics;

/// <summary>One-way work goes through a bounded queue per service: blocked work cannot starve the host (issue 25, item 3).</summary>
public sealed class OneWayQueueTests
{
    private const int Workers = 4;
    private const int QueueLimit = 50;

    [Fact]
    public async Task OneWay_BlockedWork_TakesWorkersPlusQueueLimitCalls_RefusesTheRestAtOnce_AndTwoWayCallsKeepAnswering()
    {
        await using var host = await SemanticsHost.StartAsync(InstanceMode.PerCall, ConcurrencyMode.Multiple, options =>
        {
            options.OneWayWorkers = Workers;
            options.OneWayQueueLimit = QueueLimit;
        });
        var counter = new Counter.CounterClient(host.NewChannel());
        var deadline = DateTime.UtcNow.AddSeconds(30); // the callers' deadline (the sample client's sendTimeout), not a measurement

        // 400 callers of a one-way operation that blocks until the gate opens, and two-way calls meanwhile.
        var oneWay = Enumerable.Range(0, 400).Select(_ => RecordAsync(counter, deadline)).ToArray();
        var twoWay = Enumerable.Range(0, 50).Select(_ => counter.IncrementAsync(new IncrementRequest { By = 1 }, deadline: deadline).ResponseAsync).ToArray();
        var statuses = await Task.WhenAll(oneWay);
        var increments = await Task.WhenAll(twoWay);

        Assert.All(increments, response => Assert.Equal(1, response.Result)); // every two-way call answered in time
        Assert.Equal(Workers + QueueLimit, statuses.Count(status => status is null));
        var refusals = statuses.OfType<Status>().ToList();
        Assert.Equal(400 - Workers - QueueLimit, refusals.Count);
        Assert.All(refusals, status =>
        {
            Assert.Equal(StatusCode.ResourceExhausted, status.StatusCode);
            Assert.Equal($"The one-way queue of CounterService is full ({QueueLimit} waiting); try again later.", status.Detail);
        });

        // The accepted work is still blocked, and a two-way call still answers.
        Assert.Empty(host.Log.Recorded);
        Assert.Equal(1, (await counter.IncrementAsync(new IncrementRequest { By = 1 }, deadline: DateTime.UtcNow.AddSeconds(30))).Result);

        host.Log.Release("record").SetResult();
        await Eventually.TrueAsync(() => host.Log.Recorded.Count == Workers + QueueLimit, "all accepted one-way work runs");
        // PerCall instances: one per two-way call and per accepted one-way call, none for a refused call.
        await Eventually.TrueAsync(() => host.Log.DisposedInstances.Count == increments.Length + 1 + Workers + QueueLimit, "the PerCall instances are disposed");

        // The queue has room again.
        Assert.Null(await RecordAsync(counter, DateTime.UtcNow.AddSeconds(30), "after"));
        await Eventually.TrueAsync(() => host.Log.Recorded.Contains("after"), "a one-way call accepted after the gate opened runs");
        Assert.Empty(host.Logs.Errors);
    }

    [Fact]
    public async Task A_services_own_worker_count_its_configured_maxConcurrentCalls_replaces_the_default()
    {
        const int ServiceWorkers = 2;
        await using var host = await SemanticsHost.StartAsync(
            services => services.AddWcfService<CounterService>(InstanceMode.PerCall, ConcurrencyMode.Multiple, oneWayWorkers: ServiceWorkers),
            options => options.OneWayQueueLimit = 3);
        var counter = new Counter.CounterClient(host.NewChannel());
        var deadline = DateTime.UtcNow.AddSeconds(30);

        var statuses = await Task.WhenAll(Enumerable.Range(0, 20).Select(_ => RecordAsync(counter, deadline)));

        // The options' 16 workers would have taken every call: the service's 2, plus 3 waiting, are all it takes.
        Assert.Equal(ServiceWorkers + 3, statuses.Count(status => status is null));
        host.Log.Release("record").SetResult();
        await Eventually.TrueAsync(() => host.Log.Recorded.Count == ServiceWorkers + 3, "the accepted one-way work runs");
        Assert.Throws<ArgumentOutOfRangeException>(() => new ServiceCollection().AddWcfService<CounterService>(InstanceMode.PerCall, ConcurrencyMode.Multiple, oneWayWorkers: 0));
    }

    [Fact]
    public void OneWayOptions_RefuseValuesThatCouldNotRunAnything()
    {
        var options = new WcfServiceOptions();
        Assert.Equal(16, options.OneWayWorkers);
        Assert.Equal(1000, options.OneWayQueueLimit);
        Assert.Throws<ArgumentOutOfRangeException>(() => options.OneWayWorkers = 0);
        Assert.Throws<ArgumentOutOfRangeException>(() => options.OneWayQueueLimit = -1);
        options.OneWayQueueLimit = 0; // no waiting: only what the workers run is accepted
        Assert.Equal(0, options.OneWayQueueLimit);
    }

    /// <summary>A one-way call; null when acknowledged, else the status it was refused with.</summary>
    private static async Task<Status?> RecordAsync(Counter.CounterClient counter, DateTime deadline, string entry = "hold")
    {
        try
        {
            await counter.RecordAsync(new RecordRequest { Entry = entry }, deadline: deadline);
            return null;
        }
        catch (RpcException e)
        {
            return e.Status;
        }
    }
}
