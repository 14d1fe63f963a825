using System.ServiceModel;

namespace Litware.Quotes.Client
{
    public static class QuoteCaller
    {
        public static decimal QuoteWithFactory(string address)
        {
            var factory = new ChannelFactory<IPrintQuote>(new BasicHttpBinding(), new EndpointAddress(address));
            var channel = factory.CreateChannel();
            try
            {
                return channel.Quote(new QuoteRequest { Pages = 10, Paper = "A4" });
            }
            finally
            {
                ((IClientChannel)channel).Close();
                factory.Close();
            }
        }
    }
}
