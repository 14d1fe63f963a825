using System.ServiceModel;

namespace Echo.Host
{
    [ServiceContract(Namespace = "http://contoso.com/echo")]
    public interface IStatusService
    {
        [OperationContract]
        string GetStatus();
    }
}
