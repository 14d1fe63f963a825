using System;
using System.Collections.Generic;
using LegacyWcf.Contracts;

namespace LegacyWcf.Client
{
    /// <summary>
    /// The values the scenarios send. Chosen to catch lossy mappings: decimals whose scale matters (19.990, 0.00,
    /// decimal.MaxValue), DateTimes of all three Kinds with sub-millisecond ticks, nulls next to empty collections.
    /// </summary>
    internal static class SampleData
    {
        /// <summary>An order with every member set.</summary>
        public static Order FullOrder()
        {
            return new Order
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
                Lines = new List<OrderLine>
                {
                    new OrderLine { Sku = "SKU-1001", Quantity = 3, UnitPrice = 19.990m, DiscountPercent = null },
                    new OrderLine { Sku = "SKU-1002", Quantity = 1, UnitPrice = 1234567890.123456789m, DiscountPercent = 15 },
                    new OrderLine { Sku = "SKU-2001", Quantity = 12, UnitPrice = 0.10m, DiscountPercent = 0 },
                },
                Attributes = new Dictionary<string, string>
                {
                    { "channel", "web" },
                    { "giftWrap", "true" },
                    { "empty", string.Empty },
                },
                Allocations = new Dictionary<string, OrderLine>
                {
                    { "AAR", new OrderLine { Sku = "SKU-1001", Quantity = 2, UnitPrice = 19.990m } },
                    { "CPH", new OrderLine { Sku = "SKU-1001", Quantity = 1, UnitPrice = 19.990m, DiscountPercent = 5 } },
                },
                ShipTo = new Address { Street = "Havnevej 1", City = "Marstal", PostalCode = "05960", CountryCode = "DK" },
                Payment = new CardPayment
                {
                    Amount = 79228162514264337593543950335m,
                    Currency = "DKK",
                    Last4 = "0042",
                    Expiry = new DateTime(2027, 11, 1, 0, 0, 0, DateTimeKind.Unspecified),
                },
                Priority = 1,
                Notes = "Leave at the back door.\nRing twice.",
            };
        }

        /// <summary>An order with every optional member absent, and empty (not null) collections where null would differ.</summary>
        public static Order SparseOrder()
        {
            return new Order
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
                Lines = new List<OrderLine>(),
                Attributes = null,
                Allocations = new Dictionary<string, OrderLine>(),
                ShipTo = null,
                Payment = new InvoicePayment { Amount = 0.00m, Currency = "EUR", DueInDays = 30, PurchaseOrderNumber = null },
                Priority = null,
                Notes = null,
            };
        }

        /// <summary>Arguments of the first quote: no extra discount, UTC price date.</summary>
        public static QuoteRequest PlainQuote()
        {
            return new QuoteRequest("SKU-1001", 4, 19.990m, null, CustomerTier.Standard, new DateTime(2024, 6, 1, 12, 0, 0, DateTimeKind.Utc));
        }

        /// <summary>Arguments of the second quote: extra discount, Gold tier, local price date.</summary>
        public static QuoteRequest DiscountedQuote()
        {
            return new QuoteRequest("SKU-1002", 7, 2.5m, 10, CustomerTier.Gold, new DateTime(2024, 6, 1, 8, 15, 30, DateTimeKind.Local).AddTicks(77));
        }
    }

    /// <summary>The parameters of one <see cref="IOrderService.GetQuote"/> call.</summary>
    internal sealed class QuoteRequest
    {
        public QuoteRequest(string sku, int quantity, decimal unitPrice, int? discountPercent, CustomerTier tier, DateTime priceDate)
        {
            Sku = sku;
            Quantity = quantity;
            UnitPrice = unitPrice;
            DiscountPercent = discountPercent;
            Tier = tier;
            PriceDate = priceDate;
        }

        public string Sku { get; }

        public int Quantity { get; }

        public decimal UnitPrice { get; }

        public int? DiscountPercent { get; }

        public CustomerTier Tier { get; }

        public DateTime PriceDate { get; }

        public JsonObject ToJson()
        {
            return new JsonObject
            {
                { "sku", Dump.Value(Sku) },
                { "quantity", Dump.Value(Quantity) },
                { "unitPrice", Dump.Value(UnitPrice) },
                { "discountPercent", Dump.Value(DiscountPercent) },
                { "tier", Dump.Value(Tier) },
                { "priceDate", Dump.Value(PriceDate) },
            };
        }
    }
}
