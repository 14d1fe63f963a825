using System.ServiceModel;

namespace Echo.Service
{
    [ServiceContract]
    public interface IEcho
    {
        [OperationContract]
        string Echo(string text);

        [OperationContract]
        int Length(string text);
    }
}
