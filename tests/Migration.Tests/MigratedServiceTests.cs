using System.Collections.Concurrent;
using System.ServiceModel;
using LegacyWcf.Contracts;
using LegacyWcf.Services;
using MigrateWcf.Runtime;
using Microsoft.Extensions.DependencyInjection;

namespace MigrateWcf.Migration.Tests;

/// <summary>
/// The legacy sample's services, unchanged, behind the generated service adapters and hosting on a real Unix socket,
/// called through the generated client proxies over grpc-dotnet: values, faults, one-way, duplex callbacks and
/// instancing behave as WCF's did. Assertions are on values and on the order of events, never on durations.
/// </summary>
public sealed class MigratedServiceTests(SampleHostFixture fixture) : IClassFixture<SampleHostFixture>
{
    private static readonly TimeSpan Patience = TimeSpan.FromMinutes(1);

    private SampleHost Host => fixture.Host;

    [Fact]
    public void EveryMemberKind_RoundTripsThroughProxyAdapterAndService()
    {
        var orders = Host.Clients.CreateOrderService();
        using var _ = (IDisposable)orders;
        foreach (var order in new[] { Values.FullOrder(), Values.SparseOrder() })
        {
            var expected = Values.Copy(order);
            expected.Status = order.Status == OrderStatus.Held ? OrderStatus.Held : OrderStatus.Submitted;
            expected.Total = Pricing.OrderTotal(order.Lines);

            var placed = orders.PlaceOrder(order);

            Assert.Equal(Values.Xml(expected), Values.Xml(placed));
            Assert.Equal(decimal.GetBits(expected.Total), decimal.GetBits(placed.Total));
            Assert.Equal(Values.Xml(placed), Values.Xml(orders.GetOrder(order.Id)));
        }

        Assert.Null(orders.GetOrder(Guid.NewGuid()));
    }

    [Fact]
    public void ParametersOfEveryKind_RoundTrip_DateTimeKindsAndDecimalScales()
    {
        var orders = Host.Clients.CreateOrderService();
        using var _ = (IDisposable)orders;
        foreach (var (price, discount, date) in new[]
        {
            (19.990m, (int?)null, new DateTime(2024, 2, 29, 23, 59, 59, DateTimeKind.Utc).AddTicks(9999999)),
            (0.00m, (int?)15, new DateTime(2024, 3, 8, 9, 30, 0, DateTimeKind.Local).AddTicks(1)),
            (-1234567890.1234567891m, (int?)0, DateTime.MinValue),
            (1m, (int?)int.MinValue, DateTime.SpecifyKind(DateTime.MaxValue, DateTimeKind.Utc)),
        })
        {
            var quote = orders.GetQuote("SKU-1", 3, price, discount, CustomerTier.Silver, date);

            Assert.Equal(("SKU-1", 3, discount, CustomerTier.Silver, date.Ticks, date.Kind),
                (quote.Sku, quote.Quantity, quote.DiscountPercent, quote.Tier, quote.PriceDate.Ticks, quote.PriceDate.Kind));
            Assert.Equal(decimal.GetBits(price), decimal.GetBits(quote.UnitPrice));
            Assert.Equal(decimal.GetBits(Pricing.QuoteTotal(3, price, discount, CustomerTier.Silver)), decimal.GetBits(quote.Total));
        }

        // null and empty strings stay apart.
        Assert.Null(orders.GetQuote(null, 0, 0m, null, CustomerTier.Standard, default).Sku);
        Assert.Equal(string.Empty, orders.GetQuote(string.Empty, 0, 0m, null, CustomerTier.Standard, default).Sku);
    }

    [Fact]
    public void TypedFault_ArrivesAsFaultExceptionOfTheDetailType_AndTheProxyGoesOn()
    {
        var orders = Host.Clients.CreateOrderService();
        using var _ = (IDisposable)orders;
        var unknown = Guid.NewGuid();

        var fault = Assert.Throws<FaultException<OrderFault>>(() => orders.CancelOrder(unknown, "changed my mind"));

        Assert.Equal("OrderNotFound", fault.Detail.Code);
        Assert.Equal(unknown, fault.Detail.OrderId);
        Assert.Null(fault.Detail.CurrentStatus);
        Assert.Equal(DateTimeKind.Utc, fault.Detail.OccurredAt.Kind);
        Assert.Equal($"Order {unknown} does not exist.", fault.Reason.ToString());
        Assert.Equal("OrderNotFound", fault.Code.Name);
        Assert.Equal(CommunicationState.Opened, ((ICommunicationObject)orders).State);

        var placed = orders.PlaceOrder(Values.SparseOrder());
        Assert.Equal(OrderStatus.Cancelled, orders.CancelOrder(placed.Id, "again").Status);
        var again = Assert.Throws<FaultException<OrderFault>>(() => orders.CancelOrder(placed.Id, "twice"));
        Assert.Equal(("AlreadyCancelled", (OrderStatus?)OrderStatus.Cancelled), (again.Detail.Code, again.Detail.CurrentStatus));
    }

