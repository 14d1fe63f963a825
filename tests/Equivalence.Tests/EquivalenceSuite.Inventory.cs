using LegacyWcf.Contracts;

namespace MigrateWcf.Equivalence.Tests;

/// <summary><see cref="IInventoryService"/>: the one-way restock, its status, a dictionary result.</summary>
public abstract partial class EquivalenceSuite
{
    [Fact]
    public void RequestRestock_ReturnsBeforeTheWorkEnds_AndTheWorkCompletes()
    {
        // The one-way call goes over a client of its own and its progress is read over the shared one: a sessionful
        // channel may hold the next call on the same session until the one-way work is dispatched (Mono does).
        IInventoryService status = SharedInventory;
        IInventoryService requester = Fresh(CreateInventoryService());
        string sku = SampleValues.NewSku("restock");
        var requestId = Guid.NewGuid();

        requester.RequestRestock(requestId, sku, 5);
        DateTime returnedAt = DateTime.UtcNow;

        RestockStatus? done = null;
        WaitUntil(() => (done = status.GetRestockStatus(requestId)).State == "Completed", () => $"restock still {done?.State}");

        // The service stamps the end of the work after it slept inside the call; the caller was back before that.
        Assert.Equal(requestId, done!.RequestId);
        Assert.NotNull(done.StartedAt);
        Assert.NotNull(done.CompletedAt);
        Assert.Equal(DateTimeKind.Utc, done.CompletedAt!.Value.Kind);
        Assert.True(returnedAt < done.CompletedAt.Value, $"the one-way call returned at {returnedAt:O}, after the work ended at {done.CompletedAt:O}");
        Assert.True(done.StartedAt <= done.CompletedAt);
        Assert.Equal(sku, done.Result.Sku);
        Assert.Equal(5, done.Result.OnHand);
        Assert.Equal(0, done.Result.Reserved);

        // The restocked SKU is now in the stock book.
        Assert.Equal(5, status.GetStockLevels([sku])[sku].OnHand);
    }

    [Fact]
    public void GetRestockStatus_UnknownRequest_SaysUnknownWithNullMembers()
    {
        var requestId = Guid.NewGuid();

        RestockStatus unknown = SharedInventory.GetRestockStatus(requestId);

        Assert.Equal(requestId, unknown.RequestId);
        Assert.Equal("Unknown", unknown.State);
        Assert.Null(unknown.StartedAt);
        Assert.Null(unknown.CompletedAt);
        Assert.Null(unknown.Result);
    }

    [Fact]
    public void GetStockLevels_ReturnsTheKnownSkusKeyedBySku()
    {
        Dictionary<string, StockLevel> levels = SharedInventory.GetStockLevels(["SKU-1001", "SKU-2001", "NO-SUCH-SKU", "SKU-1002"]);

        Assert.Equal(["SKU-1001", "SKU-1002", "SKU-2001"], levels.Keys.Order(StringComparer.Ordinal));
        StockLevel first = levels["SKU-1001"];
        Assert.Equal("SKU-1001", first.Sku);
        Assert.Equal(40, first.OnHand);
        Assert.Equal(2, first.Reserved);
        AssertExact(new DateTime(2024, 1, 2, 8, 0, 0, DateTimeKind.Utc), first.ChangedAt, "changed at");
        Assert.Equal(7, levels["SKU-1002"].OnHand);
        Assert.Equal(0, levels["SKU-2001"].OnHand);
    }

    [Fact]
    public void GetStockLevels_EmptyOrNullList_ReturnsAnEmptyDictionary()
    {
        Dictionary<string, StockLevel> fromEmpty = SharedInventory.GetStockLevels([]);
        Dictionary<string, StockLevel> fromNull = SharedInventory.GetStockLevels(null!);

        Assert.NotNull(fromEmpty);
        Assert.Empty(fromEmpty);
        Assert.NotNull(fromNull);
        Assert.Empty(fromNull);
    }
}
