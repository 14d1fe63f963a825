using System.Collections.Generic;
using System.Linq;
using System.Net;
using System.ServiceModel;
using System.ServiceModel.Web;

namespace Products.Rest
{
    [ServiceBehavior(InstanceContextMode = InstanceContextMode.Single, ConcurrencyMode = ConcurrencyMode.Single)]
    public class ProductsService : IProducts
    {
        private readonly List<Product> _products = new List<Product>
        {
            new Product { Id = 1, Name = "Chai", Price = 18m },
            new Product { Id = 2, Name = "Chang", Price = 19m },
        };

        public List<Product> GetProducts()
        {
            return _products;
        }

        public Product GetProduct(string id)
        {
            int key;
            var product = int.TryParse(id, out key) ? _products.FirstOrDefault(p => p.Id == key) : null;
            if (product == null)
            {
                WebOperationContext.Current.OutgoingResponse.StatusCode = HttpStatusCode.NotFound;
            }

            return product;
        }

        public Product CreateProduct(Product product)
        {
            var created = new Product
            {
                Id = _products.Max(p => p.Id) + 1,
                Name = product == null ? null : product.Name,
                Price = product == null ? 0m : product.Price,
            };
            _products.Add(created);

            WebOperationContext.Current.OutgoingResponse.StatusCode = HttpStatusCode.Created;
            return created;
        }
    }
}
