using System.Text.Json.Nodes;

namespace LegacyWcf.Tests;

/// <summary>PerCall, PerSession and Single instancing, observed through the instance id and call count each call reports.</summary>
[Collection(LegacyServiceCollection.Name)]
public sealed class InstancingTests(LegacyServiceFixture legacy)
{
    private JsonObject Instancing => legacy.Scenario("instancing");

    [Fact]
    public void PerCall_EveryCallGetsAFreshInstance()
    {
        JsonArray calls = Instancing.Arr("perCall");
        Assert.Equal(3, calls.Count);
        Assert.Equal(calls.Count, calls.Select(c => c.Str("InstanceId")).Distinct().Count());
        Assert.All(calls, c => Assert.Equal(1, c.Long("CallsOnInstance")));
        Assert.All(calls, c => Assert.Equal("PerCall", c.Str("InstanceMode")));
    }

    [Fact]
    public void PerSession_EachConnectionKeepsItsOwnInstanceAndState()
    {
        JsonObject session = Instancing.Obj("perSession");
        Assert.Equal([1, 2], session.Arr("addLineResultsA").Select(n => n!.GetValue<int>()));
        Assert.Equal([1], session.Arr("addLineResultsB").Select(n => n!.GetValue<int>()));
        Assert.Equal(2, session.Obj("summaryA").Arr("Lines").Count);
        Assert.Single(session.Obj("summaryB").Arr("Lines"));

        JsonObject a = session.Obj("summaryA").Obj("Instance");
        JsonObject aAgain = session.Obj("summaryAAgain").Obj("Instance");
        JsonObject b = session.Obj("summaryB").Obj("Instance");
        Assert.Equal("PerSession", a.Str("InstanceMode"));
        Assert.Equal(a.Str("InstanceId"), aAgain.Str("InstanceId"));
        Assert.NotEqual(a.Str("InstanceId"), b.Str("InstanceId"));
        Assert.Equal(a.Long("CallsOnInstance") + 1, aAgain.Long("CallsOnInstance"));
    }

    [Fact]
    public void PerSession_SubtotalIsComputedFromTheSessionsLines()
    {
        JsonObject summary = Instancing.Obj("perSession").Obj("summaryA");
        decimal expected = 0m;
        foreach (JsonNode? line in summary.Arr("Lines"))
        {
            int discount = line!["DiscountPercent"]?.GetValue<int>() ?? 0;
            expected += line.Long("Quantity") * line.Dec("UnitPrice") * (1.00m - (discount * 0.01m));
        }

        Assert.Equal(expected.Text(), summary.Str("Subtotal"));
    }

    [Fact]
    public void Single_OneInstanceServesEveryConnection_AndItsCounterAdvances()
    {
        JsonArray calls = Instancing.Arr("single");
        var instances = calls.Select(c => c!["Instance"] ?? c).ToList();
        Assert.Single(instances.Select(i => i.Str("InstanceId")).Distinct());
        Assert.All(instances, i => Assert.Equal("Single", i.Str("InstanceMode")));
        long[] counts = instances.Select(i => i.Long("CallsOnInstance")).ToArray();
        Assert.Equal(counts.OrderBy(c => c).Distinct(), counts);

        long[] numbers = calls.Where(c => c!["Number"] is not null).Select(c => c.Long("Number")).ToArray();
        Assert.Equal(2, numbers.Length);
        Assert.Equal(numbers[0] + 1, numbers[1]);
    }
}
