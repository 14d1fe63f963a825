using System.ServiceModel;

namespace ServiceModelToolkit.Heartbeat
{
    // Any service can expose it so monitoring tools know it is alive.
    [ServiceContract(Namespace = "http://toolkit.example.org/heartbeat")]
    public interface IHeartbeat
    {
        [OperationContract]
        string Beat();
    }
}
