using System.ServiceModel;
using LegacyWcf.Contracts;

namespace MigrateWcf.Equivalence.Tests;

/// <summary><see cref="IOrderService"/>: data contract round trips, decimal arithmetic, typed and untyped faults, PerCall.</summary>
public abstract partial class EquivalenceSuite
{
    [Fact]
    public void PlaceOrder_FullOrder_ComesBackExactly_WithTheComputedTotal()
    {
        Order sent = SampleValues.FullOrder();

        Order placed = SharedOrders.PlaceOrder(sent);

        // Held is "OnHold" on the wire ([EnumMember(Value = ...)]) and must come back as Held.
        AssertOrder(sent, placed, expectedStatus: OrderStatus.Held, expectedTotal: SampleValues.FullOrderTotal);
        Assert.Equal(11, placed.Total.Scale);
    }

    [Fact]
    public void GetOrder_ReturnsThePlacedOrderExactly()
    {
        Order sent = SampleValues.FullOrder();
        SharedOrders.PlaceOrder(sent);

        Order stored = SharedOrders.GetOrder(sent.Id);

        AssertOrder(sent, stored, expectedStatus: OrderStatus.Held, expectedTotal: SampleValues.FullOrderTotal);
    }

    [Fact]
    public void PlaceOrder_SparseOrder_KeepsNullsEmptiesAndDefaults()
    {
        Order sent = SampleValues.SparseOrder();

        Order placed = SharedOrders.PlaceOrder(sent);

        // Draft is submitted; no lines make a total of plain 0.
        AssertOrder(sent, placed, expectedStatus: OrderStatus.Submitted, expectedTotal: 0m);
        Assert.Equal(Guid.Empty, placed.Customer.Id);
        Assert.Equal(string.Empty, placed.Customer.Name);
        Assert.NotNull(placed.Lines);
        Assert.Empty(placed.Lines);
        Assert.Null(placed.Attributes);
        Assert.NotNull(placed.Allocations);
        Assert.Empty(placed.Allocations);
        Assert.Null(placed.Notes);
    }

    [Fact]
    public void GetOrder_UnknownId_ReturnsNull()
    {
        Assert.Null(SharedOrders.GetOrder(Guid.NewGuid()));
        Assert.Null(SharedOrders.GetOrder(Guid.Empty));
    }

    [Fact]
    public void GetQuote_EchoesTheDateTimeOfEveryKind_ToTheTick()
    {
        DateTime[] priceDates =
        [
            new DateTime(2024, 6, 1, 12, 0, 0, DateTimeKind.Utc).AddTicks(1),
            new DateTime(2024, 6, 1, 8, 15, 30, DateTimeKind.Local).AddTicks(77),
            new DateTime(2024, 6, 1, 8, 15, 30, DateTimeKind.Unspecified).AddTicks(9999999),
            DateTime.MinValue,
            DateTime.MaxValue,
        ];

        foreach (DateTime priceDate in priceDates)
        {
            Quote quote = SharedOrders.GetQuote("SKU-1001", 1, 1m, null, CustomerTier.Standard, priceDate);
            AssertExact(priceDate, quote.PriceDate, $"price date sent as {priceDate:O} ({priceDate.Kind})");
        }
    }

    [Fact]
    public void GetQuote_EchoesDecimalsWithTheirScale_FromMinValueToMaxValue()
    {
        decimal[] unitPrices = [1.0m, 1.00m, 0.00m, 19.990m, SampleValues.FullOrderTotal, decimal.MaxValue, decimal.MinValue, -0.5m];

        foreach (decimal unitPrice in unitPrices)
        {
            Quote quote = SharedOrders.GetQuote("SKU-1001", 1, unitPrice, null, CustomerTier.Standard, DateTime.MinValue);
            AssertExact(unitPrice, quote.UnitPrice, "unit price");
        }
    }

    [Fact]
    public void GetQuote_ComputesTheTotalWithDecimalArithmetic_AndEchoesEveryArgument()
    {
        // 4 × 19.990 × 1.00 (Standard) × 1.00 (no discount): the scale grows with each factor.
        Quote plain = SharedOrders.GetQuote("SKU-1001", 4, 19.990m, null, CustomerTier.Standard, new DateTime(2024, 6, 1, 12, 0, 0, DateTimeKind.Utc));
        Assert.Equal("SKU-1001", plain.Sku);
        Assert.Equal(4, plain.Quantity);
        Assert.Null(plain.DiscountPercent);
        Assert.Equal(CustomerTier.Standard, plain.Tier);
        AssertExact(79.9600000m, plain.Total, "plain total");
        Assert.NotEqual(Guid.Empty, plain.QuoteId);

        // 7 × 2.5 × 0.90 (Gold) × 0.90 (10 % off).
        Quote discounted = SharedOrders.GetQuote("SKU-1002", 7, 2.5m, 10, CustomerTier.Gold, new DateTime(2024, 6, 1, 8, 15, 30, DateTimeKind.Local));
        Assert.Equal(10, discounted.DiscountPercent);
        Assert.Equal(CustomerTier.Gold, discounted.Tier);
        AssertExact(14.17500m, discounted.Total, "discounted total");

        // The eleven-digit value through arithmetic: 1 × v × 0.95 (Silver) × 1.00.
        Quote silver = SharedOrders.GetQuote("SKU-2001", 1, SampleValues.FullOrderTotal, 0, CustomerTier.Silver, DateTime.MinValue);
        Assert.Equal(0, silver.DiscountPercent);
        Assert.Equal(CustomerTier.Silver, silver.Tier);
        AssertExact(996913629.386191357117500m, silver.Total, "silver total");

        Assert.NotEqual(plain.QuoteId, discounted.QuoteId);
    }

