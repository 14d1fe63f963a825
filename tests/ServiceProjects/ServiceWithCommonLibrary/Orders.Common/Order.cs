using System;
using System.Collections.Generic;
using System.Runtime.Serialization;

namespace Orders.Common
{
    [DataContract(Namespace = "http://schemas.contoso.com/orders/2018")]
    public class Order
    {
        public Order()
        {
            Lines = new List<OrderLine>();
        }

        [DataMember(Order = 1)]
        public int OrderId { get; set; }

        [DataMember(Order = 2)]
        public string Customer { get; set; }

        [DataMember(Order = 3)]
        public DateTime Placed { get; set; }

        [DataMember(Order = 4)]
        public OrderStatus Status { get; set; }

        [DataMember(Order = 5)]
        public List<OrderLine> Lines { get; set; }
    }
}
