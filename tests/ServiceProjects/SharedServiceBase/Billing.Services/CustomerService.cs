using System.Collections.Generic;
using Billing.Services.Infrastructure;

namespace Billing.Services
{
    public class CustomerService : ServiceBase, ICustomers
    {
        private static readonly Dictionary<string, string> Names = new Dictionary<string, string> { { "C1", "Contoso" }, { "C2", "Fabrikam" } };

        public string GetName(string customerId)
        {
            return Traced("GetName", () =>
            {
                string name;
                return customerId != null && Names.TryGetValue(customerId, out name) ? name : null;
            });
        }

        public decimal GetBalance(string customerId)
        {
            return Traced("GetBalance", () => customerId == "C1" ? 99.99m : 0m);
        }
    }
}
