using System;
using System.Collections.Generic;
using System.Runtime.Serialization;

namespace Contoso.Orders
{
    [DataContract]
    public class Order
    {
        [DataMember]
        public Guid Id { get; set; }

        [DataMember]
        public string CustomerId { get; set; }

        [DataMember]
        public List<OrderLine> Lines { get; set; }

        [DataMember]
        public OrderStatus Status { get; set; }
    }

    [DataContract]
    public class OrderLine
    {
        [DataMember]
        public string Sku { get; set; }

        [DataMember]
        public int Quantity { get; set; }
    }

    [DataContract]
    public enum OrderStatus
    {
        [EnumMember]
        Submitted,

        [EnumMember]
        Shipped,

        [EnumMember]
        Cancelled,
    }

    [DataContract]
    public class OrderFault
    {
        [DataMember]
        public string Code { get; set; }
    }
}
