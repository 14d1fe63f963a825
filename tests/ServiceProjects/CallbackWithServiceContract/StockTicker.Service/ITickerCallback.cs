using System.ServiceModel;

namespace StockTicker.Service
{
    // The client implements this; [ServiceContract] lets svcutil and the client's DuplexChannelFactory describe it.
    [ServiceContract(Namespace = "http://stockticker.example/2015")]
    public interface ITickerCallback
    {
        [OperationContract(IsOneWay = true)]
        void Update(string symbol, decimal price);

        [OperationContract(IsOneWay = true)]
        void MarketClosed();
    }
}
