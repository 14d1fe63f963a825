using System.ServiceModel;
using Microsoft.Extensions.DependencyInjection;
using MigrateWcf.Runtime.Tests.Semantics.Legacy;

namespace MigrateWcf.Runtime.Tests.Semantics;

/// <summary>Overlap is observed with counters and barriers, never with timing.</summary>
public sealed class ConcurrencyTests
{
    [Theory]
    [InlineData(ConcurrencyMode.Single)]
#pragma warning disable CS0612 // Reentrant is [Obsolete] in System.ServiceModel.Primitives 10.1.0; legacy code still sets it
    [InlineData(ConcurrencyMode.Reentrant)]
#pragma warning restore CS0612
    public async Task SerializedConcurrency_OnASharedInstance_NeverRunsTwoCallsAtOnce(ConcurrencyMode concurrency)
    {
        await using var host = await SemanticsHost.StartAsync(InstanceMode.Single, concurrency);
        await using var first = await host.NewCounterClientAsync();
        await using var second = await host.NewCounterClientAsync();
        var instance = host.Services.GetRequiredService<ServiceInvoker<CounterService>>().SingleInstance;

        var a = first.HoldAsync("a");
        await Eventually.Within(host.Log.Entered("a").Task);
        var b = second.HoldAsync("b");
        await Eventually.TrueAsync(() => instance.Waiting == 1, "the second call queues for the instance");
        Assert.Equal(1, host.Log.Active);
        Assert.False(host.Log.Entered("b").Task.IsCompleted);

        host.Log.Release("a").SetResult();
        await Eventually.Within(host.Log.Entered("b").Task);
        host.Log.Release("b").SetResult();
        await Eventually.Within(Task.WhenAll(a, b));
        Assert.Equal(1, host.Log.MaxActive);
    }

    /// <summary>Multiple on a shared instance, and Single with PerCall: the classic benchmark finds no difference
    /// between PerCall Single and Multiple because Single serializes calls on one instance and PerCall gives every call
    /// its own.</summary>
    [Theory]
    [InlineData(InstanceMode.Single, ConcurrencyMode.Multiple, 1)]
    [InlineData(InstanceMode.PerCall, ConcurrencyMode.Single, 2)]
    public async Task CallsOfTwoClients_RunTogether_WhenNothingSerializesThem(InstanceMode instancing, ConcurrencyMode concurrency, int instances)
    {
        await using var host = await SemanticsHost.StartAsync(instancing, concurrency);
        await using var first = await host.NewCounterClientAsync();
        await using var second = await host.NewCounterClientAsync();

        var a = first.HoldAsync("a");
        var b = second.HoldAsync("b");
        await Eventually.Within(Task.WhenAll(host.Log.Entered("a").Task, host.Log.Entered("b").Task));
        Assert.Equal(2, host.Log.MaxActive);

        host.Log.Release("a").SetResult();
        host.Log.Release("b").SetResult();
        await Eventually.Within(Task.WhenAll(a, b));
        Assert.Equal(instances, host.Log.InstancesCreated);
    }

    [Fact]
    public async Task SingleConcurrency_PerSession_SerializesCallsOfOneSession_NotOfDifferentSessions()
    {
        await using var host = await SemanticsHost.StartAsync(InstanceMode.PerSession, ConcurrencyMode.Single);
        await using var first = await host.NewCounterClientAsync();
        await using var second = await host.NewCounterClientAsync();

        var a = first.HoldAsync("a");
        var b = second.HoldAsync("b");
        await Eventually.Within(Task.WhenAll(host.Log.Entered("a").Task, host.Log.Entered("b").Task));
        Assert.Equal(2, host.Log.MaxActive);

        var invoker = host.Services.GetRequiredService<ServiceInvoker<CounterService>>();
        var session = host.Services.GetRequiredService<WcfServiceRuntime>().FindSession(first.Session.Id)!;
        var firstInstance = session.GetInstance(invoker, () => throw new InvalidOperationException("the session has its instance"));
        var a2 = first.HoldAsync("a2");
        await Eventually.TrueAsync(() => firstInstance.Waiting == 1, "the session's second call queues for its instance");
        Assert.False(host.Log.Entered("a2").Task.IsCompleted);

        host.Log.Release("a").SetResult();
        await Eventually.Within(host.Log.Entered("a2").Task);
        host.Log.Release("a2").SetResult();
        host.Log.Release("b").SetResult();
        await Eventually.Within(Task.WhenAll(a, a2, b));
        Assert.Equal(2, host.Log.MaxActive);
    }
}
