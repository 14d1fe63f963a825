using System.ServiceModel;

namespace Pricing.Relay
{
    [ServiceBehavior(InstanceContextMode = InstanceContextMode.PerCall)]
    public class Relay : IPriceService
    {
        private readonly string clientName = "PriceSource";

        public decimal GetPrice(string sku)
        {
            var factory = new ChannelFactory<IPriceSource>(clientName);
            var channel = factory.CreateChannel();
            try
            {
                return channel.Lookup(sku);
            }
            finally
            {
                ((IClientChannel)channel).Abort();
                factory.Abort();
            }
        }

        public string Source()
        {
            return clientName;
        }
    }
}
