using System.Text.Json.Nodes;

namespace LegacyWcf.Tests;

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
