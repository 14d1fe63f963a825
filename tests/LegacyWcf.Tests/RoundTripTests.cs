using System.Text.Json.Nodes;

namespace LegacyWcf.Tests;

/// <summary>DataContract values through real WCF (DataContractSerializer over net.tcp on Mono) come back exactly.</summary>
[Collection(LegacyServiceCollection.Name)]
public sealed class RoundTripTests(LegacyServiceFixture legacy)
{
    private JsonArray Orders => legacy.Scenario("roundtrip").Arr("orders");

    private JsonObject FullOrder => Orders[0]!.AsObject();

    private JsonObject SparseOrder => Orders[1]!.AsObject();

    [Fact]
    public void FullOrder_FetchedBack_EqualsWhatWasSent()
    {
        // Total is the service's to compute; everything else, the Held status included, must be untouched.
        Json.AssertSame(FullOrder.Obj("sent").Without("Total"), FullOrder.Obj("fetched").Without("Total"), "full order");
        Json.AssertSame(FullOrder.Obj("fetched"), FullOrder.Obj("placed"), "PlaceOrder's reply and GetOrder's reply");
    }

    [Fact]
    public void FullOrder_CarriesTheValuesThatLossyMappingsBreak()
    {
        // Guards the test above: the order really contains scale-sensitive decimals, all three DateTime kinds,
        // sub-millisecond ticks and a derived payment type, so equality means they survived.
        JsonObject fetched = FullOrder.Obj("fetched");
        JsonArray lines = fetched.Arr("Lines");
        Assert.Equal(["19.990", "1234567890.123456789", "0.10"], lines.Select(l => l.Str("UnitPrice")));
        Assert.Equal("79228162514264337593543950335", fetched.Obj("Payment").Str("Amount"));
        Assert.Equal("Utc", fetched.Obj("PlacedAt").Str("kind"));
        Assert.Equal(9_999_999, fetched.Obj("PlacedAt").Long("ticks") % TimeSpan.TicksPerSecond);
        Assert.Equal("Local", fetched.Obj("RequestedDelivery").Str("kind"));
        Assert.Equal(1234, fetched.Obj("RequestedDelivery").Long("ticks") % TimeSpan.TicksPerSecond);
        Assert.Equal("Unspecified", fetched.Obj("Payment").Obj("Expiry").Str("kind"));
        Assert.Equal("CardPayment", fetched.Obj("Payment").Str("$type"));
        Assert.Equal("Held", fetched.Str("Status")); // the member serialized under its [EnumMember(Value = "OnHold")] name
    }

    [Fact]
    public void LocalDateTime_KeepsKindAndTicks_UnderANonZeroUtcOffset()
    {
        // The legacy processes run with TZ=Asia/Kathmandu (+05:45), so a Local value that were treated as UTC would move.
        Assert.Equal(345, legacy.Transcript.Long("localUtcOffsetMinutes"));
        Json.AssertSame(FullOrder.Obj("sent").Obj("RequestedDelivery"), FullOrder.Obj("fetched").Obj("RequestedDelivery"), "local delivery date");
        Assert.EndsWith("+05:45", FullOrder.Obj("fetched").Obj("RequestedDelivery").Str("text"));
    }

    [Fact]
    public void SparseOrder_KeepsNullsAndEmptyCollectionsApart()
    {
        JsonObject sent = SparseOrder.Obj("sent");
        JsonObject fetched = SparseOrder.Obj("fetched");
        Json.AssertSame(sent.Without("Status", "Total"), fetched.Without("Status", "Total"), "sparse order");

        Assert.Empty(fetched.Arr("Lines"));
        Assert.Empty(fetched.Obj("Allocations"));
        Assert.True(fetched.IsNull("Attributes"), "a null dictionary must stay null, not become empty");
        Assert.True(fetched.IsNull("RequestedDelivery"));
        Assert.True(fetched.IsNull("Priority"));
        Assert.True(fetched.IsNull("ShipTo"));
        Assert.True(fetched.IsNull("Notes"));
        Assert.True(fetched.Obj("Payment").IsNull("PurchaseOrderNumber"));
        Assert.Equal("InvoicePayment", fetched.Obj("Payment").Str("$type"));
        Assert.Equal("0.00", fetched.Obj("Payment").Str("Amount"));
        Assert.Equal("00000000-0000-0000-0000-000000000000", fetched.Obj("Customer").Str("Id"));
        Assert.Equal(0, fetched.Obj("Customer").Obj("RegisteredAt").Long("ticks"));
    }

