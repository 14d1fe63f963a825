using System.Linq;

namespace Orders.Common
{
    public static class OrderTotals
    {
        public static decimal Total(this Order order)
        {
            if (order == null || order.Lines == null)
            {
                return 0m;
            }

            return order.Lines.Sum(l => l.Quantity * l.UnitPrice);
        }
    }
}
