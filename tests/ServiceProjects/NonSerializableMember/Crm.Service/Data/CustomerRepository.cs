using System.Collections.Generic;
using System.Data;
using System.Data.Common;

namespace Crm.Service.Data
{
    // Data access for customers. Opens its connection on first use and keeps it for the unit of work it serves.
    public class CustomerRepository
    {
        private readonly string _connectionString;
        private readonly Dictionary<int, string> _cache = new Dictionary<int, string>();
        private IDbConnection _connection;

        public CustomerRepository(string connectionString)
        {
            _connectionString = connectionString;
        }

        public IDbConnection Connection
        {
            get
            {
                if (_connection == null)
                {
                    _connection = DbProviderFactories.GetFactory("System.Data.SqlClient").CreateConnection();
                    _connection.ConnectionString = _connectionString;
                }

                return _connection;
            }
        }

        public string FindName(int id)
        {
            string name;
            return _cache.TryGetValue(id, out name) ? name : null;
        }

        public void Remember(int id, string name)
        {
            _cache[id] = name;
        }
    }
}
