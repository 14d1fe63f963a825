// Compiled by ClientsAndAccessibilityTests together with tests/Corpus/NetFramework/InternalContracts, protoc's output
// and the emitted C#, as a migrated project would be. Everything the scenario declares is internal, so is the generated
// code that names it; this driver, in the same assembly, serves and calls it.
#nullable enable
using System;
using System.ServiceModel;
using System.Threading.Tasks;
using Fabrikam.Warehouse;
using Generated = Fabrikam.Warehouse.Grpc;
using Microsoft.AspNetCore.Builder;
using MigrateWcf.Runtime;
using Xunit;

namespace InternalContractsCheck
{
    public static class Driver
    {
        /// <summary>The default implementation (the first by name) answers; the options choose the other one; its fault and callback travel.</summary>
        public static async Task ServeAsync(string socketPath, bool chooseInventoryService)
        {
            var endpoint = GrpcEndpoint.UnixSocket(socketPath);
            var builder = WebApplication.CreateSlimBuilder();
            builder.AddGrpcEndpoint(endpoint);
            Generated.MigratedServices.AddMigratedServices(builder.Services, options =>
            {
                if (chooseInventoryService)
                {
                    options.InventoryService = Generated.InventoryServiceImplementation.InventoryService;
                }
            });
            await using var app = builder.Build();
            Generated.MigratedServices.MapMigratedServices(app);
            await app.StartAsync();
            using var factory = new Generated.MigratedClientFactory(endpoint);

            var inventory = factory.CreateInventoryService();
            try
            {
                var stock = inventory.GetStock("BOLT-8");
                if (!chooseInventoryService)
                {
                    // CachedInventoryService, the default: it knows every SKU and has one of each.
                    Assert.Equal(("BOLT-8", 1, "cache"), (stock.Sku, stock.OnHand, stock.Where.Aisle));
                    return;
                }

                Assert.Equal(("BOLT-8", 120, "A", 3), (stock.Sku, stock.OnHand, stock.Where.Aisle, stock.Where.Shelf));
                var fault = Assert.Throws<FaultException<StockFault>>(() => inventory.GetStock("NUT-2"));
                Assert.Equal(("NUT-2", "unknown SKU"), (fault.Detail.Sku, fault.Detail.Reason));
            }
            finally
            {
                ((IDisposable)inventory).Dispose();
            }

            var watcher = new Watcher();
            var watch = factory.CreateStockWatch(watcher);
            try
            {
                watch.Watch("BOLT-8");
                var level = await watcher.Changed.Task.WaitAsync(TimeSpan.FromMinutes(1));
                Assert.Equal(("BOLT-8", 120), (level.Sku, level.OnHand));
            }
            finally
            {
                ((IDisposable)watch).Dispose();
            }
        }

        private sealed class Watcher : IStockWatchCallback
        {
            public TaskCompletionSource<StockLevel> Changed { get; } = new(TaskCreationOptions.RunContinuationsAsynchronously);

            public void LevelChanged(StockLevel level) => Changed.TrySetResult(level);
        }
    }
}
