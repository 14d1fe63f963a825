using System.ServiceModel;

namespace StockTicker.Service
{
    [ServiceContract(Namespace = "http://stockticker.example/2015", SessionMode = SessionMode.Required, CallbackContract = typeof(ITickerCallback))]
    public interface ITicker
    {
        [OperationContract]
        void Subscribe(string symbol);

        [OperationContract]
        void Unsubscribe(string symbol);

        [OperationContract]
        decimal LastPrice(string symbol);
    }
}
