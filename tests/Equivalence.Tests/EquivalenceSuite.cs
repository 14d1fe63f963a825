using System.Globalization;
using System.ServiceModel;
using LegacyWcf.Contracts;

namespace MigrateWcf.Equivalence.Tests;

/// <summary>The two <see cref="ISimple"/> services of the classic benchmark.</summary>
public enum SimpleImplementation
{
    /// <summary><c>Simple/Single</c>: PerCall, ConcurrencyMode.Single.</summary>
    ConcurrencySingle,

    /// <summary><c>Simple/Multiple</c>: PerCall, ConcurrencyMode.Multiple.</summary>
    ConcurrencyMultiple,
}

/// <summary>
/// The equivalence suite: every operation of every sample contract, called through the original WCF interfaces, with the
/// same assertions for each side. A side is a subclass that says how to reach the sample's services by implementing the
/// factories below; behaviours it does not reproduce are declared on it with <see cref="KnownDivergenceAttribute"/> and
/// the matching <see cref="DivergentFactAttribute"/> tests are skipped there with the reason, nowhere else.
/// </summary>
/// <remarks>
/// Each factory returns a new client: a new connection, and a new session for sessionful contracts, ready to call. The
/// suite closes every client it creates (see <see cref="ClientLifetime.Close"/>: a WCF channel is closed, anything else
/// disposed). Tests that need no fresh session use a client shared by all tests of the side (<see cref="SharedClients"/>),
/// so the suite opens few connections. Assertions are on values and on the order of events, never on durations.
/// </remarks>
public abstract partial class EquivalenceSuite : IDisposable
{
    private readonly SharedClients _shared;
    private readonly List<object> _fresh = new();

    protected EquivalenceSuite(SharedClients shared)
    {
        _shared = shared;
    }

    /// <summary>A new <see cref="IOrderService"/> client (PerCall service).</summary>
    protected abstract IOrderService CreateOrderService();

    /// <summary>A new <see cref="IInventoryService"/> client (PerCall service with a one-way operation).</summary>
    protected abstract IInventoryService CreateInventoryService();

    /// <summary>A new <see cref="IStockWatch"/> session whose callbacks arrive on <paramref name="callback"/>.</summary>
    protected abstract IStockWatch CreateStockWatch(IStockWatchCallback callback);

    /// <summary>A new <see cref="IShoppingCart"/> session (PerSession service).</summary>
    protected abstract IShoppingCart CreateShoppingCart();

    /// <summary>
    /// A new <see cref="IWarehouse"/> client (Single service). With <paramref name="operationTimeout"/>, every call of this
    /// client has that deadline (WCF's <c>IContextChannel.OperationTimeout</c>) and fails with <see cref="TimeoutException"/>
    /// when it passes; connecting is not part of it.
    /// </summary>
    protected abstract IWarehouse CreateWarehouse(TimeSpan? operationTimeout = null);

    /// <summary>A new <see cref="ISimple"/> client of one of the two benchmark services.</summary>
    protected abstract ISimple CreateSimple(SimpleImplementation implementation);

    /// <summary>The side's shared order client.</summary>
    protected IOrderService SharedOrders => _shared.Get(CreateOrderService);

    /// <summary>The side's shared inventory client (never used for one-way calls, see <see cref="RequestRestock_ReturnsBeforeTheWorkEnds_AndTheWorkCompletes"/>).</summary>
    protected IInventoryService SharedInventory => _shared.Get(CreateInventoryService);

    /// <summary>The side's shared warehouse client (no operation timeout).</summary>
    protected IWarehouse SharedWarehouse => _shared.Get(() => CreateWarehouse());

    /// <summary>Registers a client this test created, to be closed when the test ends.</summary>
    protected T Fresh<T>(T client)
        where T : class
    {
        _fresh.Add(client);
        return client;
    }

    public void Dispose()
    {
        for (int i = _fresh.Count - 1; i >= 0; i--)
        {
            ClientLifetime.Close(_fresh[i]);
        }

        _fresh.Clear();
        GC.SuppressFinalize(this);
    }

    /// <summary>Value and scale: 1.0 and 1.00 are equal decimals but not the same value to a caller that prints them.</summary>
    protected static void AssertExact(decimal expected, decimal actual, string what)
    {
        string expectedText = expected.ToString(CultureInfo.InvariantCulture);
        string actualText = actual.ToString(CultureInfo.InvariantCulture);
        Assert.True(expectedText == actualText, $"{what}: expected {expectedText} (scale {expected.Scale}), got {actualText} (scale {actual.Scale})");
    }

    /// <summary>Ticks and Kind, so a Local value that came back as UTC (or shifted) fails.</summary>
    protected static void AssertExact(DateTime expected, DateTime actual, string what) =>
        Assert.True(expected.Ticks == actual.Ticks && expected.Kind == actual.Kind,
            $"{what}: expected {expected:O} ({expected.Kind}, {expected.Ticks} ticks), got {actual:O} ({actual.Kind}, {actual.Ticks} ticks)");

    protected static void AssertExact(DateTime? expected, DateTime? actual, string what)
    {
        Assert.True(expected.HasValue == actual.HasValue, $"{what}: expected {(expected.HasValue ? "a value" : "null")}, got {actual?.ToString("O") ?? "null"}");
        if (expected.HasValue)
        {
            AssertExact(expected.Value, actual!.Value, what);
        }
    }

    /// <summary>
    /// Waits until <paramref name="condition"/> holds (callbacks and one-way work complete on other threads). The limit
    /// only keeps a broken side from hanging the run; nothing is asserted about how long it took.
    /// </summary>
    protected static void WaitUntil(Func<bool> condition, Func<string> describe)
    {
        DateTime giveUp = DateTime.UtcNow.AddMinutes(1);
        while (!condition())
        {
            if (DateTime.UtcNow > giveUp)
            {
                Assert.Fail("gave up waiting: " + describe());
            }

            Thread.Sleep(50);
        }
    }

    /// <summary>WCF's fault of last resort for an exception no fault contract declares: Receiver / InternalServiceFault.</summary>
    protected static void AssertInternalServiceFault(FaultException fault)
    {
        Assert.True(fault.Code.IsReceiverFault, $"expected a receiver fault, got code {fault.Code.Namespace}:{fault.Code.Name}");
        Assert.Equal("InternalServiceFault", fault.Code.SubCode?.Name);
    }

    /// <summary>The reason text of a fault, in the caller's culture as WCF picks it.</summary>
    protected static string ReasonOf(FaultException fault) => fault.Reason.GetMatchingTranslation().Text;
}
