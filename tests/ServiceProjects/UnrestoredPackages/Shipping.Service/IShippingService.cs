using System.ServiceModel;

namespace Shipping.Service
{
    [ServiceContract]
    public interface IShippingService
    {
        [OperationContract]
        decimal Quote(string destination, double weightKg);

        [OperationContract]
        string TrackParcel(string parcelId);
    }
}
