using FsCheck;
using FsCheck.Fluent;
using Google.Protobuf;
using LegacyWcf.Contracts;
using Mappers = LegacyWcf.Contracts.Grpc.DataTypesMappers;
using Messages = LegacyWcf.Contracts.Grpc;

namespace MigrateWcf.Migration.Tests;

/// <summary>
/// The generated mappers of the legacy sample's data types are lossless: for generated values of every type, C# value
/// → message → bytes → message → C# value gives the same value, judged by WCF's own serializer (same XML: every member,
/// null vs empty, DateTime Kind and ticks, decimal scale, the known type) and, for decimals, by their bits.
/// </summary>
public sealed class MapperRoundTripTests
{
    private const int Cases = 500;

    [Fact]
    public void Orders_RoundTrip() => Check(Order, v => Mappers.ToMessage(v, 1), b => Mappers.FromMessage(Messages.Order.Parser.ParseFrom(b), 1));

    [Fact]
    public void Quotes_RoundTrip() => Check(Quote, v => Mappers.ToMessage(v, 1), b => Mappers.FromMessage(Messages.Quote.Parser.ParseFrom(b), 1));

    [Fact]
    public void OrderFaults_RoundTrip() => Check(OrderFault, v => Mappers.ToMessage(v, 1), b => Mappers.FromMessage(Messages.OrderFault.Parser.ParseFrom(b), 1));

    [Fact]
    public void RestockStatuses_RoundTrip() => Check(RestockStatus, v => Mappers.ToMessage(v, 1), b => Mappers.FromMessage(Messages.RestockStatus.Parser.ParseFrom(b), 1));

    [Fact]
    public void CartSummaries_RoundTrip() => Check(CartSummary, v => Mappers.ToMessage(v, 1), b => Mappers.FromMessage(Messages.CartSummary.Parser.ParseFrom(b), 1));

    [Fact]
    public void Reservations_RoundTrip() => Check(Reservation, v => Mappers.ToMessage(v, 1), b => Mappers.FromMessage(Messages.Reservation.Parser.ParseFrom(b), 1));

    [Fact]
    public void AbstractBase_TravelsAsItsKnownTypesCase_AndAnUnknownDerivedTypeIsRefused()
    {
        var card = new CardPayment { Amount = 1.50m, Currency = "EUR", Last4 = "1234", Expiry = new DateTime(2030, 1, 1) };

        var message = Mappers.ToMessage((PaymentMethod)card, 1);

        Assert.Equal(Messages.PaymentMethod.SubtypeOneofCase.CardPayment, message.SubtypeCase);
        Assert.IsType<CardPayment>(Mappers.FromMessage(Messages.PaymentMethod.Parser.ParseFrom(message.ToByteArray()), 1));
        var refused = Assert.Throws<MigrateWcf.Runtime.Mapping.MessageMappingException>(() => Mappers.ToMessage(new LatePayment(), 1));
        Assert.Contains(typeof(LatePayment).FullName!, refused.Message, StringComparison.Ordinal);
        Assert.Throws<MigrateWcf.Runtime.Mapping.MessageMappingException>(() => Mappers.FromMessage(new Messages.PaymentMethod(), 1));
    }

    [Fact]
    public void NullsTheProtoFormCannotCarry_AreRefusedByName()
    {
        var order = Values.SparseOrder();
        order.Lines = [null!];

        var error = Assert.Throws<MigrateWcf.Runtime.Mapping.MessageMappingException>(() => Mappers.ToMessage(order, 1));

        Assert.Equal("An element of LegacyWcf.Contracts.Order.Lines is null, which its proto form cannot carry (a list element, a dictionary value, or a value declared never null).", error.Message);
        order.Lines = [];
        order.Attributes = new Dictionary<string, string> { ["key"] = null! };
        Assert.Contains("A value of LegacyWcf.Contracts.Order.Attributes is null", Assert.Throws<MigrateWcf.Runtime.Mapping.MessageMappingException>(() => Mappers.ToMessage(order, 1)).Message, StringComparison.Ordinal);
    }

