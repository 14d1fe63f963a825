using System;
using System.Collections.Generic;
using System.Runtime.Serialization;
using System.ServiceModel;
using System.ServiceModel.Web;

namespace LegacyWcf.Contracts
{
    /// <summary>
    /// The product catalog as a REST service (webHttpBinding), the way ERP back ends expose their data to browsers, mobile
    /// apps and scripts: JSON in and out, addressed by UriTemplate. Implemented PerCall over one catalog per host process.
    /// </summary>
    [ServiceContract(Namespace = Namespaces.Services)]
    public interface IProductCatalog
    {
        /// <summary>One product by id: <c>GET products/{id}</c>.</summary>
        /// <param name="id">Product id, e.g. "P-1001".</param>
        /// <exception cref="WebFaultException{CatalogFault}">404 with code "ProductNotFound" for an unknown id.</exception>
        [OperationContract]
        [WebGet(UriTemplate = "products/{id}", ResponseFormat = WebMessageFormat.Json)]
        Product GetProduct(string id);

        /// <summary>Products of a category, in id order: <c>GET products?category={category}&amp;max={max}</c>.</summary>
        /// <param name="category">Category name; all categories when absent.</param>
        /// <param name="max">At most this many products; no limit when absent or 0.</param>
        /// <exception cref="WebFaultException">400 when <paramref name="max"/> is negative.</exception>
        [OperationContract]
        [WebGet(UriTemplate = "products?category={category}&max={max}", ResponseFormat = WebMessageFormat.Json)]
        List<Product> FindProducts(string category, int max);

        /// <summary>Adds a product and returns it as stored (always <see cref="ProductStatus.Active"/>): <c>POST products</c>
        /// with the product as the JSON body.</summary>
        /// <param name="product">The product; its id is chosen by the caller.</param>
        /// <exception cref="WebFaultException{CatalogFault}">409 with code "DuplicateId" when the id exists.</exception>
        /// <exception cref="WebFaultException">400 when the id or name is missing or the price is negative.</exception>
        [OperationContract]
        [WebInvoke(Method = "POST", UriTemplate = "products", RequestFormat = WebMessageFormat.Json, ResponseFormat = WebMessageFormat.Json)]
        Product AddProduct(Product product);

        /// <summary>Changes a product's price: <c>PUT products/{id}/price</c> with <c>{"newPrice": …, "reason": …}</c>;
        /// the answer is wrapped too: <c>{"ChangePriceResult": {…}}</c>.</summary>
        /// <param name="id">Product id.</param>
        /// <param name="newPrice">The new unit price.</param>
        /// <param name="reason">Why, kept with the change.</param>
        /// <exception cref="WebFaultException{CatalogFault}">404 with code "ProductNotFound" for an unknown id.</exception>
        [OperationContract]
        [WebInvoke(Method = "PUT", UriTemplate = "products/{id}/price", BodyStyle = WebMessageBodyStyle.Wrapped,
            RequestFormat = WebMessageFormat.Json, ResponseFormat = WebMessageFormat.Json)]
        PriceChange ChangePrice(string id, decimal newPrice, string reason);

        /// <summary>Marks a product <see cref="ProductStatus.Discontinued"/>: <c>DELETE products/{id}</c>; no body back.</summary>
        /// <param name="id">Product id.</param>
        /// <exception cref="WebFaultException{CatalogFault}">404 with code "ProductNotFound" for an unknown id.</exception>
        [OperationContract]
        [WebInvoke(Method = "DELETE", UriTemplate = "products/{id}", ResponseFormat = WebMessageFormat.Json)]
        void DiscontinueProduct(string id);
    }

    /// <summary>Whether a product can still be ordered.</summary>
    [DataContract(Namespace = Namespaces.Data)]
    public enum ProductStatus
    {
        /// <summary>Listed and orderable.</summary>
        [EnumMember]
        Active = 0,

        /// <summary>Kept for history, no longer sold.</summary>
        [EnumMember]
        Discontinued = 1,
    }

    /// <summary>A catalog entry.</summary>
    [DataContract(Namespace = Namespaces.Data)]
    public class Product
    {
        /// <summary>Product id, e.g. "P-1001".</summary>
        [DataMember(Order = 1)]
        public string Id { get; set; }

        /// <summary>Display name.</summary>
        [DataMember(Order = 2)]
        public string Name { get; set; }

        /// <summary>Category name, e.g. "tools".</summary>
        [DataMember(Order = 3)]
        public string Category { get; set; }

        /// <summary>Unit price.</summary>
        [DataMember(Order = 4)]
        public decimal Price { get; set; }

        /// <summary>Units in stock.</summary>
        [DataMember(Order = 5)]
        public int Stock { get; set; }

        /// <summary>Whether it can be ordered (a number on WCF's JSON wire).</summary>
        [DataMember(Order = 6)]
        public ProductStatus Status { get; set; }

        /// <summary>When it was first listed (WCF's JSON wire: <c>"\/Date(milliseconds)\/"</c>).</summary>
        [DataMember(Order = 7)]
        public DateTime ListedOn { get; set; }
    }

    /// <summary>What <see cref="IProductCatalog.ChangePrice"/> did.</summary>
    [DataContract(Namespace = Namespaces.Data)]
    public class PriceChange
    {
        /// <summary>Product id.</summary>
        [DataMember(Order = 1)]
        public string ProductId { get; set; }

        /// <summary>The price before the change.</summary>
        [DataMember(Order = 2)]
        public decimal OldPrice { get; set; }

        /// <summary>The price now.</summary>
        [DataMember(Order = 3)]
        public decimal NewPrice { get; set; }

        /// <summary>Why it changed.</summary>
        [DataMember(Order = 4)]
        public string Reason { get; set; }
    }

    /// <summary>The detail of a catalog error, sent as the JSON body of a <see cref="WebFaultException{CatalogFault}"/>.</summary>
    [DataContract(Namespace = Namespaces.Data)]
    public class CatalogFault
    {
        /// <summary>Machine-readable code: "ProductNotFound", "DuplicateId".</summary>
        [DataMember(Order = 1)]
        public string Code { get; set; }

        /// <summary>Human-readable explanation.</summary>
        [DataMember(Order = 2)]
        public string Message { get; set; }
    }
}
