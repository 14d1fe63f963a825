using System.Text.Json.Nodes;

namespace LegacyWcf.Tests;

/// <summary>A duplex contract: the service calls the client back over the same connection.</summary>
[Collection(LegacyServiceCollection.Name)]
public sealed class DuplexTests(LegacyServiceFixture legacy)
{
    [Fact]
    public void Subscribe_CallsBackTheCurrentLevelOfEachSku()
    {
        JsonObject duplex = legacy.Scenario("duplex");
        string[] subscribed = duplex.Arr("subscribed").Select(s => s!.GetValue<string>()).ToArray();
        Assert.Equal(subscribed.Length, duplex.Long("subscribeResult"));

        // The client's callback object runs with ConcurrencyMode.Multiple, so arrival order is not part of the contract.
        JsonObject adjusted = duplex.Obj("adjustResult");
        JsonNode?[] initial = duplex.Arr("callbacks").Where(c => !JsonNode.DeepEquals(c, adjusted)).ToArray();
        Assert.Equal(subscribed.Order(), initial.Select(c => c.Str("Sku")).Order());
        Assert.All(initial, c => Assert.Equal("StockLevel", c.Str("$type")));
    }

    [Fact]
    public void AdjustStock_CallsBackTheWatcherWithTheNewLevel()
    {
        JsonObject duplex = legacy.Scenario("duplex");
        JsonObject adjusted = duplex.Obj("adjustResult");
        Assert.Contains(duplex.Arr("callbacks"), c => JsonNode.DeepEquals(c, adjusted));
    }
}
