using System.Runtime.Serialization;
using System.ServiceModel;

namespace Stock.Web
{
    [ServiceContract]
    public interface IStockService
    {
        [OperationContract]
        string GetWarehouse();

        [OperationContract]
        StockLevel GetStockLevel(string sku);
    }

    [DataContract]
    public class StockLevel
    {
        [DataMember]
        public string Sku { get; set; }

        [DataMember]
        public int Quantity { get; set; }

        [DataMember]
        public string Warehouse { get; set; }
    }
}
