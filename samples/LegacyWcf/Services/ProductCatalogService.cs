using System;
using System.Collections.Generic;
using System.Linq;
using System.ServiceModel;
using LegacyWcf.Contracts;

namespace LegacyWcf.Services
{
    /// <summary>The REST product catalog. PerCall over one catalog per host process (<see cref="ProductBook"/>).</summary>
    [ServiceBehavior(InstanceContextMode = InstanceContextMode.PerCall, ConcurrencyMode = ConcurrencyMode.Multiple)]
    public sealed class ProductCatalogService : IProductCatalog
    {
        /// <inheritdoc />
        public Product GetProduct(string id)
        {
            return ProductBook.Find(id) ?? throw CatalogErrors.NotFound(id);
        }

        /// <inheritdoc />
        public List<Product> FindProducts(string category, int max)
        {
            if (max < 0)
            {
                throw CatalogErrors.BadRequest();
            }

            IEnumerable<Product> found = ProductBook.All().Where(p => category == null || string.Equals(p.Category, category, StringComparison.Ordinal));
            return (max == 0 ? found : found.Take(max)).ToList();
        }

        /// <inheritdoc />
        public Product AddProduct(Product product)
        {
            if (product == null || string.IsNullOrEmpty(product.Id) || string.IsNullOrEmpty(product.Name) || product.Price < 0)
            {
                throw CatalogErrors.BadRequest();
            }

            product.Status = ProductStatus.Active;
            if (!ProductBook.TryAdd(product))
            {
                throw CatalogErrors.DuplicateId(product.Id);
            }

            return ProductBook.Find(product.Id);
        }

        /// <inheritdoc />
        public PriceChange ChangePrice(string id, decimal newPrice, string reason)
        {
            decimal oldPrice;
            if (!ProductBook.TryChangePrice(id, newPrice, out oldPrice))
            {
                throw CatalogErrors.NotFound(id);
            }

            return new PriceChange { ProductId = id, OldPrice = oldPrice, NewPrice = newPrice, Reason = reason };
        }

        /// <inheritdoc />
        public void DiscontinueProduct(string id)
        {
            if (!ProductBook.TryDiscontinue(id))
            {
                throw CatalogErrors.NotFound(id);
            }
        }
    }
}

