using System.Globalization;
using LegacyWcf.Contracts;

namespace MigrateWcf.Serialization.Benchmarks;

/// <summary>The legacy sample's richest message, an <see cref="Order"/> (customer, addresses, a known-type payment,
/// attributes, allocations, nullable and decimal members), with a given number of lines. Deterministic.</summary>
internal static class SampleOrders
{
    public static Order Create(int lines)
    {
        var address = new Address { Street = "1 Quay Street", City = "Dublin", PostalCode = "D02 X285", CountryCode = "IE" };
        return new Order
        {
            Id = new Guid("3f2504e0-4f89-11d3-9a0c-0305e82c3301"),
            Customer = new Customer
            {
                Id = new Guid("9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d"),
                Name = "Contoso Retail",
                Tier = CustomerTier.Gold,
                BillingAddress = address,
                RegisteredAt = new DateTime(2019, 4, 1, 9, 30, 0, DateTimeKind.Utc),
            },
            Status = OrderStatus.Submitted,
            PlacedAt = new DateTime(2026, 11, 23, 12, 0, 0, DateTimeKind.Utc),
            RequestedDelivery = new DateTime(2026, 11, 30, 8, 0, 0, DateTimeKind.Local),
            Lines = [.. Enumerable.Range(0, lines).Select(Line)],
            Attributes = new Dictionary<string, string> { ["channel"] = "web", ["gift-wrap"] = "yes" },
            Allocations = new Dictionary<string, OrderLine> { ["DUB-1"] = Line(0), ["CRK-2"] = Line(1) },
            ShipTo = address,
            Payment = new CardPayment { Amount = 1234.5678m, Currency = "EUR", Last4 = "4242", Expiry = new DateTime(2028, 1, 31, 0, 0, 0, DateTimeKind.Utc) },
        };
    }

    private static OrderLine Line(int i) => new()
    {
        Sku = "SKU-" + i.ToString("D6", CultureInfo.InvariantCulture),
        Quantity = 1 + i % 17,
        UnitPrice = 9.99m + i % 100,
        DiscountPercent = i % 3 == 0 ? null : i % 25,
    };
}
