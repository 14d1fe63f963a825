using System;
using System.Linq;
using System.ServiceModel;

namespace ServiceModelToolkit.Discovery
{
    // A ServiceHost that also answers discovery requests for the contracts of its service.
    public class DiscoverableServiceHost : ServiceHost
    {
        public const string DiscoveryPath = "discovery";

        private ServiceHost _discoveryHost;

        public DiscoverableServiceHost(Type serviceType, params Uri[] baseAddresses) : base(serviceType, baseAddresses)
        {
        }

        public Uri[] Scopes { get; set; } = new Uri[0];

        protected override void OnOpened()
        {
            base.OnOpened();
            var addresses = Description.Endpoints.Select(e => e.Address.Uri).ToArray();
            var handlerType = typeof(DiscoveryRequestHandler<>).MakeGenericType(Description.Endpoints.First().Contract.ContractType);
            _discoveryHost = new ServiceHost(Activator.CreateInstance(handlerType, addresses, Scopes));
            foreach (var address in BaseAddresses)
            {
                _discoveryHost.AddServiceEndpoint(typeof(IDiscovery), new NetTcpBinding(), new Uri(address, DiscoveryPath));
            }

            _discoveryHost.Open();
        }

        protected override void OnClosing()
        {
            if (_discoveryHost != null && _discoveryHost.State == CommunicationState.Opened)
            {
                _discoveryHost.Close();
            }

            base.OnClosing();
        }
    }
}