    [Fact]
    public void CancelOrder_UnknownOrder_ThrowsTypedFaultWithDetailAndReason_AndTheClientStaysUsable()
    {
        IOrderService orders = SharedOrders;
        Guid unknown = Guid.NewGuid();

        var fault = Assert.Throws<FaultException<OrderFault>>(() => orders.CancelOrder(unknown, "changed my mind"));

        Assert.Equal("OrderNotFound", fault.Detail.Code);
        Assert.Equal(unknown, fault.Detail.OrderId);
        Assert.Null(fault.Detail.CurrentStatus);
        Assert.NotEqual(default, fault.Detail.OccurredAt);
        Assert.Equal($"Order {unknown} does not exist.", ReasonOf(fault));
        Assert.Equal("OrderNotFound", fault.Code.Name);

        // A declared fault is an answer, not a failure: the same client goes on working.
        Order placed = orders.PlaceOrder(SampleValues.SmallOrder());
        Assert.Equal(OrderStatus.Cancelled, orders.CancelOrder(placed.Id, "test").Status);
    }

    [Fact]
    public void CancelOrder_Twice_CancelsThenFaultsWithTheCurrentStatus()
    {
        Order placed = SharedOrders.PlaceOrder(SampleValues.SmallOrder());

        Order cancelled = SharedOrders.CancelOrder(placed.Id, "customer called");

        Assert.Equal(OrderStatus.Cancelled, cancelled.Status);
        Assert.Equal("customer called", cancelled.Attributes["cancelReason"]);
        AssertExact(19.99000m, cancelled.Total, "total");

        var fault = Assert.Throws<FaultException<OrderFault>>(() => SharedOrders.CancelOrder(placed.Id, "again"));
        Assert.Equal("AlreadyCancelled", fault.Detail.Code);
        Assert.Equal(placed.Id, fault.Detail.OrderId);
        Assert.Equal(OrderStatus.Cancelled, fault.Detail.CurrentStatus);
        Assert.Equal($"Order {placed.Id} is Cancelled.", ReasonOf(fault));
        Assert.Equal(OrderStatus.Cancelled, SharedOrders.GetOrder(placed.Id).Status);
    }

    [DivergentFact(Divergence.FaultDetailKeepsDateTimeKind)]
    public void CancelOrder_UnknownOrder_FaultDetailKeepsItsUtcKind()
    {
        var fault = Assert.Throws<FaultException<OrderFault>>(() => SharedOrders.CancelOrder(Guid.NewGuid(), "x"));

        Assert.Equal(DateTimeKind.Utc, fault.Detail.OccurredAt.Kind);
    }

    [Fact]
    public void PlaceOrder_Null_ThrowsAnUntypedFault_AndTheClientStaysUsable()
    {
        IOrderService orders = SharedOrders;

        var fault = Assert.Throws<FaultException>(() => orders.PlaceOrder(null!));

        Assert.Equal(typeof(FaultException), fault.GetType());
        Assert.NotNull(orders.Describe());
    }

    [DivergentFact(Divergence.UntypedFaultKeepsReason)]
    public void PlaceOrder_Null_UntypedFaultCarriesTheServicesReason()
    {
        var fault = Assert.Throws<FaultException>(() => SharedOrders.PlaceOrder(null!));

        Assert.Equal("An order is required.", ReasonOf(fault));
        Assert.True(fault.Code.IsSenderFault, $"expected a sender fault, got code {fault.Code.Name}");
    }

    [DivergentFact(Divergence.UnexpectedExceptionAnswersWithFault)]
    public void GetQuote_Overflowing_AnswersWithAGenericFault_ThatLeaksNoExceptionText()
    {
        // 2 × decimal.MaxValue overflows inside the service: an exception no [FaultContract] declares.
        IOrderService orders = Fresh(CreateOrderService());

        var fault = Assert.Throws<FaultException>(() => orders.GetQuote("SKU-1001", 2, decimal.MaxValue, null, CustomerTier.Standard, DateTime.MinValue));

        Assert.Equal(typeof(FaultException), fault.GetType());
        AssertInternalServiceFault(fault);
        Assert.DoesNotContain("Decimal", ReasonOf(fault), StringComparison.OrdinalIgnoreCase);
        Assert.DoesNotContain("Overflow", ReasonOf(fault), StringComparison.OrdinalIgnoreCase);
        Assert.DoesNotContain(" at LegacyWcf", ReasonOf(fault), StringComparison.Ordinal);

        // The service itself is unharmed.
        Assert.Equal("PerCall", SharedOrders.Describe().InstanceMode);
    }

