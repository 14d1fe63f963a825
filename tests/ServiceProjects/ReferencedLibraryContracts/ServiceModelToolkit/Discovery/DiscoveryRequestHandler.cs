using System;
using System.Linq;
using System.ServiceModel;

namespace ServiceModelToolkit.Discovery
{
    // Answers discovery requests for the contract T of the service a DiscoverableServiceHost opens.
    [ServiceBehavior(InstanceContextMode = InstanceContextMode.Single, UseSynchronizationContext = false)]
    public class DiscoveryRequestHandler<T> : IDiscovery where T : class
    {
        private readonly Uri[] _addresses;
        private readonly Uri[] _scopes;

        public DiscoveryRequestHandler(Uri[] addresses, Uri[] scopes)
        {
            _addresses = addresses;
            _scopes = scopes;
        }

        public void OnDiscoveryRequest(string contractName, string contractNamespace, Uri[] scopesToMatch)
        {
            if (contractName != typeof(T).Name)
            {
                return;
            }

            if (scopesToMatch != null && scopesToMatch.Length > 0 && !scopesToMatch.Any(s => _scopes.Contains(s)))
            {
                return;
            }

            var callback = OperationContext.Current.GetCallbackChannel<IDiscoveryCallback>();
            foreach (var address in _addresses)
            {
                callback.DiscoveryResponse(address, contractName, contractNamespace, _scopes);
            }
        }
    }
}