    [Fact]
    public void UnexpectedException_IsAFaultWithoutTheExceptionsText_AndTheServiceGoesOn()
    {
        var stock = Host.Clients.CreateStockWatch(new RecordingCallback());
        using var _ = (IDisposable)stock;

        // The service adds a null key to a dictionary: ArgumentNullException inside the service.
        var fault = Assert.Throws<FaultException>(() => stock.AdjustStock(null, 1));

        Assert.Equal("InternalServiceFault", fault.Code.SubCode?.Name);
        Assert.DoesNotContain("ArgumentNullException", fault.Message, StringComparison.Ordinal);
        Assert.Equal("SKU-1002", stock.AdjustStock("SKU-1002", 0).Sku);
    }

    [Fact]
    public async Task OneWay_ReturnsBeforeTheWorkEnds_AndTheWorkCompletes()
    {
        var inventory = Host.Clients.CreateInventoryService();
        using var _ = (IDisposable)inventory;
        var request = Guid.NewGuid();

        inventory.RequestRestock(request, "SKU-ONEWAY", 5);

        // The service sleeps 2 s inside the operation; the call returned before that work could end.
        Assert.NotEqual("Completed", inventory.GetRestockStatus(request).State);
        var status = await Eventually(() => inventory.GetRestockStatus(request), s => s.State == "Completed");
        Assert.Equal(("SKU-ONEWAY", 5), (status.Result.Sku, status.Result.OnHand));
        Assert.True(status.StartedAt <= status.CompletedAt);
    }

    [Fact]
    public async Task DuplexCallbacks_ReachTheCallbackObject_InOrder_OnlyForWatchedSkus()
    {
        var mine = new RecordingCallback();
        var other = new RecordingCallback();
        var watch = Host.Clients.CreateStockWatch(mine);
        var otherWatch = Host.Clients.CreateStockWatch(other);
        using var _ = (IDisposable)watch;
        using var __ = (IDisposable)otherWatch;

        Assert.Equal(2, watch.Subscribe(["SKU-1001", "SKU-DUPLEX"]));
        Assert.Equal(1, otherWatch.Subscribe(["SKU-2001"]));

        // The current level of each SKU is called back, in order. A one-way callback is dispatched on the client's
        // own thread, in WCF as here, so it may run after Subscribe has returned: wait for it.
        var initial = await Eventually(() => mine.Levels.ToList(), l => l.Count == 2);
        Assert.Equal(["SKU-1001", "SKU-DUPLEX"], initial.Select(l => l.Sku));

        var adjusted = otherWatch.AdjustStock("SKU-DUPLEX", 7);
        var called = await Eventually(() => mine.Levels.ToList(), l => l.Count == 3);

        Assert.Equal(("SKU-DUPLEX", adjusted.OnHand, adjusted.ChangedAt), (called[2].Sku, called[2].OnHand, called[2].ChangedAt));
        Assert.Equal(["SKU-2001"], other.Levels.Select(l => l.Sku));
    }

    [Fact]
    public void PerSession_KeepsOneInstanceAndItsStatePerProxy()
    {
        var first = Host.Clients.CreateShoppingCart();
        var second = Host.Clients.CreateShoppingCart();
        using var _ = (IDisposable)first;
        using var __ = (IDisposable)second;

        Assert.Equal(1, first.AddLine(new OrderLine { Sku = "A", Quantity = 1, UnitPrice = 1.50m }));
        Assert.Equal(1, second.AddLine(new OrderLine { Sku = "B", Quantity = 2, UnitPrice = 2m }));
        Assert.Equal(2, first.AddLine(new OrderLine { Sku = "C", Quantity = 1, UnitPrice = 0.25m, DiscountPercent = 10 }));

        var summary = first.GetSummary();
        var other = second.GetSummary();
        Assert.Equal(["A", "C"], summary.Lines.Select(l => l.Sku));
        Assert.Equal(1.725m, summary.Subtotal);
        Assert.Equal(("PerSession", 3), (summary.Instance.InstanceMode, summary.Instance.CallsOnInstance));
        Assert.Equal(["B"], other.Lines.Select(l => l.Sku));
        Assert.NotEqual(summary.Instance.InstanceId, other.Instance.InstanceId);
    }

    [Fact]
    public void PerCall_GivesEveryCallANewInstance()
    {
        var orders = Host.Clients.CreateOrderService();
        using var _ = (IDisposable)orders;

        var (first, second) = (orders.Describe(), orders.Describe());

        Assert.Equal(("PerCall", 1, 1), (first.InstanceMode, first.CallsOnInstance, second.CallsOnInstance));
        Assert.NotEqual(first.InstanceId, second.InstanceId);
    }

