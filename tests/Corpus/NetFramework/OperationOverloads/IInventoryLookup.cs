using System.Runtime.Serialization;
using System.ServiceModel;

namespace AdventureWorks.Warehouse.Inventory
{
    [DataContract]
    public class StockLevel
    {
        [DataMember] public string Sku { get; set; }
        [DataMember] public string WarehouseCode { get; set; }
        [DataMember] public int OnHand { get; set; }
        [DataMember] public int Reserved { get; set; }
    }

    [ServiceContract]
    public interface IInventoryLookup
    {
        // WCF needs distinct Names for overloads; these three are how most codebases do it.
        [OperationContract(Name = "GetStockBySku")]
        StockLevel GetStock(string sku);

        [OperationContract(Name = "GetStockBySkuAndWarehouse")]
        StockLevel GetStock(string sku, string warehouseCode);

        [OperationContract(Name = "GetStockByProductId")]
        StockLevel GetStock(int productId);

        [OperationContract(Name = "reserve_stock")]
        bool Reserve(string sku, int quantity);
    }

    /// <summary>A contract WCF itself refuses at runtime (two operations named Release); it compiles fine.</summary>
    [ServiceContract]
    public interface IInventoryRelease
    {
        [OperationContract]
        void Release(string sku);

        [OperationContract]
        void Release(string sku, int quantity);
    }
}
