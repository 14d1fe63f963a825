using System.ServiceModel;

namespace Pricing.Relay
{
    [ServiceContract(Namespace = "urn:pricing")]
    public interface IPriceService
    {
        [OperationContract]
        decimal GetPrice(string sku);

        [OperationContract]
        string Source();
    }
}
