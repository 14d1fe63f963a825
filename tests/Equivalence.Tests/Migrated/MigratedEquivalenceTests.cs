using LegacyWcf.Contracts;

namespace MigrateWcf.Equivalence.Tests.Migrated;

/// <summary>
/// The migrated side: the client proxies migrate-wcf generated (implementing the original interfaces) over a Unix socket
/// to samples/Migrated/Host, which serves the sample's unchanged implementation classes through the generated adapters
/// on grpc-dotnet. It declares no <see cref="KnownDivergenceAttribute"/>: every test runs, and must show .NET Framework
/// WCF's behaviour.
/// </summary>
[System.Runtime.Versioning.UnsupportedOSPlatform("windows")]
public sealed class MigratedEquivalenceTests(MigratedService migrated) : EquivalenceSuite(migrated.Clients), IClassFixture<MigratedService>
{
    protected override IOrderService CreateOrderService() => migrated.CreateOrderService();

    protected override IInventoryService CreateInventoryService() => migrated.CreateInventoryService();

    protected override IStockWatch CreateStockWatch(IStockWatchCallback callback) => migrated.CreateStockWatch(callback);

    protected override IShoppingCart CreateShoppingCart() => migrated.CreateShoppingCart();

    protected override IWarehouse CreateWarehouse(TimeSpan? operationTimeout = null) => migrated.CreateWarehouse(operationTimeout);

    protected override ISimple CreateSimple(SimpleImplementation implementation) => migrated.CreateSimple(implementation);
}
