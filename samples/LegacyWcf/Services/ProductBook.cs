using System;
using System.Collections.Generic;
using System.Linq;
using LegacyWcf.Contracts;

namespace LegacyWcf.Services
{
    /// <summary>The catalog of one host process, seeded with a few products; every answer is a copy.</summary>
    internal static class ProductBook
    {
        private static readonly object Gate = new object();
        private static readonly DateTime Listed = new DateTime(2024, 3, 1, 0, 0, 0, DateTimeKind.Utc);
        private static readonly SortedDictionary<string, Product> Products = new SortedDictionary<string, Product>(StringComparer.Ordinal)
        {
            { "P-1001", new Product { Id = "P-1001", Name = "Cordless drill", Category = "tools", Price = 89.90m, Stock = 12, ListedOn = Listed } },
            { "P-1002", new Product { Id = "P-1002", Name = "Hammer", Category = "tools", Price = 14.50m, Stock = 40, ListedOn = Listed } },
            { "P-1003", new Product { Id = "P-1003", Name = "Socket set", Category = "tools", Price = 42.00m, Stock = 0, ListedOn = Listed.AddDays(7) } },
            { "P-2001", new Product { Id = "P-2001", Name = "Garden hose", Category = "garden", Price = 23.75m, Stock = 8, ListedOn = Listed } },
            { "P-2002", new Product { Id = "P-2002", Name = "Rake", Category = "garden", Price = 9.99m, Stock = 25, ListedOn = Listed } },
            { "P-9001", new Product { Id = "P-9001", Name = "Paraffin lamp", Category = "clearance", Price = 5.00m, Stock = 1, ListedOn = Listed.AddYears(-10) } },
        };

        public static Product Find(string id)
        {
            lock (Gate)
            {
                Product product;
                return id != null && Products.TryGetValue(id, out product) ? Copy(product) : null;
            }
        }

        public static List<Product> All()
        {
            lock (Gate)
            {
                return Products.Values.Select(Copy).ToList();
            }
        }

        public static bool TryAdd(Product product)
        {
            lock (Gate)
            {
                if (Products.ContainsKey(product.Id))
                {
                    return false;
                }

                Products.Add(product.Id, Copy(product));
                return true;
            }
        }

        public static bool TryChangePrice(string id, decimal newPrice, out decimal oldPrice)
        {
            lock (Gate)
            {
                Product product;
                oldPrice = 0m;
                if (id == null || !Products.TryGetValue(id, out product))
                {
                    return false;
                }

                oldPrice = product.Price;
                product.Price = newPrice;
                return true;
            }
        }

        public static bool TryDiscontinue(string id)
        {
            lock (Gate)
            {
                Product product;
                if (id == null || !Products.TryGetValue(id, out product))
                {
                    return false;
                }

                product.Status = ProductStatus.Discontinued;
                return true;
            }
        }

        private static Product Copy(Product product)
        {
            return new Product
            {
                Id = product.Id,
                Name = product.Name,
                Category = product.Category,
                Price = product.Price,
                Stock = product.Stock,
                Status = product.Status,
                ListedOn = product.ListedOn,
            };
        }
    }
}
