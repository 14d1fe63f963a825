using System.Collections.Generic;
using System.ServiceModel;
using LegacyWcf.Contracts;

namespace LegacyWcf.Services
{
    /// <summary>Shopping cart. PerSession: the cart is plain instance state that lives as long as the client's session.</summary>
    [ServiceBehavior(InstanceContextMode = InstanceContextMode.PerSession, ConcurrencyMode = ConcurrencyMode.Single)]
    public sealed class ShoppingCartService : IShoppingCart
    {
        private readonly List<OrderLine> _lines = new List<OrderLine>();
        private readonly InstanceTracker _instance = new InstanceTracker("PerSession");

        /// <inheritdoc />
        public int AddLine(OrderLine line)
        {
            _instance.RecordCall();
            _lines.Add(line);
            return _lines.Count;
        }

        /// <inheritdoc />
        public CartSummary GetSummary()
        {
            return new CartSummary
            {
                Lines = new List<OrderLine>(_lines),
                Subtotal = Pricing.OrderTotal(_lines),
                Instance = _instance.RecordCall(),
            };
        }
    }
}
