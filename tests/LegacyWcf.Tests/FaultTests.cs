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
