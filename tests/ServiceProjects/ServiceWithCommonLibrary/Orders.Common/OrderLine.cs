using System.Runtime.Serialization;

namespace Orders.Common
{
    [DataContract(Namespace = "http://schemas.contoso.com/orders/2018")]
    public class OrderLine
    {
        [DataMember(Order = 1)]
        public string Sku { get; set; }

        [DataMember(Order = 2)]
        public int Quantity { get; set; }

        [DataMember(Order = 3)]
        public decimal UnitPrice { get; set; }
    }
}
