using System.Runtime.Serialization;
using System.ServiceModel;

namespace Litware.Orders.Client
{
    // The client's own copy of the service contract (shared by copy-paste, not by reference).
    [ServiceContract(Namespace = "urn:litware:orders")]
    public interface IOrderService
    {
        [OperationContract]
        OrderStatusView GetStatus(int orderId);
    }

    [DataContract(Name = "OrderStatus", Namespace = "urn:litware:orders")]
    public class OrderStatusView
    {
        [DataMember]
        public int OrderId { get; set; }

        [DataMember]
        public string State { get; set; }
    }

    public class OrderStatusClient : ClientBase<IOrderService>, IOrderService
    {
        public OrderStatusView GetStatus(int orderId) => Channel.GetStatus(orderId);
    }
}
