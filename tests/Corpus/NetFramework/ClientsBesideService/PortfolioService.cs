using System.Linq;
using System.ServiceModel;

namespace Contoso.Quotes
{
    // A service of its own that calls the quote service through a channel: it stays a service.
    public class PortfolioService : IPortfolioService
    {
        // Set by the host at startup from the client endpoint in app.config.
        public static ChannelFactory<IQuoteService> Quotes { get; set; }

        public decimal Value(string[] symbols)
        {
            var channel = Quotes.CreateChannel();
            try
            {
                return symbols.Sum(s => channel.GetQuote(s).Price);
            }
            finally
            {
                ((IClientChannel)channel).Close();
            }
        }
    }
}
