using LegacyWcf.Contracts;
using MigrateWcf.Equivalence.Tests;

namespace MigrateWcf.Windows.Tests.Equivalence;

/// <summary>
/// tests/Equivalence.Tests' suite (linked: the same assertions as against the legacy WCF service on Mono and the migrated
/// one on Unix sockets) over named pipes on Windows: values of every mapped type, typed and untyped faults, unexpected
/// exceptions, one-way, duplex callbacks, PerCall / PerSession / Single instancing, ConcurrencyMode.Single, deadlines.
/// No divergence is declared: every test runs.
/// </summary>
public sealed class PipeEquivalenceTests(PipeService pipes) : EquivalenceSuite(pipes.Clients), IClassFixture<PipeService>
{
    private readonly LegacyWcf.Contracts.Grpc.MigratedClientFactory _clients = pipes.Factory(pipes.Pipe);

    protected override IOrderService CreateOrderService() => _clients.CreateOrderService();

    protected override IInventoryService CreateInventoryService() => _clients.CreateInventoryService();

    protected override IStockWatch CreateStockWatch(IStockWatchCallback callback) => _clients.CreateStockWatch(callback);

    protected override IShoppingCart CreateShoppingCart() => _clients.CreateShoppingCart();

    protected override IWarehouse CreateWarehouse(TimeSpan? operationTimeout = null) =>
        (operationTimeout is { } timeout ? pipes.Factory(pipes.Pipe, timeout) : _clients).CreateWarehouse();

    protected override ISimple CreateSimple(SimpleImplementation implementation) =>
        (implementation == SimpleImplementation.ConcurrencySingle ? pipes.Factory(pipes.SimpleSinglePipe) : _clients).CreateSimple();
}
