using System.ServiceModel;

namespace Shipping.Contracts
{
    [ServiceContract(Namespace = "http://shipping.example.org/tracking")]
    public interface IShipmentTracker
    {
        [OperationContract]
        ShipmentStatus Track(string trackingNumber);

        [OperationContract]
        int CountInTransit();
    }
}
