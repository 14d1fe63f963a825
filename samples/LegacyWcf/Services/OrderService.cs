using System;
using System.Collections.Concurrent;
using System.ServiceModel;
using LegacyWcf.Contracts;

namespace LegacyWcf.Services
{
    /// <summary>Order intake. PerCall: every call gets a new instance, so orders live in a process-wide book.</summary>
    [ServiceBehavior(InstanceContextMode = InstanceContextMode.PerCall, ConcurrencyMode = ConcurrencyMode.Multiple)]
    public sealed class OrderService : IOrderService
    {
        private static readonly ConcurrentDictionary<Guid, Order> Orders = new ConcurrentDictionary<Guid, Order>();
        private readonly InstanceTracker _instance = new InstanceTracker("PerCall");

        /// <inheritdoc />
        public Order PlaceOrder(Order order)
        {
            if (order == null)
            {
                throw new FaultException("An order is required.");
            }

            // An order the client marks for review stays held; anything else is submitted.
            order.Status = order.Status == OrderStatus.Held ? OrderStatus.Held : OrderStatus.Submitted;
            order.Total = Pricing.OrderTotal(order.Lines);
            Orders[order.Id] = order;
            return order;
        }

        /// <inheritdoc />
        public Order GetOrder(Guid orderId)
        {
            Order order;
            return Orders.TryGetValue(orderId, out order) ? order : null;
        }

        /// <inheritdoc />
        public Quote GetQuote(string sku, int quantity, decimal unitPrice, int? discountPercent, CustomerTier tier, DateTime priceDate)
        {
            return new Quote
            {
                Sku = sku,
                Quantity = quantity,
                UnitPrice = unitPrice,
                DiscountPercent = discountPercent,
                Tier = tier,
                PriceDate = priceDate,
                Total = Pricing.QuoteTotal(quantity, unitPrice, discountPercent, tier),
                QuoteId = Guid.NewGuid(),
            };
        }

        /// <inheritdoc />
        public Order CancelOrder(Guid orderId, string reason)
        {
            Order order;
            if (!Orders.TryGetValue(orderId, out order))
            {
                throw Fault("OrderNotFound", orderId, null, "Order " + orderId + " does not exist.");
            }

            lock (order)
            {
                if (order.Status == OrderStatus.Cancelled || order.Status == OrderStatus.Shipped)
                {
                    string code = order.Status == OrderStatus.Cancelled ? "AlreadyCancelled" : "AlreadyShipped";
                    throw Fault(code, orderId, order.Status, "Order " + orderId + " is " + order.Status + ".");
                }

                order.Status = OrderStatus.Cancelled;
                if (order.Attributes != null)
                {
                    order.Attributes["cancelReason"] = reason;
                }

                return order;
            }
        }

        /// <inheritdoc />
        public InstanceInfo Describe()
        {
            return _instance.RecordCall();
        }

        private static FaultException<OrderFault> Fault(string code, Guid orderId, OrderStatus? status, string reason)
        {
            var detail = new OrderFault { Code = code, OrderId = orderId, CurrentStatus = status, OccurredAt = DateTime.UtcNow };
            return new FaultException<OrderFault>(detail, new FaultReason(reason), new FaultCode(code));
        }
    }
}
