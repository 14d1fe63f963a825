using System;
using System.ServiceModel;

namespace Northwind.Sales.Orders
{
    public class OrderProcessingService : IOrderProcessing
    {
        public Guid PlaceOrder(PurchaseOrder order)
        {
            if (order.Lines == null || order.Lines.Count == 0)
            {
                throw new FaultException<OrderValidationFault>(new OrderValidationFault { Errors = new[] { "An order needs at least one line." } }, "Invalid order");
            }

            foreach (var line in order.Lines)
            {
                if (line.Quantity > 100)
                {
                    throw new FaultException<InsufficientStockFault>(new InsufficientStockFault { Sku = line.Sku, Requested = line.Quantity, Available = 100 });
                }
            }

            return Guid.NewGuid();
        }

        public PurchaseOrder GetOrder(Guid orderId)
            => throw new FaultException<OrderNotFoundFault>(new OrderNotFoundFault { OrderId = orderId }, "No such order");

        public void CancelOrder(Guid orderId, string reason)
        {
        }
    }
}
