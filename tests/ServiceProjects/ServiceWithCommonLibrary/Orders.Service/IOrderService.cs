using System.Collections.Generic;
using System.ServiceModel;
using Orders.Common;

namespace Orders.Service
{
    [ServiceContract(Namespace = "http://schemas.contoso.com/orders/2018")]
    public interface IOrderService
    {
        [OperationContract]
        int PlaceOrder(Order order);

        [OperationContract]
        Order GetOrder(int orderId);

        [OperationContract]
        List<Order> GetOrdersFor(string customer);

        [OperationContract]
        decimal GetTotal(int orderId);

        [OperationContract]
        bool Cancel(int orderId);
    }
}
