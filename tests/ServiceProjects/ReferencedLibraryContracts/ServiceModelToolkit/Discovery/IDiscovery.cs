using System;
using System.ServiceModel;

namespace ServiceModelToolkit.Discovery
{
    [ServiceContract(Namespace = "http://toolkit.example.org/discovery", CallbackContract = typeof(IDiscoveryCallback))]
    public interface IDiscovery
    {
        [OperationContract(IsOneWay = true)]
        void OnDiscoveryRequest(string contractName, string contractNamespace, Uri[] scopesToMatch);
    }
}
