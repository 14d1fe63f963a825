using System.Collections.Generic;
using System.ServiceModel;

namespace Fabrikam.Warehouse
{
    // The warehouse service is consumed only by the fulfilment host in this assembly, so nothing here is public.
    [ServiceContract(Namespace = "http://fabrikam.com/warehouse/2016")]
    internal interface IInventoryService
    {
        [OperationContract]
        [FaultContract(typeof(StockFault))]
        StockLevel GetStock(string sku);

        [OperationContract]
        List<StockLevel> GetStocks(Bins.Location location);

        [OperationContract(IsOneWay = true)]
        void Adjust(string sku, int delta, AdjustmentReason reason);
    }

    [ServiceContract(Namespace = "http://fabrikam.com/warehouse/2016", CallbackContract = typeof(IStockWatchCallback))]
    internal interface IStockWatch
    {
        [OperationContract(IsOneWay = true)]
        void Watch(string sku);
    }

    internal interface IStockWatchCallback
    {
        [OperationContract(IsOneWay = true)]
        void LevelChanged(StockLevel level);
    }
}
