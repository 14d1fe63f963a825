using System;
using System.Collections.Generic;
using System.Linq;
using System.ServiceModel;
using Orders.Common;

namespace Orders.Service
{
    [ServiceBehavior(InstanceContextMode = InstanceContextMode.Single, ConcurrencyMode = ConcurrencyMode.Single)]
    public class OrderService : IOrderService
    {
        private readonly Dictionary<int, Order> _orders = new Dictionary<int, Order>();
        private int _nextId = 1000;

        public int PlaceOrder(Order order)
        {
            var placed = order ?? new Order();
            placed.OrderId = ++_nextId;
            placed.Placed = DateTime.UtcNow;
            placed.Status = OrderStatus.Placed;
            _orders[placed.OrderId] = placed;
            return placed.OrderId;
        }

        public Order GetOrder(int orderId)
        {
            Order order;
            return _orders.TryGetValue(orderId, out order) ? order : null;
        }

        public List<Order> GetOrdersFor(string customer)
        {
            return _orders.Values.Where(o => string.Equals(o.Customer, customer, StringComparison.OrdinalIgnoreCase)).ToList();
        }

        public decimal GetTotal(int orderId)
        {
            Order order;
            return _orders.TryGetValue(orderId, out order) ? order.Total() : 0m;
        }

        public bool Cancel(int orderId)
        {
            Order order;
            if (!_orders.TryGetValue(orderId, out order) || order.Status == OrderStatus.Shipped)
            {
                return false;
            }

            order.Status = OrderStatus.Cancelled;
            return true;
        }
    }
}
