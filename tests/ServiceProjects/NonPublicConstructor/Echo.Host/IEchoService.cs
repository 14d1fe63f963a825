using System.ServiceModel;

namespace Echo.Host
{
    [ServiceContract(Namespace = "http://contoso.com/echo")]
    public interface IEchoService
    {
        [OperationContract]
        string Echo(string text);

        [OperationContract]
        int CallCount();
    }
}
