using System.Collections.Generic;
using System.ServiceModel;

namespace StockTicker.Service
{
    [ServiceBehavior(InstanceContextMode = InstanceContextMode.PerSession, ConcurrencyMode = ConcurrencyMode.Reentrant)]
    public class TickerService : ITicker
    {
        private static readonly Dictionary<string, decimal> Prices = new Dictionary<string, decimal>
        {
            { "MSFT", 27.15m },
            { "CONTOSO", 12.5m },
        };

        private readonly HashSet<string> _symbols = new HashSet<string>();

        public void Subscribe(string symbol)
        {
            var callback = OperationContext.Current.GetCallbackChannel<ITickerCallback>();
            _symbols.Add(symbol ?? string.Empty);
            decimal price;
            if (Prices.TryGetValue(symbol ?? string.Empty, out price))
            {
                callback.Update(symbol, price);
            }
        }

        public void Unsubscribe(string symbol)
        {
            _symbols.Remove(symbol ?? string.Empty);
        }

        public decimal LastPrice(string symbol)
        {
            decimal price;
            return Prices.TryGetValue(symbol ?? string.Empty, out price) ? price : 0m;
        }
    }
}
