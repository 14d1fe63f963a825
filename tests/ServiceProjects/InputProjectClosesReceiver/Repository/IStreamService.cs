///////////////////////////////////////////////////////////////////////////
// IStreamService.cs - WCF StreamService in Self Hosted Configuration    //
///////////////////////////////////////////////////////////////////////////

using System.ServiceModel;

namespace Repository
{
    [ServiceContract(Namespace = "http://Repository")]
    public interface IStreamService
    {
        [OperationContract]
        int blockSize();

        [OperationContract]
        string[] fileNames(string pattern);
    }
}
