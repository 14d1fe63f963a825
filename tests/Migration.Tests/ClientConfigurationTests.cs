using LegacyWcf.Contracts.Grpc;
using Microsoft.Extensions.Configuration;
using MigrateWcf.Runtime;

namespace MigrateWcf.Migration.Tests;

/// <summary>The generated factory read from configuration (MigrateWcf:Clients:&lt;name&gt;), as ChannelFactory&lt;T&gt;("name") read its endpoint.</summary>
public sealed class ClientConfigurationTests(SampleHostFixture fixture) : IClassFixture<SampleHostFixture>
{
    [Fact]
    public void FromConfiguration_calls_the_configured_endpoint_with_its_retries()
    {
        using var factory = MigratedClientFactory.FromConfiguration(Configuration(new()
        {
            ["MigrateWcf:Clients:inventory:Address"] = fixture.Host.Endpoint.ToString(),
            ["MigrateWcf:Clients:inventory:SendTimeout"] = "00:00:30",
            ["MigrateWcf:Clients:inventory:Retry:Methods:0"] = "GetRestockStatus",
        }), "inventory");

        Assert.Equal(TimeSpan.FromSeconds(30), factory.Options.SendTimeout);
        Assert.Equal(["migrate_wcf.legacy.InventoryService/GetRestockStatus"], factory.RetriedMethods);
        var inventory = factory.CreateInventoryService();
        using var _ = (IDisposable)inventory;
        Assert.NotNull(inventory.GetRestockStatus(Guid.NewGuid()));
    }

    [Fact]
    public void A_one_way_operation_in_Retry_Methods_is_refused()
    {
        var error = Assert.Throws<InvalidOperationException>(() => MigratedClientFactory.FromConfiguration(Configuration(new()
        {
            ["MigrateWcf:Clients:inventory:Address"] = fixture.Host.Endpoint.ToString(),
            ["MigrateWcf:Clients:inventory:Retry:Methods:0"] = "RequestRestock",
        }), "inventory"));
        Assert.Contains("MigrateWcf:Clients:inventory:Retry:Methods:0", error.Message);
        Assert.Contains("one-way", error.Message);
        Assert.Contains(MigratedClientFactory.Rpcs, r => r is { Method: "RequestRestock", IsOneWay: true });
    }

    private static IConfiguration Configuration(Dictionary<string, string?> values) => new ConfigurationBuilder().AddInMemoryCollection(values).Build();
}
