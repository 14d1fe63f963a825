using System;
using System.Collections.Generic;
using System.ServiceModel;

namespace Contoso.Orders
{
    [ServiceContract(Namespace = "http://contoso.example/orders")]
    public interface IOrderService
    {
        [OperationContract]
        Order PlaceOrder(Order order);

        [OperationContract]
        Order GetOrder(Guid orderId);

        [OperationContract]
        [FaultContract(typeof(OrderFault))]
        Order CancelOrder(Guid orderId, string reason);

        [OperationContract]
        List<Order> ListOrders(string customerId, int maxCount);
    }
}
