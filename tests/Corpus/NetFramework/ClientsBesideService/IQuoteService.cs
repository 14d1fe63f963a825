using System.Runtime.Serialization;
using System.ServiceModel;

namespace Contoso.Quotes
{
    [ServiceContract(Namespace = "http://contoso.com/quotes")]
    public interface IQuoteService
    {
        [OperationContract]
        Quote GetQuote(string symbol);
    }

    [DataContract(Namespace = "http://contoso.com/quotes")]
    public class Quote
    {
        [DataMember(Order = 1)]
        public string Symbol { get; set; }

        [DataMember(Order = 2)]
        public decimal Price { get; set; }
    }

    [ServiceContract(Namespace = "http://contoso.com/quotes")]
    public interface IPortfolioService
    {
        [OperationContract]
        decimal Value(string[] symbols);
    }
}
