using LegacyWcf.Contracts;

namespace MigrateWcf.Equivalence.Tests.Migrated;

/// <summary>
/// The migrated side: the client proxies migrate-wcf generated (implementing the original interfaces) over a Unix socket
/// to samples/Migrated/Host, which serves the sample's unchanged implementation classes through the generated adapters
/// on grpc-dotnet; unary calls travel on the host's local call lane (the default). It declares no
/// <see cref="KnownDivergenceAttribute"/>: every test runs, and must show .NET Framework WCF's behaviour.
/// </summary>
[System.Runtime.Versioning.UnsupportedOSPlatform("windows")]
public sealed class MigratedEquivalenceTests(MigratedService migrated) : MigratedSide(migrated), IClassFixture<MigratedService>;

/// <summary>The same suite with the generated clients' call lane off: every call an HTTP/2 request to the same host.</summary>
[System.Runtime.Versioning.UnsupportedOSPlatform("windows")]
public sealed class MigratedOverHttp2EquivalenceTests(MigratedServiceOverHttp2 migrated) : MigratedSide(migrated), IClassFixture<MigratedServiceOverHttp2>;

/// <summary>The suite's factory methods on a migrated service.</summary>
[System.Runtime.Versioning.UnsupportedOSPlatform("windows")]
public abstract class MigratedSide(MigratedService migrated) : EquivalenceSuite(migrated.Clients)
{
    protected override IOrderService CreateOrderService() => migrated.CreateOrderService();

    protected override IInventoryService CreateInventoryService() => migrated.CreateInventoryService();

    protected override IStockWatch CreateStockWatch(IStockWatchCallback callback) => migrated.CreateStockWatch(callback);

    protected override IShoppingCart CreateShoppingCart() => migrated.CreateShoppingCart();

    protected override IWarehouse CreateWarehouse(TimeSpan? operationTimeout = null) => migrated.CreateWarehouse(operationTimeout);

    protected override ISimple CreateSimple(SimpleImplementation implementation) => migrated.CreateSimple(implementation);
}
