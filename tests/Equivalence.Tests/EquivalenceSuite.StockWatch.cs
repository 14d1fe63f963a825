using System.ServiceModel;
using LegacyWcf.Contracts;

namespace MigrateWcf.Equivalence.Tests;

/// <summary><see cref="IStockWatch"/>: a duplex session; callbacks arrive on the callback object, interleaved with calls.</summary>
public abstract partial class EquivalenceSuite
{
    [Fact]
    public void Subscribe_CallsBackTheCurrentLevelOfEachSku_OnTheCallbackObject()
    {
        var callbacks = new StockCallbacks();
        IStockWatch watch = Fresh(CreateStockWatch(callbacks));
        string unknown = SampleValues.NewSku("watch");

        Assert.Equal(2, watch.Subscribe(["SKU-1002", unknown]));

        callbacks.WaitForCount(2);
        StockLevel known = callbacks.Of("SKU-1002").Single();
        Assert.Equal(7, known.OnHand);
        AssertExact(new DateTime(2024, 1, 2, 8, 0, 0, DateTimeKind.Utc), known.ChangedAt, "changed at");
        StockLevel fresh = callbacks.Of(unknown).Single();
        Assert.Equal(0, fresh.OnHand);
        Assert.Equal(DateTimeKind.Utc, fresh.ChangedAt.Kind);

        // Subscribing again counts each SKU once and calls back each SKU named again.
        Assert.Equal(2, watch.Subscribe([unknown]));
        callbacks.WaitForCount(3);
    }

    [Fact]
    public void AdjustStock_CallsBackEverySessionWatchingTheSku_InterleavedWithCalls()
    {
        var firstCallbacks = new StockCallbacks();
        var secondCallbacks = new StockCallbacks();
        IStockWatch first = Fresh(CreateStockWatch(firstCallbacks));
        IStockWatch second = Fresh(CreateStockWatch(secondCallbacks));
        string shared = SampleValues.NewSku("shared");
        string secondOnly = SampleValues.NewSku("second");

        Assert.Equal(1, first.Subscribe([shared]));
        Assert.Equal(2, second.Subscribe([shared, secondOnly]));
        firstCallbacks.WaitForCount(1);
        secondCallbacks.WaitForCount(2);

        StockLevel afterFirst = first.AdjustStock(shared, 3);
        StockLevel afterSecond = second.AdjustStock(secondOnly, -2);
        StockLevel afterThird = first.AdjustStock(shared, 4);

        Assert.Equal((shared, 3), (afterFirst.Sku, afterFirst.OnHand));
        Assert.Equal((secondOnly, -2), (afterSecond.Sku, afterSecond.OnHand));
        Assert.Equal((shared, 7), (afterThird.Sku, afterThird.OnHand));

        // Each session hears about exactly the SKUs it watches, in the order the changes happened.
        firstCallbacks.WaitForCount(3);
        secondCallbacks.WaitForCount(5);
        Assert.Equal([0, 3, 7], firstCallbacks.Of(shared).Select(l => l.OnHand));
        Assert.Empty(firstCallbacks.Of(secondOnly));
        Assert.Equal([0, 3, 7], secondCallbacks.Of(shared).Select(l => l.OnHand));
        Assert.Equal([0, -2], secondCallbacks.Of(secondOnly).Select(l => l.OnHand));
        Assert.Equal(3, firstCallbacks.Received.Count);
        Assert.Equal(5, secondCallbacks.Received.Count);
    }

    [Fact]
    public void AdjustStock_NullSku_UnexpectedException_AnswersWithAGenericFault_ThatLeaksNoExceptionText()
    {
        // A null SKU makes the stock book's dictionary throw ArgumentNullException: an exception no [FaultContract] declares.
        IStockWatch watch = Fresh(CreateStockWatch(new StockCallbacks()));

        var fault = Assert.Throws<FaultException>(() => watch.AdjustStock(null!, 1));

        Assert.Equal(typeof(FaultException), fault.GetType());
        Assert.DoesNotContain("cannot be null", ReasonOf(fault), StringComparison.OrdinalIgnoreCase);
        Assert.DoesNotContain("ArgumentNull", ReasonOf(fault), StringComparison.Ordinal);
        Assert.DoesNotContain(" at LegacyWcf", ReasonOf(fault), StringComparison.Ordinal);

        // The service itself is unharmed: a new session works.
        string sku = SampleValues.NewSku("after-error");
        IStockWatch next = Fresh(CreateStockWatch(new StockCallbacks()));
        Assert.Equal(1, next.AdjustStock(sku, 1).OnHand);
    }

    [DivergentFact(Divergence.UnexpectedExceptionIsReceiverFault)]
    public void AdjustStock_NullSku_UnexpectedException_IsTheReceiversInternalServiceFault()
    {
        IStockWatch watch = Fresh(CreateStockWatch(new StockCallbacks()));

        var fault = Assert.Throws<FaultException>(() => watch.AdjustStock(null!, 1));

        AssertInternalServiceFault(fault);
    }

    /// <summary>
    /// Records callbacks in arrival order. Not bound to a synchronization context, so a callback never waits for the test
    /// thread that is blocked in a call (WCF's default would post it to xunit's context).
    /// </summary>
    [CallbackBehavior(UseSynchronizationContext = false)]
    public sealed class StockCallbacks : IStockWatchCallback
    {
        private readonly List<StockLevel> _received = new();

        public IReadOnlyList<StockLevel> Received
        {
            get
            {
                lock (_received)
                {
                    return _received.ToList();
                }
            }
        }

        public void StockChanged(StockLevel level)
        {
            lock (_received)
            {
                _received.Add(level);
            }
        }

        public IReadOnlyList<StockLevel> Of(string sku) => Received.Where(l => l.Sku == sku).ToList();

        public void WaitForCount(int count) =>
            WaitUntil(() => Received.Count >= count, () => $"{Received.Count} of {count} callbacks: {string.Join(", ", Received.Select(l => $"{l.Sku}={l.OnHand}"))}");
    }
}
