using System.Collections.Generic;
using System.ServiceModel;

namespace Inventory.Contracts
{
    [ServiceContract(Namespace = "http://contoso.com/inventory/2014")]
    public interface IInventoryService
    {
        [OperationContract]
        StockItem GetItem(string sku);

        [OperationContract]
        List<StockItem> ListItems();

        [OperationContract]
        int Reserve(string sku, int quantity);
    }
}
