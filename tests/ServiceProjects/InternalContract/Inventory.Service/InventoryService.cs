using System.Collections.Generic;
using System.Linq;
using System.ServiceModel;

namespace Inventory.Service
{
    [ServiceBehavior(InstanceContextMode = InstanceContextMode.Single, ConcurrencyMode = ConcurrencyMode.Single)]
    internal sealed class InventoryService : IInventory
    {
        private readonly Dictionary<string, StockItem> _items = new Dictionary<string, StockItem>
        {
            { "A-100", new StockItem { Sku = "A-100", Description = "Hex bolt M8", OnHand = 120 } },
            { "A-200", new StockItem { Sku = "A-200", Description = "Washer 8mm", OnHand = 4 } },
        };

        public StockItem GetItem(string sku)
        {
            StockItem item;
            return sku != null && _items.TryGetValue(sku, out item) ? item : null;
        }

        public List<StockItem> GetLowStock(int threshold)
        {
            return _items.Values.Where(i => i.OnHand <= threshold).OrderBy(i => i.Sku).ToList();
        }

        public int Adjust(string sku, int delta)
        {
            StockItem item;
            if (sku == null || !_items.TryGetValue(sku, out item))
            {
                return 0;
            }

            item.OnHand += delta;
            return item.OnHand;
        }
    }
}
