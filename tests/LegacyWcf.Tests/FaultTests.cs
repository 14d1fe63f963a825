using System.Text.Json.Nodes;

namespace LegacyWcf.Tests;

/// <summary>A [FaultContract] operation: FaultException&lt;OrderFault&gt; arrives typed, with its detail, and the channel survives.</summary>
[Collection(LegacyServiceCollection.Name)]
public sealed class FaultTests(LegacyServiceFixture legacy)
{
    private JsonArray Attempts => legacy.Scenario("fault").Arr("attempts");

    [Fact]
    public void CancelOrder_OfAPlacedOrder_ReturnsItCancelled()
    {
        JsonNode first = Attempts[0]!;
        Assert.Equal("returned", first.Str("outcome"));
        Assert.Equal("Cancelled", first.Obj("returned").Str("Status"));
        Assert.Equal(first.Str("reason"), first.Obj("returned").Obj("Attributes").Str("cancelReason"));
    }

    [Fact]
    public void CancelOrder_Twice_ThrowsTypedFaultWithDetail()
    {
        JsonNode second = Attempts[1]!;
        Assert.Equal("fault", second.Str("outcome"));
        Assert.Equal("FaultException<OrderFault>", second.Str("exceptionType"));
        JsonObject detail = second.Obj("detail");
        Assert.Equal("OrderFault", detail.Str("$type"));
        Assert.Equal("AlreadyCancelled", detail.Str("Code"));
        Assert.Equal(second.Str("orderId"), detail.Str("OrderId"));
        Assert.Equal("Cancelled", detail.Str("CurrentStatus"));
        Assert.Equal("Utc", detail.Obj("OccurredAt").Str("kind"));
        Assert.Equal("AlreadyCancelled", second.Str("faultCode"));
        Assert.Contains("is Cancelled", second.Str("faultReason"));
    }

    [Fact]
    public void CancelOrder_OfAnUnknownOrder_ThrowsTypedFaultWithNullStatus()
    {
        JsonNode third = Attempts[2]!;
        Assert.Equal("FaultException<OrderFault>", third.Str("exceptionType"));
        Assert.Equal("OrderNotFound", third.Obj("detail").Str("Code"));
        Assert.Equal(third.Str("orderId"), third.Obj("detail").Str("OrderId"));
        Assert.True(third.Obj("detail").IsNull("CurrentStatus"));
    }

    [Fact]
    public void DeclaredFault_LeavesTheChannelUsable()
    {
        JsonObject fault = legacy.Scenario("fault");
        Assert.Equal("Opened", fault.Str("channelState"));
        Assert.Equal("Cancelled", fault.Obj("orderAfter").Str("Status"));
    }
}

/// <summary>An IsOneWay operation: the client returns while the service is still doing the work.</summary>
[Collection(LegacyServiceCollection.Name)]
public sealed class OneWayTests(LegacyServiceFixture legacy)
{
    [Fact]
    public void RequestRestock_ReturnsBeforeTheServiceFinishesTheWork()
    {
        JsonObject oneWay = legacy.Scenario("oneway");
        JsonObject final = oneWay.Obj("finalStatus");
        Assert.Equal("Completed", final.Str("State"));

        // Both clocks are the same machine's UTC clock: the call was back in the client before the work ended.
        long returnedAt = oneWay.Obj("callReturnedAt").Long("ticks");
        long completedAt = final.Obj("CompletedAt").Long("ticks");
        Assert.True(returnedAt < completedAt, $"the one-way call returned at {returnedAt}, after the work completed at {completedAt}");

        // And the first query after the call saw the work unfinished.
        string stateRightAfter = oneWay.Obj("statusRightAfter").Str("State");
        Assert.Contains(stateRightAfter, new[] { "Unknown", "Running" });
        Assert.True(oneWay.Long("polls") > 1);
    }

    [Fact]
    public void RequestRestock_WorkIsDoneEventually()
    {
        JsonObject oneWay = legacy.Scenario("oneway");
        JsonObject result = oneWay.Obj("finalStatus").Obj("Result");
        Assert.Equal("SKU-2001", result.Str("Sku"));
        Assert.Equal(oneWay.Str("requestId"), oneWay.Obj("finalStatus").Str("RequestId"));
        Assert.True(result.Long("OnHand") >= 25);
    }
}

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