    [Fact]
    public void ValuesOtherRuntimesMaySend_OutsideTheCSharpTypes_AreRefusedClearly()
    {
        // A foreign client may send what no C# value produces: a bad Guid, a DateTime kind or scale out of range.
        var bad = new Messages.Customer { Id = "not-a-guid" };
        Assert.Contains("LegacyWcf.Contracts.Customer.Id holds \"not-a-guid\"", Assert.Throws<MigrateWcf.Runtime.Mapping.MessageMappingException>(() => Mappers.FromMessage(bad, 1)).Message, StringComparison.Ordinal);

        var kind = new Messages.Customer { RegisteredAt = new MigrateWcf.Grpc.DateTime { Kind = (MigrateWcf.Grpc.DateTimeKind)7 } };
        Assert.Throws<MigrateWcf.Runtime.Mapping.MessageMappingException>(() => Mappers.FromMessage(kind, 1));

        var scale = new Messages.Quote { UnitPrice = new MigrateWcf.Grpc.Decimal { Scale = 29 } };
        Assert.Throws<OverflowException>(() => Mappers.FromMessage(scale, 1));
    }

    private static void Check<T>(Gen<T> values, Func<T, IMessage> toMessage, Func<byte[], T> fromBytes)
    {
        var checkedCases = 0;
        FsCheck.Check.One(Config.QuickThrowOnFailure.WithMaxTest(Cases), Prop.ForAll(values.ToArbitrary(), value =>
        {
            checkedCases++;
            var back = fromBytes(toMessage(value).ToByteArray());
            Assert.Equal(Values.Xml(value), Values.Xml(back));
            Assert.Equal(DecimalBits(value), DecimalBits(back));
        }));

        Assert.Equal(Cases, checkedCases);
    }

    /// <summary>The bits of every decimal in a value (XML text would not tell -0.00 from 0.00).</summary>
    private static string DecimalBits<T>(T value)
        => string.Join(";", DecimalsOf(value).Select(d => string.Join(",", decimal.GetBits(d))));

    private static IEnumerable<decimal> DecimalsOf(object? value) => value switch
    {
        Order o => new[] { o.Total }.Concat(o.Lines?.Select(l => l.UnitPrice) ?? []).Concat(o.Payment is { } p ? [p.Amount] : []),
        Quote q => [q.UnitPrice, q.Total],
        CartSummary c => new[] { c.Subtotal }.Concat(c.Lines?.Select(l => l.UnitPrice) ?? []),
        _ => [],
    };

    // ───────────────────────────── generators ─────────────────────────────

    /// <summary>0 to <paramref name="most"/> values.</summary>
    private static Gen<IList<T>> Many<T>(Gen<T> values, int most) => Gen.Choose(0, most).SelectMany(count => values.ListOf(count)).Select(l => (IList<T>)l.ToList());

    private static readonly Gen<string> Text =
        from parts in Many(Gen.Elements("a", "Z", "0", " ", "\n", "\t", "é", "Ж", "中", "😀", "\"", "<", "&", "'", "-"), 12)
        select string.Concat(parts);

    private static readonly Gen<string?> TextOrNull = Gen.Frequency((1, Gen.Constant<string?>(null)), (1, Gen.Constant<string?>(string.Empty)), (6, Text.Select(t => (string?)t)));

    private static readonly Gen<long> Long =
        from high in Gen.Choose(int.MinValue, int.MaxValue)
        from low in Gen.Choose(int.MinValue, int.MaxValue)
        select ((long)high << 32) | (uint)low;

