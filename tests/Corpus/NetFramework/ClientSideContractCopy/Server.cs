using System.Runtime.Serialization;
using System.ServiceModel;

namespace Litware.Orders.Service
{
    [ServiceContract(Namespace = "urn:litware:orders")]
    public interface IOrderService
    {
        [OperationContract]
        OrderStatus GetStatus(int orderId);
    }

    [DataContract(Namespace = "urn:litware:orders")]
    public class OrderStatus
    {
        [DataMember]
        public int OrderId { get; set; }

        [DataMember]
        public string State { get; set; }
    }

    public class OrderService : IOrderService
    {
        public OrderStatus GetStatus(int orderId) => new OrderStatus { OrderId = orderId, State = "Shipped" };
    }
}
