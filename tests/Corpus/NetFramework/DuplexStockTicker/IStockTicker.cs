using System;
using System.ServiceModel;

namespace Woodgrove.Markets.Ticker
{
    [ServiceContract(CallbackContract = typeof(IStockTickerCallback), SessionMode = SessionMode.Required)]
    public interface IStockTicker
    {
        [OperationContract(IsOneWay = true)]
        void Subscribe(string[] symbols);

        [OperationContract(IsOneWay = true)]
        void Unsubscribe(string symbol);

        [OperationContract]
        Quote GetLastQuote(string symbol);
    }

    public interface IStockTickerCallback
    {
        [OperationContract(IsOneWay = true)]
        void PriceChanged(Quote quote);

        [OperationContract(IsOneWay = true)]
        void TradingHalted(string symbol, string reason, DateTime haltedAtUtc);

        [OperationContract(IsOneWay = true)]
        void MarketClosed();
    }
}