    private static readonly Gen<DateTime> DateTimes =
        from ticks in Long
        from kind in Gen.Elements(DateTimeKind.Utc, DateTimeKind.Local, DateTimeKind.Unspecified)
        from edge in Gen.Frequency((8, Gen.Constant(0)), (1, Gen.Constant(1)), (1, Gen.Constant(2)))
        select edge switch
        {
            1 => DateTime.SpecifyKind(DateTime.MinValue, kind),
            2 => DateTime.SpecifyKind(DateTime.MaxValue, kind),
            _ => new DateTime((long)((ulong)ticks % (ulong)(DateTime.MaxValue.Ticks + 1)), kind),
        };

    private static readonly Gen<decimal> Decimals =
        from low in Gen.Choose(int.MinValue, int.MaxValue)
        from mid in Gen.Choose(int.MinValue, int.MaxValue)
        from high in Gen.Frequency((1, Gen.Choose(int.MinValue, int.MaxValue)), (3, Gen.Constant(0)))
        from scale in Gen.Choose(0, 28)
        from negative in Gen.Elements(false, true)
        select new decimal(low, mid, high, negative, (byte)scale);

    private static readonly Gen<Guid> Guids = Gen.Frequency((1, Gen.Constant(Guid.Empty)), (4, Gen.Fresh(Guid.NewGuid)));

    private static readonly Gen<int?> NullableInts = Gen.Frequency((1, Gen.Constant<int?>(null)), (3, Gen.Choose(int.MinValue, int.MaxValue).Select(i => (int?)i)));

    private static Gen<List<T>?> ListOrNull<T>(Gen<T> elements)
        => Gen.Frequency((1, Gen.Constant<List<T>?>(null)), (1, Gen.Constant<List<T>?>([])), (3, Many(elements, 4).Select(l => (List<T>?)l.ToList())));

    private static Gen<Dictionary<string, T>?> DictionaryOrNull<T>(Gen<T> values)
        => Gen.Frequency(
            (1, Gen.Constant<Dictionary<string, T>?>(null)),
            (1, Gen.Constant<Dictionary<string, T>?>([])),
            (3, Many(Text.Zip(values), 4).Select(pairs => (Dictionary<string, T>?)pairs.DistinctBy(p => p.Item1).ToDictionary(p => p.Item1, p => p.Item2))));

    private static readonly Gen<Address?> Addresses = Gen.Frequency(
        (1, Gen.Constant<Address?>(null)),
        (3, from street in TextOrNull from city in TextOrNull from code in TextOrNull from country in TextOrNull
            select (Address?)new Address { Street = street, City = city, PostalCode = code, CountryCode = country }));

    private static readonly Gen<OrderLine> OrderLine =
        from sku in TextOrNull from quantity in Gen.Choose(int.MinValue, int.MaxValue) from price in Decimals from discount in NullableInts
        select new OrderLine { Sku = sku, Quantity = quantity, UnitPrice = price, DiscountPercent = discount };

    private static readonly Gen<PaymentMethod?> Payments = Gen.Frequency(
        (1, Gen.Constant<PaymentMethod?>(null)),
        (2, from amount in Decimals from currency in TextOrNull from last4 in TextOrNull from expiry in DateTimes
            select (PaymentMethod?)new CardPayment { Amount = amount, Currency = currency, Last4 = last4, Expiry = expiry }),
        (2, from amount in Decimals from currency in TextOrNull from due in Gen.Choose(int.MinValue, int.MaxValue) from po in TextOrNull
            select (PaymentMethod?)new InvoicePayment { Amount = amount, Currency = currency, DueInDays = due, PurchaseOrderNumber = po }));

    private static readonly Gen<Customer?> Customers = Gen.Frequency(
        (1, Gen.Constant<Customer?>(null)),
        (3, from id in Guids from name in TextOrNull from tier in Gen.Elements(Enum.GetValues<CustomerTier>()) from address in Addresses from at in DateTimes
            select (Customer?)new Customer { Id = id, Name = name, Tier = tier, BillingAddress = address, RegisteredAt = at }));

