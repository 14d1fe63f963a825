using System;
using System.Collections.Generic;
using System.Linq;
using System.Net;
using System.ServiceModel;
using System.ServiceModel.Web;

namespace Contoso.Catalog
{
    [ServiceBehavior(InstanceContextMode = InstanceContextMode.Single, ConcurrencyMode = ConcurrencyMode.Multiple)]
    public class CatalogService : ICatalog
    {
        private readonly Dictionary<string, Product> _products = new Dictionary<string, Product>();

        public Product GetProduct(string id, string currency)
        {
            Product product;
            if (!_products.TryGetValue(id, out product))
            {
                throw new WebFaultException<CatalogFault>(new CatalogFault { Reason = "no product " + id }, HttpStatusCode.NotFound);
            }

            return product;
        }

        public int AddProduct(Product product)
        {
            _products[product.Id.ToString()] = product;
            WebOperationContext.Current.OutgoingResponse.SetStatusAsCreated(new Uri("http://catalog.contoso.com/products/" + product.Id));
            return product.Id;
        }

        public bool SetPrice(string id, long unitPriceCents, string reason)
        {
            Product product;
            if (!_products.TryGetValue(id, out product))
            {
                OutgoingWebResponseContext response = WebOperationContext.Current.OutgoingResponse;
                response.StatusCode = HttpStatusCode.NotFound;
                response.StatusDescription = "No product " + id;
                return false;
            }

            product.UnitPriceCents = unitPriceCents;
            return true;
        }

        public Product GetProductXml(string id) => GetProduct(id, null);

        public string GetFile(string path) => "file " + path;

        public List<Product> Search(string text, int max) => _products.Values.Where(p => p.Name.Contains(text)).Take(max).ToList();

        public PriceHistory GetHistory(string id) => new PriceHistory { Since = new DateTime(2020, 1, 1), Price = 1.5m, StockByWarehouse = new Dictionary<string, int>() };

        public string GetPage(string page) => "page " + page;

        public string GetImage(string name, string extension) => name + "." + extension;

        public void DeleteProduct(string id)
        {
            if (!_products.Remove(id))
            {
                throw new WebFaultException(HttpStatusCode.NotFound);
            }
        }

        public int Count() => _products.Count;
    }
}
