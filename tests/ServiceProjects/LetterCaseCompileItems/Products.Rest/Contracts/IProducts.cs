using System.Collections.Generic;
using System.ServiceModel;
using System.ServiceModel.Web;

namespace Products.Rest
{
    [ServiceContract]
    public interface IProducts
    {
        [OperationContract]
        [WebGet(UriTemplate = "products", ResponseFormat = WebMessageFormat.Json)]
        List<Product> GetProducts();

        [OperationContract]
        [WebGet(UriTemplate = "products/{id}", ResponseFormat = WebMessageFormat.Json)]
        Product GetProduct(string id);

        [OperationContract]
        [WebInvoke(Method = "POST", UriTemplate = "products", RequestFormat = WebMessageFormat.Json, ResponseFormat = WebMessageFormat.Json)]
        Product CreateProduct(Product product);
    }
}
