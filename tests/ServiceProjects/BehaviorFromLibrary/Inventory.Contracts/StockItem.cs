using System.Runtime.Serialization;

namespace Inventory.Contracts
{
    [DataContract(Namespace = "http://contoso.com/inventory/2014")]
    public class StockItem
    {
        [DataMember]
        public string Sku { get; set; }

        [DataMember]
        public string Name { get; set; }

        [DataMember]
        public int OnHand { get; set; }
    }
}
