using System.Runtime.Serialization;

namespace Inventory.Service
{
    [DataContract(Namespace = "urn:inventory")]
    internal class StockItem
    {
        [DataMember]
        public string Sku { get; set; }

        [DataMember]
        public string Description { get; set; }

        [DataMember]
        public int OnHand { get; set; }
    }
}