    [Fact]
    public void Describe_PerCall_GivesEveryCallANewInstance()
    {
        InstanceInfo first = SharedOrders.Describe();
        InstanceInfo second = SharedOrders.Describe();

        Assert.Equal("PerCall", first.InstanceMode);
        Assert.Equal(1, first.CallsOnInstance);
        Assert.Equal(1, second.CallsOnInstance);
        Assert.NotEqual(first.InstanceId, second.InstanceId);
    }

    private static void AssertOrder(Order sent, Order actual, OrderStatus expectedStatus, decimal expectedTotal)
    {
        Assert.NotNull(actual);
        Assert.Equal(sent.Id, actual.Id);
        Assert.Equal(expectedStatus, actual.Status);
        AssertExact(expectedTotal, actual.Total, "order total");
        AssertExact(sent.PlacedAt, actual.PlacedAt, "placed at");
        AssertExact(sent.RequestedDelivery, actual.RequestedDelivery, "requested delivery");
        Assert.Equal(sent.Priority, actual.Priority);
        Assert.Equal(sent.Notes, actual.Notes);

        Assert.Equal(sent.Customer.Id, actual.Customer.Id);
        Assert.Equal(sent.Customer.Name, actual.Customer.Name);
        Assert.Equal(sent.Customer.Tier, actual.Customer.Tier);
        AssertExact(sent.Customer.RegisteredAt, actual.Customer.RegisteredAt, "customer registered at");
        AssertAddress(sent.Customer.BillingAddress, actual.Customer.BillingAddress);
        AssertAddress(sent.ShipTo, actual.ShipTo);

        AssertLines(sent.Lines, actual.Lines);
        Assert.Equal(sent.Attributes is null, actual.Attributes is null);
        if (sent.Attributes is not null)
        {
            Assert.Equal(sent.Attributes.OrderBy(p => p.Key, StringComparer.Ordinal), actual.Attributes!.OrderBy(p => p.Key, StringComparer.Ordinal));
        }

        Assert.Equal(sent.Allocations is null, actual.Allocations is null);
        if (sent.Allocations is not null)
        {
            Assert.Equal(sent.Allocations.Keys.Order(StringComparer.Ordinal), actual.Allocations!.Keys.Order(StringComparer.Ordinal));
            foreach ((string site, OrderLine line) in sent.Allocations)
            {
                AssertLine(line, actual.Allocations[site]);
            }
        }

        AssertPayment(sent.Payment, actual.Payment);
    }

    private static void AssertPayment(PaymentMethod sent, PaymentMethod actual)
    {
        // Known types: the derived type itself comes back, not just the base members.
        Assert.NotNull(actual);
        Assert.Equal(sent.GetType(), actual.GetType());
        AssertExact(sent.Amount, actual.Amount, "payment amount");
        Assert.Equal(sent.Currency, actual.Currency);
        switch (sent)
        {
            case CardPayment card:
                var actualCard = (CardPayment)actual;
                Assert.Equal(card.Last4, actualCard.Last4);
                AssertExact(card.Expiry, actualCard.Expiry, "card expiry");
                break;
            case InvoicePayment invoice:
                var actualInvoice = (InvoicePayment)actual;
                Assert.Equal(invoice.DueInDays, actualInvoice.DueInDays);
                Assert.Equal(invoice.PurchaseOrderNumber, actualInvoice.PurchaseOrderNumber);
                break;
            default:
                Assert.Fail($"unexpected payment type {sent.GetType()}");
                break;
        }
    }

    private static void AssertAddress(Address? sent, Address? actual)
    {
        Assert.Equal(sent is null, actual is null);
        if (sent is not null)
        {
            Assert.Equal((sent.Street, sent.City, sent.PostalCode, sent.CountryCode), (actual!.Street, actual.City, actual.PostalCode, actual.CountryCode));
        }
    }

    /// <summary>Same lines in the same order, each exact (null and empty lists differ).</summary>
    protected static void AssertLines(List<OrderLine>? sent, List<OrderLine>? actual)
    {
        Assert.Equal(sent is null, actual is null);
        if (sent is null)
        {
            return;
        }

        Assert.Equal(sent.Count, actual!.Count);
        for (int i = 0; i < sent.Count; i++)
        {
            AssertLine(sent[i], actual[i]);
        }
    }

    private static void AssertLine(OrderLine sent, OrderLine actual)
    {
        Assert.Equal(sent.Sku, actual.Sku);
        Assert.Equal(sent.Quantity, actual.Quantity);
        AssertExact(sent.UnitPrice, actual.UnitPrice, $"unit price of {sent.Sku}");
        Assert.Equal(sent.DiscountPercent, actual.DiscountPercent);
    }
}
