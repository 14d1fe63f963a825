using System;
using System.ServiceModel;

namespace ServiceModelToolkit.Discovery
{
    [ServiceContract(Namespace = "http://toolkit.example.org/discovery")]
    public interface IDiscoveryCallback
    {
        [OperationContract(IsOneWay = true)]
        void DiscoveryResponse(Uri address, string contractName, string contractNamespace, Uri[] scopes);
    }
}
