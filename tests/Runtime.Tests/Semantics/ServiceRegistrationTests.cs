using System.ServiceModel;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Options;
using MigrateWcf.Runtime.Tests.Semantics.Legacy;

namespace MigrateWcf.Runtime.Tests.Semantics;

/// <summary>The DI extensions, registered as grpc-dotnet registers AddGrpc: repeated calls add nothing twice, and the
/// options are ordinary options.</summary>
public sealed class ServiceRegistrationTests
{
    [Fact]
    public void AddWcfService_TwiceForOneService_RegistersOneInvoker()
    {
        var services = new ServiceCollection().AddLogging().AddSingleton(new ServiceLog())
            .AddWcfService<CounterService>(InstanceMode.PerCall, ConcurrencyMode.Multiple)
            .AddWcfService<CounterService>(InstanceMode.Single, ConcurrencyMode.Single);

        Assert.Single(services, d => d.ServiceType == typeof(ServiceInvoker<CounterService>));
        using var provider = services.BuildServiceProvider();
        Assert.Single(provider.GetServices<ServiceInvoker<CounterService>>());
    }

    [Fact]
    public void AddWcfService_OfAnInstanceTwice_RegistersOneInvoker()
    {
        var log = new ServiceLog();
        var services = new ServiceCollection().AddLogging()
            .AddWcfService(new CounterService(log), ConcurrencyMode.Single)
            .AddWcfService(new CounterService(log), ConcurrencyMode.Multiple);

        Assert.Single(services, d => d.ServiceType == typeof(ServiceInvoker<CounterService>));
    }

    [Fact]
    public void AddWcfSemantics_Twice_RegistersOneRuntimeAndOneHostedService()
    {
        var services = new ServiceCollection().AddLogging().AddWcfSemantics().AddWcfSemantics();

        Assert.Single(services, d => d.ServiceType == typeof(WcfServiceRuntime));
        using var provider = services.BuildServiceProvider();
        Assert.Single(provider.GetServices<IHostedService>(), s => s is WcfServiceRuntime);
    }

    [Fact]
    public void WcfServiceOptions_AreBoundFromAConfigurationSection()
    {
        var configuration = new ConfigurationBuilder().AddInMemoryCollection(new Dictionary<string, string?>
        {
            ["Wcf:SessionTimeout"] = "00:02:30",
            ["Wcf:CallbackTimeout"] = "00:00:05",
            ["Wcf:OneWayWorkers"] = "4",
        }).Build();
        var services = new ServiceCollection().AddLogging().AddWcfSemantics();
        services.Configure<WcfServiceOptions>(configuration.GetSection("Wcf"));

        using var provider = services.BuildServiceProvider();
        var options = provider.GetRequiredService<IOptions<WcfServiceOptions>>().Value;
        Assert.Equal(TimeSpan.FromSeconds(150), options.SessionTimeout);
        Assert.Equal(TimeSpan.FromSeconds(5), options.CallbackTimeout);
        Assert.Equal(4, options.OneWayWorkers);
        Assert.Same(options, provider.GetRequiredService<WcfServiceRuntime>().Options);
    }
}
