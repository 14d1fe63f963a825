using System.IO;
using System.ServiceModel;

namespace RemoteTestHarness
{
    [ServiceContract(Namespace = "RemoteTestHarness")]
    public interface IFileRepository
    {
        [OperationContract]
        string[] ListFiles();

        [OperationContract]
        int CountFiles(string pattern);
    }
}
