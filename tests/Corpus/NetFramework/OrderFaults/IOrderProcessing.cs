using System;
using System.Collections.Generic;
using System.Runtime.Serialization;
using System.ServiceModel;

namespace Northwind.Sales.Orders
{
    [DataContract]
    public class OrderLine
    {
        [DataMember] public string Sku { get; set; }
        [DataMember] public int Quantity { get; set; }
        [DataMember] public decimal UnitPrice { get; set; }
    }

    [DataContract]
    public class PurchaseOrder
    {
        [DataMember] public Guid OrderId { get; set; }
        [DataMember] public string CustomerNumber { get; set; }
        [DataMember] public List<OrderLine> Lines { get; set; }
        [DataMember] public DateTime PlacedAt { get; set; }
    }

    [DataContract]
    public class InsufficientStockFault
    {
        [DataMember] public string Sku { get; set; }
        [DataMember] public int Requested { get; set; }
        [DataMember] public int Available { get; set; }
    }

    [DataContract]
    public class OrderValidationFault
    {
        [DataMember] public string[] Errors { get; set; }
    }

    [DataContract]
    public class OrderNotFoundFault
    {
        [DataMember] public Guid OrderId { get; set; }
    }

    [ServiceContract]
    public interface IOrderProcessing
    {
        [OperationContract]
        [FaultContract(typeof(InsufficientStockFault))]
        [FaultContract(typeof(OrderValidationFault))]
        Guid PlaceOrder(PurchaseOrder order);

        [OperationContract]
        [FaultContract(typeof(OrderNotFoundFault))]
        [FaultContract(typeof(OrderValidationFault))]
        PurchaseOrder GetOrder(Guid orderId);

        [OperationContract]
        [FaultContract(typeof(OrderNotFoundFault), Name = "MissingOrder", Action = "urn:northwind:orders:missing")]
        void CancelOrder(Guid orderId, string reason);
    }
}
