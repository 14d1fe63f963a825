/////////////////////////////////////////////////////////////////////
// ICommService.cs - Test harness communicator service contract    //
// ver 2.0                                                         //
/////////////////////////////////////////////////////////////////////
/*
 * Maintenance History:
 * ver 2.0 : removed [OperationContract] from GetMessage() so only
 *           the local client can dequeue messages
 * ver 1.0 : first release
 */
using System.ServiceModel;

namespace Communication
{
    [ServiceContract]
    public interface ICommService
    {
        [OperationContract(IsOneWay = true)]
        void PostMessage(Message msg);

        [OperationContract]
        string ReceiverName();

        Message GetMessage();
    }
}
