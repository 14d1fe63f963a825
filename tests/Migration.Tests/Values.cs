using System.Runtime.Serialization;
using System.Text;
using System.Xml;
using LegacyWcf.Contracts;

namespace MigrateWcf.Migration.Tests;

/// <summary>Sample values that catch lossy mappings, and WCF's own serializer as the judge of "the same value".</summary>
internal static class Values
{
    /// <summary>An order with every member set: every DateTime Kind, decimals whose scale matters, both known payment types' one.</summary>
    public static Order FullOrder() => new()
    {
        Id = Guid.NewGuid(),
        Customer = new Customer
        {
            Id = new Guid("6f1c2a4e-93d1-4b8e-a1f0-2d5c7e9b1a30"),
            Name = "Ærøskøbing \"Nord\" & Co. <ltd> 😀",
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
        ],
        Attributes = new Dictionary<string, string> { ["channel"] = "web", ["empty"] = string.Empty },
        Allocations = new Dictionary<string, OrderLine> { ["AAR"] = new OrderLine { Sku = "SKU-1001", Quantity = 2, UnitPrice = 19.990m } },
        ShipTo = new Address { Street = "Havnevej 1", City = null, PostalCode = string.Empty, CountryCode = "DK" },
        Payment = new CardPayment { Amount = decimal.MaxValue, Currency = "DKK", Last4 = "0042", Expiry = new DateTime(2027, 11, 1) },
        Priority = 1,
        Notes = "Leave at the back door.\nRing twice.",
    };

    /// <summary>An order with every optional member absent, and empty (not null) collections and strings where null would differ.</summary>
    public static Order SparseOrder() => new()
    {
        Id = Guid.Empty,
        Customer = null,
        Status = OrderStatus.Draft,
        PlacedAt = DateTime.MinValue,
        RequestedDelivery = null,
        Lines = [],
        Attributes = null,
        Allocations = new Dictionary<string, OrderLine>(),
        ShipTo = null,
        Payment = new InvoicePayment { Amount = -0.00m, Currency = string.Empty, DueInDays = -30, PurchaseOrderNumber = null },
        Priority = null,
        Notes = string.Empty,
    };

    /// <summary>A deep copy, through WCF's serializer.</summary>
    public static T Copy<T>(T value)
    {
        var serializer = new DataContractSerializer(typeof(T));
        using var stream = new MemoryStream();
        serializer.WriteObject(stream, value);
        stream.Position = 0;
        return (T)serializer.ReadObject(stream)!;
    }

    /// <summary>The XML WCF's DataContractSerializer writes: equal text, equal values (every member, null vs empty, Kind, scale, known type).</summary>
    public static string Xml<T>(T value)
    {
        var serializer = new DataContractSerializer(typeof(T));
        var text = new StringBuilder();
        using (var writer = XmlWriter.Create(text, new XmlWriterSettings { Indent = true }))
        {
            serializer.WriteObject(writer, value);
        }

        return text.ToString();
    }
}
