using System;
using System.Collections.Generic;
using System.Net;
using System.Runtime.Serialization;
using System.ServiceModel;
using System.ServiceModel.Web;

namespace Contoso.Catalog
{
    public enum Availability
    {
        InStock = 1,
        Backordered = 2,
        Discontinued = 3,
    }

    [DataContract]
    public class Product
    {
        [DataMember(Order = 1)]
        public int Id { get; set; }

        [DataMember(Order = 2)]
        public string Name { get; set; }

        [DataMember(Order = 3)]
        public Availability Availability { get; set; }

        [DataMember(Order = 4, Name = "unit_price_cents")]
        public long UnitPriceCents { get; set; }
    }

    [DataContract]
    public class PriceHistory
    {
        [DataMember(Order = 1)]
        public DateTime Since { get; set; }

        [DataMember(Order = 2)]
        public decimal Price { get; set; }

        [DataMember(Order = 3)]
        public Dictionary<string, int> StockByWarehouse { get; set; }
    }

    [DataContract]
    public class CatalogFault
    {
        [DataMember(Order = 1)]
        public string Reason { get; set; }
    }

    /// <summary>A WCF REST catalog on webHttpBinding.</summary>
    [ServiceContract]
    public interface ICatalog
    {
        /// <summary>GET with a path variable and a query variable.</summary>
        [OperationContract]
        [WebGet(UriTemplate = "products/{id}?currency={currency}", ResponseFormat = WebMessageFormat.Json)]
        Product GetProduct(string id, string currency);

        /// <summary>POST with a bare JSON body.</summary>
        [OperationContract]
        [WebInvoke(Method = "POST", UriTemplate = "products", RequestFormat = WebMessageFormat.Json, ResponseFormat = WebMessageFormat.Json)]
        int AddProduct(Product product);

        /// <summary>PUT with a wrapped body.</summary>
        [OperationContract]
        [WebInvoke(Method = "PUT", UriTemplate = "products/{id}/price", BodyStyle = WebMessageBodyStyle.Wrapped, RequestFormat = WebMessageFormat.Json, ResponseFormat = WebMessageFormat.Json)]
        bool SetPrice(string id, long unitPriceCents, string reason);

        /// <summary>XML, WCF's default format.</summary>
        [OperationContract]
        [WebGet(UriTemplate = "products/{id}/xml")]
        Product GetProductXml(string id);

        /// <summary>A wildcard for the rest of the path.</summary>
        [OperationContract]
        [WebGet(UriTemplate = "files/{*path}", ResponseFormat = WebMessageFormat.Json)]
        string GetFile(string path);

        /// <summary>No UriTemplate: /Search?text=...&amp;max=...</summary>
        [OperationContract]
        [WebGet(ResponseFormat = WebMessageFormat.Json)]
        List<Product> Search(string text, int max);

        /// <summary>Values whose JSON differs: DateTime, decimal, Dictionary.</summary>
        [OperationContract]
        [WebGet(UriTemplate = "products/{id}/history", ResponseFormat = WebMessageFormat.Json)]
        PriceHistory GetHistory(string id);

        /// <summary>A default value, a query literal and a compound segment.</summary>
        [OperationContract]
        [WebGet(UriTemplate = "pages/{page=1}?format=json", ResponseFormat = WebMessageFormat.Json)]
        string GetPage(string page);

        [OperationContract]
        [WebGet(UriTemplate = "images/{name}.{extension}", ResponseFormat = WebMessageFormat.Json)]
        string GetImage(string name, string extension);

        /// <summary>A fault over HTTP: WebFaultException with a status code.</summary>
        [OperationContract]
        [FaultContract(typeof(CatalogFault))]
        [WebInvoke(Method = "DELETE", UriTemplate = "products/{id}", ResponseFormat = WebMessageFormat.Json)]
        void DeleteProduct(string id);

        /// <summary>Wrapped response: {"CountResult": n}.</summary>
        [OperationContract]
        [WebInvoke(UriTemplate = "count", BodyStyle = WebMessageBodyStyle.WrappedResponse, ResponseFormat = WebMessageFormat.Json)]
        int Count();
    }
}
