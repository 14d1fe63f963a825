using System;
using System.Collections.Generic;
using LegacyWcf.Contracts;

namespace LegacyWcf.Services
{
    /// <summary>The warehouse's stock, shared by the inventory and stock-watch services of one host process.</summary>
    internal static class StockBook
    {
        private static readonly object Gate = new object();
        private static readonly Dictionary<string, StockLevel> Levels = new Dictionary<string, StockLevel>(StringComparer.Ordinal)
        {
            { "SKU-1001", new StockLevel { Sku = "SKU-1001", OnHand = 40, Reserved = 2, ChangedAt = new DateTime(2024, 1, 2, 8, 0, 0, DateTimeKind.Utc) } },
            { "SKU-1002", new StockLevel { Sku = "SKU-1002", OnHand = 7, Reserved = 0, ChangedAt = new DateTime(2024, 1, 2, 8, 0, 0, DateTimeKind.Utc) } },
            { "SKU-2001", new StockLevel { Sku = "SKU-2001", OnHand = 0, Reserved = 0, ChangedAt = new DateTime(2024, 1, 2, 8, 0, 0, DateTimeKind.Utc) } },
        };

        /// <summary>A copy of a SKU's level, or null when the SKU is unknown.</summary>
        public static StockLevel Find(string sku)
        {
            lock (Gate)
            {
                StockLevel level;
                return sku != null && Levels.TryGetValue(sku, out level) ? Copy(level) : null;
            }
        }

        /// <summary>Adds <paramref name="delta"/> units (creating the SKU if needed) and returns a copy of the new level.</summary>
        public static StockLevel Adjust(string sku, int delta)
        {
            lock (Gate)
            {
                StockLevel level;
                if (!Levels.TryGetValue(sku, out level))
                {
                    level = new StockLevel { Sku = sku };
                    Levels.Add(sku, level);
                }

                level.OnHand += delta;
                level.ChangedAt = DateTime.UtcNow;
                return Copy(level);
            }
        }

        private static StockLevel Copy(StockLevel level)
        {
            return new StockLevel { Sku = level.Sku, OnHand = level.OnHand, Reserved = level.Reserved, ChangedAt = level.ChangedAt };
        }
    }
}
