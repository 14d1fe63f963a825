using System.Collections.Generic;
using System.Linq;
using System.ServiceModel;

namespace Fabrikam.Warehouse
{
    [ServiceBehavior(InstanceContextMode = InstanceContextMode.Single, ConcurrencyMode = ConcurrencyMode.Multiple)]
    internal class InventoryService : IInventoryService, IStockWatch
    {
        private readonly Dictionary<string, StockLevel> levels = new Dictionary<string, StockLevel>
        {
            ["BOLT-8"] = new StockLevel { Sku = "BOLT-8", OnHand = 120, Where = new Bins.Location { Aisle = "A", Shelf = 3 } },
        };

        public StockLevel GetStock(string sku)
        {
            lock (levels)
            {
                if (!levels.TryGetValue(sku, out var level))
                {
                    throw new FaultException<StockFault>(new StockFault { Sku = sku, Reason = "unknown SKU" }, "Unknown SKU " + sku);
                }

                return level;
            }
        }

        public List<StockLevel> GetStocks(Bins.Location location)
        {
            lock (levels)
            {
                return levels.Values.Where(l => l.Where != null && l.Where.Aisle == location.Aisle).ToList();
            }
        }

        public void Adjust(string sku, int delta, AdjustmentReason reason)
        {
            lock (levels)
            {
                if (levels.TryGetValue(sku, out var level))
                {
                    level.OnHand += delta;
                    level.LastReason = reason;
                }
            }
        }

        public void Watch(string sku)
        {
            var callback = OperationContext.Current.GetCallbackChannel<IStockWatchCallback>();
            callback.LevelChanged(GetStock(sku));
        }
    }

    // Used by the integration tests instead of the database-backed service.
    internal sealed class CachedInventoryService : IInventoryService
    {
        public StockLevel GetStock(string sku) => new StockLevel { Sku = sku, OnHand = 1, Where = new Bins.Location { Aisle = "cache", Shelf = 0 } };

        public List<StockLevel> GetStocks(Bins.Location location) => new List<StockLevel>();

        public void Adjust(string sku, int delta, AdjustmentReason reason)
        {
        }
    }
}