    [Fact]
    public async Task Single_OneInstanceForEveryClient_WithItsCallsOneAtATime()
    {
        var clients = Enumerable.Range(0, 3).Select(_ => Host.Clients.CreateWarehouse()).ToList();
        try
        {
            var reservations = await Task.WhenAll(clients.Select(c => Task.Run(() => c.Reserve("SKU-1001", 1))));

            Assert.All(reservations, r => Assert.Equal(1, r.ConcurrentCalls));
            Assert.Single(reservations.Select(r => r.Instance.InstanceId).Append(clients[0].Describe().InstanceId).Distinct());
            Assert.Equal(3, reservations.Select(r => r.Number).Distinct().Count());
        }
        finally
        {
            clients.ForEach(c => ((IDisposable)c).Dispose());
        }
    }

    [Fact]
    public void Deadline_IsTheSendTimeout_AndThrowsTimeoutException()
    {
        // A reservation holds the singleton 200 ms; a deadline of 1 ms passes before the answer comes.
        using var factory = Host.Factory(new ClientProxyOptions { SendTimeout = TimeSpan.FromMilliseconds(1) });
        var warehouse = factory.CreateWarehouse();

        Assert.Throws<TimeoutException>(() => warehouse.Reserve("SKU-1001", 1));
    }

    [Fact]
    public void Proxy_IsACommunicationObject_OpenedByItsFirstCall_AndUnusableOnceClosed()
    {
        var orders = Host.Clients.CreateOrderService();
        var proxy = (ICommunicationObject)orders;
        var events = new ConcurrentQueue<string>();
        proxy.Opened += (_, _) => events.Enqueue("Opened");
        proxy.Closed += (_, _) => events.Enqueue("Closed");

        Assert.Equal(CommunicationState.Created, proxy.State);
        orders.Describe();
        Assert.Equal(CommunicationState.Opened, proxy.State);
        proxy.Close();

        Assert.Equal(CommunicationState.Closed, proxy.State);
        Assert.Equal(["Opened", "Closed"], events);
        Assert.Throws<ObjectDisposedException>(() => orders.Describe());
    }

    [Fact]
    public async Task Proxy_CarriesCallsFromSeveralThreadsAtOnce()
    {
        var orders = Host.Clients.CreateOrderService();
        using var _ = (IDisposable)orders;

        var described = await Task.WhenAll(Enumerable.Range(0, 8).Select(_ => Task.Run(orders.Describe)));

        Assert.Equal(8, described.Select(d => d.InstanceId).Distinct().Count());
    }

    private static async Task<T> Eventually<T>(Func<T> read, Func<T, bool> done)
    {
        var until = DateTime.UtcNow + Patience;
        while (true)
        {
            var value = read();
            if (done(value) || DateTime.UtcNow > until)
            {
                Assert.True(done(value), "The expected state was not reached within a minute.");
                return value;
            }

            await Task.Delay(50);
        }
    }

    private sealed class RecordingCallback : IStockWatchCallback
    {
        private readonly ConcurrentQueue<StockLevel> _levels = new();

        public IReadOnlyCollection<StockLevel> Levels => _levels;

        public void StockChanged(StockLevel level) => _levels.Enqueue(level);
    }
}

/// <summary>The implementation serving a contract several classes implement is hosting's choice.</summary>
public sealed class ImplementationChoiceTests
{
    [Theory]
    [InlineData(LegacyWcf.Contracts.Grpc.SimpleImplementation.SimpleMultiple, typeof(SimpleMultiple), typeof(SimpleSingle))]
    [InlineData(LegacyWcf.Contracts.Grpc.SimpleImplementation.SimpleSingle, typeof(SimpleSingle), typeof(SimpleMultiple))]
    public async Task TheChosenClassServesTheContract(LegacyWcf.Contracts.Grpc.SimpleImplementation choice, Type served, Type notServed)
    {
        await using var host = await SampleHost.StartAsync(o => o.Simple = choice);
        var simple = host.Clients.CreateSimple();

        simple.Put();

        // Both classes are registered (the choice is options, read when the adapters are mapped); one adapter is mapped.
        var mapped = host.Services.GetRequiredService<Microsoft.AspNetCore.Routing.EndpointDataSource>().Endpoints
            .Select(e => e.Metadata.GetMetadata<global::Grpc.AspNetCore.Server.GrpcMethodMetadata>()?.ServiceType)
            .OfType<Type>()
            .Where(t => t.IsGenericType && t.GetGenericTypeDefinition() == typeof(LegacyWcf.Contracts.Grpc.SimpleAdapter<>))
            .Distinct()
            .ToList();
        Assert.Equal([typeof(LegacyWcf.Contracts.Grpc.SimpleAdapter<>).MakeGenericType(served)], mapped);
        Assert.DoesNotContain(typeof(LegacyWcf.Contracts.Grpc.SimpleAdapter<>).MakeGenericType(notServed), mapped);
        ((IDisposable)simple).Dispose();
    }
}
