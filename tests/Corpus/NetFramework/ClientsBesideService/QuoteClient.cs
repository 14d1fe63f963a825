using System.ServiceModel;

namespace Contoso.Quotes
{
    // The proxy the web front end uses (Add Service Reference was not used: it is written by hand).
    public class QuoteClient : ClientBase<IQuoteService>, IQuoteService
    {
        public Quote GetQuote(string symbol) => Channel.GetQuote(symbol);
    }

    // Wraps a channel so callers can dispose it like a proxy.
    public sealed class QuoteChannel : IQuoteService, System.IDisposable
    {
        private readonly ChannelFactory<IQuoteService> factory;
        private readonly IQuoteService channel;

        public QuoteChannel(ChannelFactory<IQuoteService> factory)
        {
            this.factory = factory;
            channel = factory.CreateChannel();
        }

        public Quote GetQuote(string symbol) => channel.GetQuote(symbol);

        public void Dispose()
        {
            ((IClientChannel)channel).Close();
            factory.Close();
        }
    }
}
