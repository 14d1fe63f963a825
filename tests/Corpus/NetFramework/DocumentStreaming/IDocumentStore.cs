using System;
using System.IO;
using System.Runtime.Serialization;
using System.ServiceModel;

namespace AdventureWorks.Documents
{
    [DataContract]
    public class DocumentInfo
    {
        [DataMember] public string DocumentId { get; set; }
        [DataMember] public string FileName { get; set; }
        [DataMember] public long SizeInBytes { get; set; }
        [DataMember] public string ContentType { get; set; }
    }

    /// <summary>Large scanned documents, transferred with the streamed transfer mode.</summary>
    [ServiceContract]
    public interface IDocumentStore
    {
        [OperationContract]
        string Upload(Stream content);

        [OperationContract]
        Stream Download(string documentId);

        [OperationContract]
        Stream Transform(Stream source);

        // Streamed transfer allows only the Stream in the body; the file name is a mistake WCF rejects at host open.
        [OperationContract]
        string UploadNamed(string fileName, Stream content);

        [OperationContract]
        DocumentInfo Describe(string documentId);

        [OperationContract]
        byte[] GetThumbnail(string documentId, int maxWidth);
    }
}
