using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.ServiceModel;
using System.Threading;
using LegacyWcf.Contracts;

namespace LegacyWcf.Services
{
    /// <summary>Stock queries and the one-way restock. Multiple concurrency so status queries run while a restock works.</summary>
    [ServiceBehavior(InstanceContextMode = InstanceContextMode.PerCall, ConcurrencyMode = ConcurrencyMode.Multiple)]
    public sealed class InventoryService : IInventoryService
    {
        /// <summary>How long a restock takes; long enough that a client sees the one-way call return first.</summary>
        public static readonly TimeSpan RestockDuration = TimeSpan.FromSeconds(2);

        private static readonly ConcurrentDictionary<Guid, RestockStatus> Restocks = new ConcurrentDictionary<Guid, RestockStatus>();

        /// <inheritdoc />
        public void RequestRestock(Guid requestId, string sku, int quantity)
        {
            var status = new RestockStatus { RequestId = requestId, State = "Running", StartedAt = DateTime.UtcNow };
            Restocks[requestId] = status;

            // The slow part runs inside the operation on purpose: the caller must not wait for it, because the call is one-way.
            Thread.Sleep(RestockDuration);
            StockLevel result = StockBook.Adjust(sku, quantity);

            Restocks[requestId] = new RestockStatus
            {
                RequestId = requestId,
                State = "Completed",
                StartedAt = status.StartedAt,
                CompletedAt = DateTime.UtcNow,
                Result = result,
            };
        }

        /// <inheritdoc />
        public RestockStatus GetRestockStatus(Guid requestId)
        {
            RestockStatus status;
            return Restocks.TryGetValue(requestId, out status) ? status : new RestockStatus { RequestId = requestId, State = "Unknown" };
        }

        /// <inheritdoc />
        public Dictionary<string, StockLevel> GetStockLevels(List<string> skus)
        {
            var levels = new Dictionary<string, StockLevel>(StringComparer.Ordinal);
            foreach (string sku in skus ?? new List<string>())
            {
                StockLevel level = StockBook.Find(sku);
                if (level != null)
                {
                    levels[sku] = level;
                }
            }

            return levels;
        }
    }
}
