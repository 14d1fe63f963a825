using System.Collections.Generic;
using System.ServiceModel;

namespace Inventory.Service
{
    // Only this process hosts the service; nothing outside the assembly needs the contract.
    [ServiceContract(Namespace = "urn:inventory")]
    internal interface IInventory
    {
        [OperationContract]
        StockItem GetItem(string sku);

        [OperationContract]
        List<StockItem> GetLowStock(int threshold);

        [OperationContract]
        int Adjust(string sku, int delta);
    }
}
