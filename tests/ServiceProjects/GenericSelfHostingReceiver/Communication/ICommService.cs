/////////////////////////////////////////////////////////////////////
// ICommService.cs - Peer-To-Peer Communicator Service Contract   //
// ver 2.0                                                         //
/////////////////////////////////////////////////////////////////////

using System.ServiceModel;

namespace Communication
{
    [ServiceContract]
    public interface ICommService
    {
        [OperationContract(IsOneWay = true)]
        void PostMessage(Message msg);

        [OperationContract]
        string GetName();

        // Not an operation: only the local peer dequeues.
        Message GetMessage();
    }
}
