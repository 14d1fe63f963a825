using System.ServiceModel;

namespace SdkProject
{
    [ServiceContract]
    public interface IPing
    {
        [OperationContract]
        string Ping(string message);
    }
}
