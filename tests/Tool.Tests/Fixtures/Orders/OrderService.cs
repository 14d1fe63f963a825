using System;
using System.Collections.Generic;
using System.Linq;
using System.ServiceModel;

namespace Contoso.Orders
{
    [ServiceBehavior(InstanceContextMode = InstanceContextMode.PerCall)]
    public class OrderService : IOrderService
    {
        private static readonly Dictionary<Guid, Order> Orders = new Dictionary<Guid, Order>();

        public Order PlaceOrder(Order order)
        {
            lock (Orders)
            {
                Orders[order.Id] = order;
            }

            return order;
        }

        public Order GetOrder(Guid orderId)
        {
            lock (Orders)
            {
                return Orders.TryGetValue(orderId, out var order) ? order : null;
            }
        }

        public Order CancelOrder(Guid orderId, string reason)
        {
            var order = GetOrder(orderId);
            if (order == null)
            {
                throw new FaultException<OrderFault>(new OrderFault { Code = "OrderNotFound" }, reason);
            }

            order.Status = OrderStatus.Cancelled;
            return order;
        }

        public List<Order> ListOrders(string customerId, int maxCount)
        {
            lock (Orders)
            {
                return Orders.Values.Where(o => o.CustomerId == customerId).Take(maxCount).ToList();
            }
        }
    }
}
