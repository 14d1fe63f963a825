using System.ServiceModel;
using Microsoft.Extensions.DependencyInjection;
using MigrateWcf.Runtime.Tests.Semantics.Grpc;
using MigrateWcf.Runtime.Tests.Semantics.Legacy;

namespace MigrateWcf.Runtime.Tests.Semantics;

public sealed class InstancingTests
{
    [Fact]
    public async Task PerCall_EachCallGetsAFreshInstance_DisposedAfterTheCall()
    {
        await using var host = await SemanticsHost.StartAsync(InstanceMode.PerCall, ConcurrencyMode.Single);
        await using var client = await host.NewCounterClientAsync();

        Assert.Equal([5, 5, 5], new[] { client.Increment(5), client.Increment(5), client.Increment(5) });
        Assert.Equal(3, host.Log.InstancesCreated);
        Assert.Equal([1, 2, 3], host.Log.DisposedInstances);
    }

    [Fact]
    public async Task Single_AllCallsAndSessionsShareOneInstance_DisposedWhenTheHostStops()
    {
        await using var host = await SemanticsHost.StartAsync(InstanceMode.Single, ConcurrencyMode.Single);
        await using var first = await host.NewCounterClientAsync();
        await using var second = await host.NewCounterClientAsync();

        Assert.Equal([1, 2, 3], new[] { first.Increment(1), second.Increment(1), first.Increment(1) });
        await first.DisposeAsync();
        Assert.Equal(4, second.Increment(1));
        Assert.Equal(1, host.Log.InstancesCreated);
        Assert.Empty(host.Log.DisposedInstances);

        await host.StopAsync();
        Assert.Equal([1], host.Log.DisposedInstances);
    }

    [Fact]
    public async Task Single_OverAGivenInstance_UsesIt_AndLeavesItsDisposalToItsOwner()
    {
        var ownLog = new ServiceLog();
        var given = new CounterService(ownLog);
        await using var host = await SemanticsHost.StartAsync(services => services.AddWcfService(given, ConcurrencyMode.Single));
        await using var client = await host.NewCounterClientAsync();

        Assert.Equal([2, 4], new[] { client.Increment(2), client.Increment(2) });
        Assert.Equal(4, given.Increment(0));
        await host.StopAsync();
        Assert.Equal(0, host.Log.InstancesCreated);
        Assert.Empty(ownLog.DisposedInstances);
    }

    [Fact]
    public async Task PerSession_OneInstancePerClientProxy_DisposedWhenThatProxyCloses()
    {
        await using var host = await SemanticsHost.StartAsync(InstanceMode.PerSession, ConcurrencyMode.Single);
        var first = await host.NewCounterClientAsync();
        await using var second = await host.NewCounterClientAsync();

        Assert.Equal([1, 2, 1, 3], new[] { first.Increment(1), first.Increment(1), second.Increment(1), first.Increment(1) });
        Assert.Equal(2, host.Log.InstancesCreated);

        await first.DisposeAsync();
        Assert.Equal([1], host.Log.DisposedInstances);
        Assert.Equal(2, second.Increment(1));
        Assert.Equal([1], host.Log.DisposedInstances);
    }

    [Fact]
    public async Task PerSession_IdleSession_EndsAfterTheTimeout_AndItsInstanceIsDisposed()
    {
        await using var host = await SemanticsHost.StartAsync(InstanceMode.PerSession, ConcurrencyMode.Single,
            options => options.SessionTimeout = TimeSpan.FromMilliseconds(200));
        await using var client = await host.NewCounterClientAsync();

        Assert.Equal(1, client.Increment(1));
        Assert.Equal(1, await Eventually.Within(host.Log.FirstDispose.Task));

        // The id starts a new session (WCF would fault the proxy instead; see runtime/README.md).
        Assert.Equal(1, client.Increment(1));
        Assert.Equal(2, host.Log.InstancesCreated);
    }

    [Fact]
    public async Task PerSession_EndedWhileACallRuns_DisposesTheInstanceOnlyAfterThatCall()
    {
        await using var host = await SemanticsHost.StartAsync(InstanceMode.PerSession, ConcurrencyMode.Single);
        var client = await host.NewCounterClientAsync();
        var hold = client.HoldAsync("running");
        await Eventually.Within(host.Log.Entered("running").Task);

        await client.Session.CloseAsync();
        Assert.Empty(host.Log.DisposedInstances);

        host.Log.Release("running").SetResult();
        await Eventually.Within(hold);
        Assert.Equal(1, await Eventually.Within(host.Log.FirstDispose.Task));
    }

    [Fact]
    public async Task PerSession_CallsWithoutTheSessionHeader_AreEachTheirOwnSession()
    {
        await using var host = await SemanticsHost.StartAsync(InstanceMode.PerSession, ConcurrencyMode.Single);
        var raw = new Counter.CounterClient(host.NewChannel());

        Assert.Equal(1, raw.Increment(new IncrementRequest { By = 1 }).Result);
        Assert.Equal(1, raw.Increment(new IncrementRequest { By = 1 }).Result);
        Assert.Equal([1, 2], host.Log.DisposedInstances);
    }

    [Fact]
    public async Task OperationContext_InsideAnAsyncOperation_IsTheCallersSessionAfterAnAwait()
    {
        await using var host = await SemanticsHost.StartAsync(InstanceMode.PerCall, ConcurrencyMode.Multiple);
        await using var client = await host.NewCounterClientAsync();

        var hold = client.HoldAsync("context");
        await Eventually.Within(host.Log.Entered("context").Task);
        host.Log.Release("context").SetResult();
        await Eventually.Within(hold);

        Assert.Equal(client.Session.Id, host.Log.SessionIds["context"]);
    }

    [Fact]
    public void AServiceWithSeveralConstructors_IsMadeWithItsParameterlessOne_AsWcfMadeIt()
    {
        using var provider = new ServiceCollection().AddLogging().AddSingleton(new ServiceLog())
            .AddWcfService<TwoConstructorsService>(InstanceMode.Single, ConcurrencyMode.Single).BuildServiceProvider();

        var service = (TwoConstructorsService)provider.GetRequiredService<ServiceInvoker<TwoConstructorsService>>().SingleInstance.Service;
        Assert.Equal("parameterless", service.MadeBy);
    }

    [Fact]
    public void AServiceWithOneConstructor_TakesItsArgumentsFromTheContainer()
    {
        var log = new ServiceLog();
        using var provider = new ServiceCollection().AddLogging().AddSingleton(log)
            .AddWcfService<CounterService>(InstanceMode.Single, ConcurrencyMode.Single).BuildServiceProvider();

        _ = provider.GetRequiredService<ServiceInvoker<CounterService>>().SingleInstance;
        Assert.Equal(1, log.InstancesCreated);
    }

    /// <summary>A WCF service with a parameterless constructor (what ServiceHost calls) and one for tests.</summary>
    private sealed class TwoConstructorsService
    {
        public TwoConstructorsService()
            : this("parameterless")
        {
        }

        public TwoConstructorsService(ServiceLog log)
            : this("log " + log.GetHashCode())
        {
        }

        private TwoConstructorsService(string madeBy) => MadeBy = madeBy;

        public string MadeBy { get; }
    }
}
