using System.ServiceModel;
using System.ServiceModel.Channels;

namespace Echo.Service
{
    // The proxy the host's startup check uses (and that other teams copied into their applications).
    public class EchoClient : ClientBase<IEcho>, IEcho
    {
        public EchoClient()
        {
        }

        public EchoClient(string endpointConfigurationName)
            : base(endpointConfigurationName)
        {
        }

        public EchoClient(Binding binding, EndpointAddress remoteAddress)
            : base(binding, remoteAddress)
        {
        }

        public string Echo(string text)
        {
            return Channel.Echo(text);
        }

        public int Length(string text)
        {
            return Channel.Length(text);
        }
    }
}
