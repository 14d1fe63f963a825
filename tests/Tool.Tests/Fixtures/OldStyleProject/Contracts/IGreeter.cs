using System.ServiceModel;

namespace OldStyle
{
    [ServiceContract]
    public interface IGreeter
    {
        [OperationContract]
        Greeting Greet(string name);
    }
}
