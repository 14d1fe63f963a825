using System.ServiceModel;

namespace Greeting.Service
{
    [ServiceContract]
    public interface IGreeter
    {
        [OperationContract]
        string GetGreeting();

        [OperationContract]
        string Greet(string name);

        [OperationContract]
        int GetMaxNameLength();
    }
}
