using System.Collections.Generic;

namespace Tailspin.Catalog.Data
{
    // The document database client the catalog service uses (a thin wrapper over the driver).
    public class CatalogStore
    {
        private readonly Dictionary<string, string> documents = new Dictionary<string, string>();

        public CatalogStore(string connectionString)
        {
            ConnectionString = connectionString;
        }

        public string ConnectionString { get; }

        public int Count => documents.Count;

        public void Save(string id, string document) => documents[id] = document;

        public string Load(string id) => documents.TryGetValue(id, out var document) ? document : null;
    }

    // Settings read from app.config; plain properties, so WCF infers its contract.
    public class StoreSettings
    {
        public string Database { get; set; }

        public int TimeoutSeconds { get; set; }
    }
}
