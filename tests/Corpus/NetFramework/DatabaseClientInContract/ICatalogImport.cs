using System.Runtime.Serialization;
using System.ServiceModel;
using Tailspin.Catalog.Data;

namespace Tailspin.Catalog
{
    [DataContract(Namespace = "http://tailspin.com/catalog")]
    public class ImportRequest
    {
        [DataMember(Order = 1)]
        public string FeedUrl { get; set; }

        // Set by the admin tool so the import writes to the right database.
        [DataMember(Order = 2)]
        public CatalogStore Target { get; set; }

        [DataMember(Order = 3)]
        public StoreSettings Settings { get; set; }
    }

    [ServiceContract(Namespace = "http://tailspin.com/catalog")]
    public interface ICatalogImport
    {
        [OperationContract]
        int Import(ImportRequest request);
    }

    public class CatalogImport : ICatalogImport
    {
        public int Import(ImportRequest request)
        {
            request.Target.Save(request.FeedUrl, "{}");
            return request.Target.Count;
        }
    }
}
