using System.ServiceModel;

namespace Library.Contracts
{
    [ServiceContract]
    public interface IBookCatalog
    {
        [OperationContract]
        BookInfo FindBook(string isbn);

        [OperationContract]
        string ExportCatalogJson();
    }
}
