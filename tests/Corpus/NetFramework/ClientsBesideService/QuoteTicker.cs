using System.ServiceModel;

namespace Contoso.Quotes
{
    [ServiceContract(Namespace = "http://contoso.com/quotes", CallbackContract = typeof(IQuoteTickerCallback))]
    public interface IQuoteTicker
    {
        [OperationContract(IsOneWay = true)]
        void Subscribe(string symbol);
    }

    public interface IQuoteTickerCallback
    {
        [OperationContract(IsOneWay = true)]
        void PriceChanged(Quote quote);
    }

    public class QuoteTicker : IQuoteTicker
    {
        public void Subscribe(string symbol)
        {
            var callback = OperationContext.Current.GetCallbackChannel<IQuoteTickerCallback>();
            callback.PriceChanged(new Quote { Symbol = symbol, Price = 1m });
        }
    }

    public class QuoteTickerClient : DuplexClientBase<IQuoteTicker>, IQuoteTicker
    {
        public QuoteTickerClient(InstanceContext callbackInstance)
            : base(callbackInstance)
        {
        }

        public void Subscribe(string symbol) => Channel.Subscribe(symbol);
    }
}
