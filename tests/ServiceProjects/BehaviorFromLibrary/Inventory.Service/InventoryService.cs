using System.Collections.Generic;
using System.Linq;
using System.ServiceModel;
using Inventory.Contracts;
using Inventory.Contracts.Behaviors;

namespace Inventory.Service
{
    [LogBehavior]
    [ServiceBehavior(InstanceContextMode = InstanceContextMode.Single, ConcurrencyMode = ConcurrencyMode.Single)]
    public class InventoryService : IInventoryService
    {
        private readonly List<StockItem> _items = new List<StockItem>
        {
            new StockItem { Sku = "A-100", Name = "Widget", OnHand = 12 },
            new StockItem { Sku = "B-200", Name = "Gadget", OnHand = 3 },
        };

        public StockItem GetItem(string sku)
        {
            return _items.FirstOrDefault(i => i.Sku == sku);
        }

        public List<StockItem> ListItems()
        {
            return _items.ToList();
        }

        public int Reserve(string sku, int quantity)
        {
            var item = GetItem(sku);
            if (item == null || item.OnHand < quantity)
            {
                return 0;
            }

            item.OnHand -= quantity;
            return quantity;
        }
    }
}
