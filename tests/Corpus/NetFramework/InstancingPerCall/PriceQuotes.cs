using System.ServiceModel;

namespace Contoso.Pricing.Quotes
{
    [ServiceContract]
    public interface IPriceQuote
    {
        [OperationContract]
        decimal Quote(string sku, int quantity);
    }

    // PerCall with Single concurrency: each call has its own instance, so Single serializes nothing.
    [ServiceBehavior(InstanceContextMode = InstanceContextMode.PerCall, ConcurrencyMode = ConcurrencyMode.Single)]
    public class SerializedPriceQuoteService : IPriceQuote
    {
        public decimal Quote(string sku, int quantity) => quantity * 9.99m;
    }

    [ServiceBehavior(InstanceContextMode = InstanceContextMode.PerCall, ConcurrencyMode = ConcurrencyMode.Multiple)]
    public class ConcurrentPriceQuoteService : IPriceQuote
    {
        public decimal Quote(string sku, int quantity) => quantity * 9.99m;
    }

    [ServiceBehavior(InstanceContextMode = InstanceContextMode.PerCall, ConcurrencyMode = ConcurrencyMode.Reentrant)]
    public class ReentrantPriceQuoteService : IPriceQuote
    {
        public decimal Quote(string sku, int quantity) => quantity * 9.99m;
    }
}