    [Fact]
    public void PlaceOrder_SubmitsOrHolds_AndComputesTotalWithDecimalScale()
    {
        Assert.Equal("Held", FullOrder.Obj("placed").Str("Status"));
        Assert.Equal("Submitted", SparseOrder.Obj("placed").Str("Status"));
        foreach (JsonNode? order in Orders)
        {
            decimal expected = 0m;
            foreach (JsonNode? line in order.Obj("sent").Arr("Lines"))
            {
                int discount = line!["DiscountPercent"]?.GetValue<int>() ?? 0;
                expected += line.Long("Quantity") * line.Dec("UnitPrice") * (1.00m - (discount * 0.01m));
            }

            Assert.Equal(expected.Text(), order.Obj("placed").Str("Total"));
        }
    }

    [Fact]
    public void GetQuote_WithSeveralParameters_EchoesEachExactly()
    {
        JsonArray quotes = legacy.Scenario("roundtrip").Arr("quotes");
        Assert.Equal(2, quotes.Count);
        foreach (JsonNode? quote in quotes)
        {
            JsonObject sent = quote.Obj("sent");
            JsonObject received = quote.Obj("received");
            Assert.Equal(sent.Str("sku"), received.Str("Sku"));
            Assert.Equal(sent.Long("quantity"), received.Long("Quantity"));
            Assert.Equal(sent.Str("unitPrice"), received.Str("UnitPrice"));
            Assert.Equal(sent["discountPercent"]?.GetValue<int>(), received["DiscountPercent"]?.GetValue<int>());
            Assert.Equal(sent.Str("tier"), received.Str("Tier"));
            Json.AssertSame(sent.Obj("priceDate"), received.Obj("PriceDate"), "price date");

            int tierDiscount = sent.Str("tier") switch { "Silver" => 5, "Gold" => 10, _ => 0 };
            int extraDiscount = sent["discountPercent"]?.GetValue<int>() ?? 0;
            decimal expected = sent.Long("quantity") * sent.Dec("unitPrice") * (1.00m - (tierDiscount * 0.01m)) * (1.00m - (extraDiscount * 0.01m));
            Assert.Equal(expected.Text(), received.Str("Total"));
        }

        Assert.Contains(quotes, q => q.Obj("sent").IsNull("discountPercent"));
        Assert.Contains(quotes, q => q.Obj("sent").Obj("priceDate").Str("kind") == "Local");
    }

    [Fact]
    public void GetOrder_ForAnUnknownId_ReturnsNull()
    {
        Assert.True(legacy.Scenario("roundtrip").Obj("unknownOrder").IsNull("received"));
    }

    [Fact]
    public void GetStockLevels_ReturnsADictionaryKeyedBySku_WithoutUnknownSkus()
    {
        JsonObject stock = legacy.Scenario("roundtrip").Obj("stockLevels");
        JsonObject received = stock.Obj("received");
        Assert.Contains("NO-SUCH-SKU", stock.Arr("sent").Select(s => s!.GetValue<string>()));
        Assert.Equal(["SKU-1001", "SKU-1002"], received.Select(p => p.Key));
        Assert.All(received, pair => Assert.Equal(pair.Key, pair.Value.Str("Sku")));
        Assert.Equal("Utc", received.Obj("SKU-1001").Obj("ChangedAt").Str("kind"));
    }
}
