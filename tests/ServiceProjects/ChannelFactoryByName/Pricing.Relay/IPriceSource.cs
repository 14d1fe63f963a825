using System.ServiceModel;

namespace Pricing.Relay
{
    // The back end's contract, as its team published it; this service only calls it.
    [ServiceContract(Namespace = "urn:pricing-backend")]
    public interface IPriceSource
    {
        [OperationContract]
        decimal Lookup(string sku);
    }
}