    private static readonly Gen<Order> Order =
        from id in Guids
        from customer in Customers
        from status in Gen.Elements(Enum.GetValues<OrderStatus>())
        from placed in DateTimes
        from delivery in Gen.Frequency((1, Gen.Constant<DateTime?>(null)), (2, DateTimes.Select(d => (DateTime?)d)))
        from lines in ListOrNull(OrderLine)
        from attributes in DictionaryOrNull(Text)
        from allocations in DictionaryOrNull(OrderLine)
        from shipTo in Addresses
        from payment in Payments
        from priority in NullableInts
        from total in Decimals
        from notes in TextOrNull
        select new Order
        {
            Id = id, Customer = customer, Status = status, PlacedAt = placed, RequestedDelivery = delivery, Lines = lines, Attributes = attributes,
            Allocations = allocations, ShipTo = shipTo, Payment = payment, Priority = priority, Total = total, Notes = notes,
        };

    private static readonly Gen<Quote> Quote =
        from sku in TextOrNull from quantity in Gen.Choose(int.MinValue, int.MaxValue) from price in Decimals from discount in NullableInts
        from tier in Gen.Elements(Enum.GetValues<CustomerTier>()) from date in DateTimes from total in Decimals from id in Guids
        select new Quote { Sku = sku, Quantity = quantity, UnitPrice = price, DiscountPercent = discount, Tier = tier, PriceDate = date, Total = total, QuoteId = id };

    private static readonly Gen<OrderFault> OrderFault =
        from code in TextOrNull from id in Guids from status in Gen.Frequency((1, Gen.Constant<OrderStatus?>(null)), (3, Gen.Elements(Enum.GetValues<OrderStatus>()).Select(s => (OrderStatus?)s))) from at in DateTimes
        select new OrderFault { Code = code, OrderId = id, CurrentStatus = status, OccurredAt = at };

    private static readonly Gen<StockLevel?> StockLevels = Gen.Frequency(
        (1, Gen.Constant<StockLevel?>(null)),
        (3, from sku in TextOrNull from onHand in Gen.Choose(int.MinValue, int.MaxValue) from reserved in Gen.Choose(int.MinValue, int.MaxValue) from at in DateTimes
            select (StockLevel?)new StockLevel { Sku = sku, OnHand = onHand, Reserved = reserved, ChangedAt = at }));

    private static readonly Gen<RestockStatus> RestockStatus =
        from id in Guids from state in TextOrNull
        from started in Gen.Frequency((1, Gen.Constant<DateTime?>(null)), (2, DateTimes.Select(d => (DateTime?)d)))
        from completed in Gen.Frequency((1, Gen.Constant<DateTime?>(null)), (2, DateTimes.Select(d => (DateTime?)d)))
        from result in StockLevels
        select new RestockStatus { RequestId = id, State = state, StartedAt = started, CompletedAt = completed, Result = result };

    private static readonly Gen<InstanceInfo?> Instances = Gen.Frequency(
        (1, Gen.Constant<InstanceInfo?>(null)),
        (3, from id in Guids from calls in Gen.Choose(int.MinValue, int.MaxValue) from mode in TextOrNull select (InstanceInfo?)new InstanceInfo { InstanceId = id, CallsOnInstance = calls, InstanceMode = mode }));

    private static readonly Gen<CartSummary> CartSummary =
        from lines in ListOrNull(OrderLine) from subtotal in Decimals from instance in Instances
        select new CartSummary { Lines = lines, Subtotal = subtotal, Instance = instance };

    private static readonly Gen<Reservation> Reservation =
        from number in Long from calls in Gen.Choose(int.MinValue, int.MaxValue) from instance in Instances
        select new Reservation { Number = number, ConcurrentCalls = calls, Instance = instance };

    /// <summary>A derived type WCF does not know: no [KnownType] names it.</summary>
    private sealed class LatePayment : PaymentMethod
    {
    }
}
