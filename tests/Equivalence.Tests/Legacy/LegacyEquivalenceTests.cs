using LegacyWcf.Contracts;

namespace MigrateWcf.Equivalence.Tests.Legacy;

/// <summary>
/// The legacy side: the .NET 10 WCF client (System.ServiceModel.NetTcp) calling the real net472 sample host running on
/// Mono 6.8 over net.tcp. Every divergence of Mono from .NET Framework WCF that the suite meets is declared here, with the
/// reason, and nowhere else; the fault wire format is repaired on the client (<see cref="MonoFaultFixBindingElement"/>).
/// </summary>
[KnownDivergence(Divergence.FaultDetailKeepsDateTimeKind,
    "Mono 6.8 loses the Kind of a DateTime inside a fault detail: OrderFault.OccurredAt, set from DateTime.UtcNow, arrives "
    + "as DateTimeKind.Unspecified. Outside fault details every Kind round-trips (asserted by the other tests).")]
[KnownDivergence(Divergence.UntypedFaultKeepsReason,
    "Mono 6.8 answers a plain FaultException thrown by an operation with its generic InternalServiceFault (\"The server was "
    + "unable to process the request due to an internal error...\") instead of the exception's reason and code.")]
[KnownDivergence(Divergence.UnexpectedExceptionAnswersWithFault,
    "Mono 6.8 sends no reply at all when GetQuote's decimal multiplication overflows (an OverflowException; the host prints "
    + "it on stdout), so the caller waits out its whole operation timeout instead of getting a generic fault. Other "
    + "unexpected exceptions (ArgumentNullException, asserted) do get a generic fault.")]
[KnownDivergence(Divergence.UnexpectedExceptionIsReceiverFault,
    "Mono 6.8's generic fault has the code InternalServiceFault in the WS-Addressing namespace, not a receiver fault with "
    + "the subcode InternalServiceFault.")]
[KnownDivergence(Divergence.SingletonSerializesCalls,
    "Mono 6.8 does not enforce ConcurrencyMode.Single on an InstanceContextMode.Single service: calls from several connections "
    + "run inside the singleton at once (measured with three clients: Reservation.ConcurrentCalls 2 and 3).")]
public sealed class LegacyEquivalenceTests(LegacyWcfService legacy) : EquivalenceSuite(legacy.Clients), IClassFixture<LegacyWcfService>
{
    protected override IOrderService CreateOrderService() => legacy.Create<IOrderService>(Endpoints.Orders);

    protected override IInventoryService CreateInventoryService() => legacy.Create<IInventoryService>(Endpoints.Inventory);

    protected override IStockWatch CreateStockWatch(IStockWatchCallback callback) => legacy.CreateDuplex<IStockWatch>(Endpoints.StockWatch, callback);

    protected override IShoppingCart CreateShoppingCart() => legacy.Create<IShoppingCart>(Endpoints.Cart);

    protected override IWarehouse CreateWarehouse(TimeSpan? operationTimeout = null) => legacy.Create<IWarehouse>(Endpoints.Warehouse, operationTimeout);

    protected override ISimple CreateSimple(SimpleImplementation implementation) => legacy.Create<ISimple>(
        implementation == SimpleImplementation.ConcurrencySingle ? Endpoints.SimpleSingle : Endpoints.SimpleMultiple);

    /// <summary>
    /// Legacy only: the client-side fault fix is still needed. Over the sample's binding as it is, Mono's fault reply (no
    /// RelatesTo) never reaches the .NET client, whose call ends only at its operation timeout. When a Mono update makes
    /// this fail, the fix can go.
    /// </summary>
    [Fact]
    public void WithoutTheFaultFix_MonosTypedFaultNeverReachesTheDotNetClient()
    {
        IOrderService unrepaired = Fresh(legacy.CreateWithoutFaultFix<IOrderService>(Endpoints.Orders, operationTimeout: TimeSpan.FromSeconds(3)));

        Assert.Throws<TimeoutException>(() => unrepaired.CancelOrder(Guid.NewGuid(), "no such order"));
    }
}
