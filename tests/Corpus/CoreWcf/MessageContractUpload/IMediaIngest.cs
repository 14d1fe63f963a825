using System.IO;
using CoreWCF;

namespace Tailspin.Media.Ingest
{
    [MessageContract]
    public class UploadVideoRequest
    {
        [MessageHeader(MustUnderstand = true)] public string FileName { get; set; } = "";
        [MessageHeader] public long Length { get; set; }
        [MessageHeader] public string Checksum { get; set; } = "";
        [MessageBodyMember(Order = 1)] public Stream Content { get; set; } = Stream.Null;
    }

    [MessageContract]
    public class UploadVideoResponse
    {
        [MessageBodyMember] public string AssetId { get; set; } = "";
        [MessageBodyMember] public int DurationSeconds { get; set; }
    }

    [ServiceContract]
    public interface IMediaIngest
    {
        [OperationContract]
        UploadVideoResponse UploadVideo(UploadVideoRequest request);

        [OperationContract]
        Stream GetPreview(string assetId);
    }

    [ServiceBehavior(InstanceContextMode = InstanceContextMode.PerCall, ConcurrencyMode = ConcurrencyMode.Single)]
    public class MediaIngestService : IMediaIngest
    {
        public UploadVideoResponse UploadVideo(UploadVideoRequest request) => new UploadVideoResponse { AssetId = request.FileName };

        public Stream GetPreview(string assetId) => new MemoryStream();
    }
}
