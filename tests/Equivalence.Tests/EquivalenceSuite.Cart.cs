using LegacyWcf.Contracts;

namespace MigrateWcf.Equivalence.Tests;

/// <summary><see cref="IShoppingCart"/>: PerSession state lives as long as the client's session, one instance per session.</summary>
public abstract partial class EquivalenceSuite
{
    [Fact]
    public void ShoppingCart_KeepsItsStatePerSession()
    {
        IShoppingCart first = Fresh(CreateShoppingCart());
        IShoppingCart second = Fresh(CreateShoppingCart());
        var wine = new OrderLine { Sku = "SKU-1001", Quantity = 2, UnitPrice = 19.990m, DiscountPercent = null };
        var bread = new OrderLine { Sku = "SKU-2001", Quantity = 1, UnitPrice = 0.10m, DiscountPercent = 5 };
        var cheese = new OrderLine { Sku = "SKU-1002", Quantity = 3, UnitPrice = 4.5m, DiscountPercent = 0 };

        CartSummary empty = second.GetSummary();
        Assert.Equal(1, first.AddLine(wine));
        Assert.Equal(1, second.AddLine(cheese));
        Assert.Equal(2, first.AddLine(bread));
        CartSummary firstSummary = first.GetSummary();
        CartSummary secondSummary = second.GetSummary();

        // A new session starts with an empty (not null) cart.
        Assert.NotNull(empty.Lines);
        Assert.Empty(empty.Lines);
        AssertExact(0m, empty.Subtotal, "empty subtotal");
        Assert.Equal(1, empty.Instance.CallsOnInstance);

        // 2 × 19.990 × 1.00 + 1 × 0.10 × 0.95.
        AssertLines([wine, bread], firstSummary.Lines);
        AssertExact(40.07500m, firstSummary.Subtotal, "first subtotal");
        Assert.Equal("PerSession", firstSummary.Instance.InstanceMode);
        Assert.Equal(3, firstSummary.Instance.CallsOnInstance);

        AssertLines([cheese], secondSummary.Lines);
        AssertExact(13.500m, secondSummary.Subtotal, "second subtotal");
        Assert.Equal(3, secondSummary.Instance.CallsOnInstance);
        Assert.Equal(empty.Instance.InstanceId, secondSummary.Instance.InstanceId);
        Assert.NotEqual(firstSummary.Instance.InstanceId, secondSummary.Instance.InstanceId);
    }
}
