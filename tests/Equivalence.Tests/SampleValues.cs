using LegacyWcf.Contracts;

namespace MigrateWcf.Equivalence.Tests;

/// <summary>
/// The values the suite sends, chosen to catch lossy mappings (the same choices as the sample client's SampleData):
/// decimals whose scale matters and decimal.MaxValue / MinValue, DateTimes of every Kind with sub-millisecond ticks,
/// nulls next to empty strings and collections, Guid.Empty, both known PaymentMethod types, the renamed enum member.
/// </summary>
internal static class SampleValues
{
    /// <summary>
    /// The order total the service computes for <see cref="FullOrder"/>: 3 × 19.990 + 1234567890.123456789 × 0.85 + 12 × 0.10,
    /// eleven fractional digits (more than a units/nanos pair holds), scale kept.
    /// </summary>
    public const decimal FullOrderTotal = 1049382767.77493827065m;

    /// <summary>An order with every member set.</summary>
    public static Order FullOrder() => new()
    {
        Id = Guid.NewGuid(),
        Customer = new Customer
        {
            Id = new Guid("6f1c2a4e-93d1-4b8e-a1f0-2d5c7e9b1a30"),
            Name = "Ærøskøbing Trading \"Nord\" & Co. <ltd>",
            Tier = CustomerTier.Gold,
            BillingAddress = new Address { Street = "Vestergade 12", City = "Ærøskøbing", PostalCode = "05970", CountryCode = "DK" },
            RegisteredAt = new DateTime(2019, 3, 14, 15, 9, 26, DateTimeKind.Utc).AddTicks(5358979),
        },
        Status = OrderStatus.Held,
        PlacedAt = new DateTime(2024, 2, 29, 23, 59, 59, DateTimeKind.Utc).AddTicks(9999999),
        RequestedDelivery = new DateTime(2024, 3, 8, 9, 30, 0, DateTimeKind.Local).AddTicks(1234),
        Lines =
        [
            new OrderLine { Sku = "SKU-1001", Quantity = 3, UnitPrice = 19.990m, DiscountPercent = null },
            new OrderLine { Sku = "SKU-1002", Quantity = 1, UnitPrice = 1234567890.123456789m, DiscountPercent = 15 },
            new OrderLine { Sku = "SKU-2001", Quantity = 12, UnitPrice = 0.10m, DiscountPercent = 0 },
        ],
        Attributes = new Dictionary<string, string> { ["channel"] = "web", ["giftWrap"] = "true", ["empty"] = string.Empty },
        Allocations = new Dictionary<string, OrderLine>
        {
            ["AAR"] = new OrderLine { Sku = "SKU-1001", Quantity = 2, UnitPrice = 19.990m },
            ["CPH"] = new OrderLine { Sku = "SKU-1001", Quantity = 1, UnitPrice = 19.990m, DiscountPercent = 5 },
        },
        ShipTo = new Address { Street = "Havnevej 1", City = "Marstal", PostalCode = "05960", CountryCode = "DK" },
        Payment = new CardPayment
        {
            Amount = decimal.MaxValue,
            Currency = "DKK",
            Last4 = "0042",
            Expiry = new DateTime(2027, 11, 1, 0, 0, 0, DateTimeKind.Unspecified),
        },
        Priority = 1,
        Notes = "Leave at the back door.\nRing twice.",
    };

    /// <summary>An order with every optional member absent, and empty (not null) collections and strings where null would differ.</summary>
    public static Order SparseOrder() => new()
    {
        Id = Guid.NewGuid(),
        Customer = new Customer
        {
            Id = Guid.Empty,
            Name = string.Empty,
            Tier = CustomerTier.Standard,
            BillingAddress = null,
            RegisteredAt = DateTime.MinValue,
        },
        Status = OrderStatus.Draft,
        PlacedAt = new DateTime(2024, 1, 1, 0, 0, 0, DateTimeKind.Unspecified),
        RequestedDelivery = null,
        Lines = [],
        Attributes = null,
        Allocations = new Dictionary<string, OrderLine>(),
        ShipTo = null,
        Payment = new InvoicePayment { Amount = 0.00m, Currency = "EUR", DueInDays = 30, PurchaseOrderNumber = null },
        Priority = null,
        Notes = null,
    };

    /// <summary>A minimal order that can be placed and cancelled.</summary>
    public static Order SmallOrder() => new()
    {
        Id = Guid.NewGuid(),
        Customer = new Customer { Id = Guid.NewGuid(), Name = "Small", Tier = CustomerTier.Silver, RegisteredAt = new DateTime(2020, 1, 1, 0, 0, 0, DateTimeKind.Utc) },
        Status = OrderStatus.Submitted,
        PlacedAt = new DateTime(2024, 5, 5, 5, 5, 5, DateTimeKind.Utc),
        Lines = [new OrderLine { Sku = "SKU-1001", Quantity = 1, UnitPrice = 19.990m }],
        Attributes = new Dictionary<string, string>(),
        Payment = new InvoicePayment { Amount = 19.990m, Currency = "EUR", DueInDays = 14, PurchaseOrderNumber = "PO-7" },
    };

    /// <summary>A SKU no other test touches, so tests that change stock do not see each other's changes.</summary>
    public static string NewSku(string purpose) => $"EQ-{purpose}-{Guid.NewGuid():N}";
}
