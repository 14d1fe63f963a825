using System.Collections.Generic;
using System.ServiceModel;

namespace Woodgrove.Markets.Ticker
{
    [ServiceBehavior(InstanceContextMode = InstanceContextMode.PerSession, ConcurrencyMode = ConcurrencyMode.Reentrant)]
    public class StockTickerService : IStockTicker
    {
        private readonly HashSet<string> subscriptions = new HashSet<string>();

        public void Subscribe(string[] symbols)
        {
            var callback = OperationContext.Current.GetCallbackChannel<IStockTickerCallback>();
            foreach (var symbol in symbols)
            {
                subscriptions.Add(symbol);
                callback.PriceChanged(GetLastQuote(symbol));
            }
        }

        public void Unsubscribe(string symbol) => subscriptions.Remove(symbol);

        public Quote GetLastQuote(string symbol) => new Quote { Symbol = symbol, Bid = 10.5m, Ask = 10.6m };
    }
}
