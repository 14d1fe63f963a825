/////////////////////////////////////////////////////////////////////
// ICommunicator.cs - Peer-To-Peer Communicator Service Contract   //
// ver 2.0                                                         //
/////////////////////////////////////////////////////////////////////

using System.ServiceModel;

namespace RemoteTestHarness
{
    [ServiceContract]
    public interface ICommunicator
    {
        [OperationContract(IsOneWay = true)]
        void PostMessage(Message msg);

        [OperationContract]
        string GetName();

        // used only locally so not exposed as service method
        Message GetMessage();
    }
}
