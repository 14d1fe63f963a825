using System.ServiceModel;

namespace Greeting.SelfHost
{
    [ServiceContract]
    public interface IGreetingService
    {
        [OperationContract]
        string Greet(string name);

        [OperationContract]
        string Farewell(string name);
    }
}
