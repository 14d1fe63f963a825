///////////////////////////////////////////////////////////////////////////
// IStreamService.cs - the Repository's file service, as the client sees it
///////////////////////////////////////////////////////////////////////////

using System.ServiceModel;

namespace RemoteTestHarness
{
    [ServiceContract(Namespace = "http://RemoteTestHarness")]
    public interface IStreamService
    {
        [OperationContract]
        int blockSize();

        [OperationContract]
        string[] fileNames(string pattern);
    }
}
