using System.Collections.Generic;
using System.Runtime.Serialization;
using System.ServiceModel;

namespace Northwind.Catalog.Api
{
    [DataContract(Name = "PagedResultOf{0}")]
    public class PagedResult<T>
    {
        [DataMember] public List<T> Items { get; set; }
        [DataMember] public int PageNumber { get; set; }
        [DataMember] public int PageSize { get; set; }
        [DataMember] public long TotalCount { get; set; }
    }

    [DataContract]
    public class KeyedValue<TKey, TValue>
    {
        [DataMember] public TKey Key { get; set; }
        [DataMember] public TValue Value { get; set; }
    }

    [DataContract]
    public class ServiceResponse<T>
    {
        [DataMember] public bool Succeeded { get; set; }
        [DataMember] public string Error { get; set; }
        [DataMember] public T Payload { get; set; }
    }

    [DataContract]
    public class Product
    {
        [DataMember] public int ProductId { get; set; }
        [DataMember] public string Name { get; set; }
        [DataMember] public decimal ListPrice { get; set; }
    }

    [DataContract]
    public class Category
    {
        [DataMember] public int CategoryId { get; set; }
        [DataMember] public string Title { get; set; }
    }

    [ServiceContract]
    public interface ICatalogQuery
    {
        [OperationContract]
        PagedResult<Product> SearchProducts(string text, int page, int pageSize);

        [OperationContract]
        PagedResult<Category> ListCategories(int page, int pageSize);

        [OperationContract]
        ServiceResponse<Product> GetProduct(int productId);

        [OperationContract]
        ServiceResponse<PagedResult<Product>> GetProductsInCategory(int categoryId);

        [OperationContract]
        List<KeyedValue<string, int>> GetStockLevels(int[] productIds);
    }
}
