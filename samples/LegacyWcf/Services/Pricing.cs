using System.Collections.Generic;
using LegacyWcf.Contracts;

namespace LegacyWcf.Services
{
    /// <summary>Price arithmetic. Only multiplication and subtraction, so a total's decimal scale follows from its inputs.</summary>
    public static class Pricing
    {
        /// <summary>Sum of quantity × unit price × (1 − discount%) over the lines; 0 for no lines.</summary>
        public static decimal OrderTotal(IEnumerable<OrderLine> lines)
        {
            decimal total = 0m;
            if (lines == null)
            {
                return total;
            }

            foreach (OrderLine line in lines)
            {
                total += line.Quantity * line.UnitPrice * DiscountFactor(line.DiscountPercent ?? 0);
            }

            return total;
        }

        /// <summary>quantity × unit price × tier factor × discount factor.</summary>
        public static decimal QuoteTotal(int quantity, decimal unitPrice, int? discountPercent, CustomerTier tier)
        {
            return quantity * unitPrice * DiscountFactor(TierDiscountPercent(tier)) * DiscountFactor(discountPercent ?? 0);
        }

        /// <summary>The tier's discount in percent.</summary>
        public static int TierDiscountPercent(CustomerTier tier)
        {
            switch (tier)
            {
                case CustomerTier.Silver: return 5;
                case CustomerTier.Gold: return 10;
                default: return 0;
            }
        }

        private static decimal DiscountFactor(int percent)
        {
            return 1.00m - (percent * 0.01m);
        }
    }
}
