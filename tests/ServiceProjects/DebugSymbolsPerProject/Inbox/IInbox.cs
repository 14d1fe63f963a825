using System.ServiceModel;

namespace Inbox
{
    [ServiceContract]
    public interface IInbox
    {
        [OperationContract(IsOneWay = true)]
        void Post(string message);

        [OperationContract]
        int Pending();

        [OperationContract]
        string Mode();
    }
}
