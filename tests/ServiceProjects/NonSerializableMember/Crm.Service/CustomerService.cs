using Crm.Service.Data;

namespace Crm.Service
{
    public class CustomerService : ICustomerService
    {
        private static readonly CustomerRepository Repository = new CustomerRepository("Server=.;Database=Crm;Integrated Security=true");

        static CustomerService()
        {
            Repository.Remember(1, "Contoso");
            Repository.Remember(2, "Fabrikam");
        }

        public CustomerRecord GetCustomer(int id)
        {
            return new CustomerRecord { Id = id, Name = Repository.FindName(id) };
        }

        public void Rename(int id, string name)
        {
            Repository.Remember(id, name);
        }
    }
}
