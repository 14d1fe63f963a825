using System;
using System.Collections.Generic;
using System.ServiceModel;
using LegacyWcf.Contracts;

namespace LegacyWcf.Services
{
    /// <summary>Duplex stock watch. PerSession: each client connection keeps its own subscription set and callback channel.</summary>
    [ServiceBehavior(InstanceContextMode = InstanceContextMode.PerSession, ConcurrencyMode = ConcurrencyMode.Multiple)]
    public sealed class StockWatchService : IStockWatch
    {
        private static readonly object SubscribersGate = new object();
        private static readonly List<StockWatchService> Subscribers = new List<StockWatchService>();

        private readonly HashSet<string> _watched = new HashSet<string>(StringComparer.Ordinal);
        private IStockWatchCallback _callback;

        /// <inheritdoc />
        public int Subscribe(List<string> skus)
        {
            OperationContext context = OperationContext.Current;
            lock (SubscribersGate)
            {
                if (_callback == null)
                {
                    _callback = context.GetCallbackChannel<IStockWatchCallback>();
                    Subscribers.Add(this);

                    // A closed or faulted session must stop receiving notifications.
                    context.Channel.Closed += (sender, e) => Unsubscribe();
                    context.Channel.Faulted += (sender, e) => Unsubscribe();
                }

                foreach (string sku in skus ?? new List<string>())
                {
                    _watched.Add(sku);
                }
            }

            foreach (string sku in skus ?? new List<string>())
            {
                StockLevel level = StockBook.Find(sku) ?? new StockLevel { Sku = sku, ChangedAt = DateTime.UtcNow };
                _callback.StockChanged(level);
            }

            lock (SubscribersGate)
            {
                return _watched.Count;
            }
        }

        /// <inheritdoc />
        public StockLevel AdjustStock(string sku, int delta)
        {
            StockLevel level = StockBook.Adjust(sku, delta);
            var targets = new List<StockWatchService>();
            lock (SubscribersGate)
            {
                foreach (StockWatchService subscriber in Subscribers)
                {
                    if (subscriber._watched.Contains(sku))
                    {
                        targets.Add(subscriber);
                    }
                }
            }

            foreach (StockWatchService subscriber in targets)
            {
                if (!subscriber.TryNotify(level))
                {
                    // The client went away without its session's Closed event reaching us; stop notifying it.
                    subscriber.Unsubscribe();
                }
            }

            return level;
        }

        private bool TryNotify(StockLevel level)
        {
            var channel = (ICommunicationObject)_callback;
            if (channel.State != CommunicationState.Opened)
            {
                return false;
            }

            try
            {
                _callback.StockChanged(level);
                return true;
            }
            catch (Exception e) when (e is CommunicationException || e is TimeoutException || e is ObjectDisposedException)
            {
                return false;
            }
        }

        private void Unsubscribe()
        {
            lock (SubscribersGate)
            {
                Subscribers.Remove(this);
            }
        }
    }
}
