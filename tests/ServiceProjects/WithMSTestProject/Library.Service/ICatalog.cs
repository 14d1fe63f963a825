using System.Collections.Generic;
using System.ServiceModel;

namespace Library.Service
{
    [ServiceContract]
    public interface ICatalog
    {
        [OperationContract]
        Book FindByIsbn(string isbn);

        [OperationContract]
        List<Book> Search(string text);

        [OperationContract]
        int Count();
    }
}
