using System.ServiceModel;

namespace Documents.Service
{
    [ServiceContract(Namespace = "urn:documents")]
    public interface IDocumentService
    {
        [OperationContract]
        string[] ListDocuments();

        [OperationContract]
        string StorageFolder();
    }
}
