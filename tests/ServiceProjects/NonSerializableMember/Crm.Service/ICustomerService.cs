using System.ServiceModel;

namespace Crm.Service
{
    [ServiceContract(Namespace = "http://crm.example.com/2011/customers")]
    public interface ICustomerService
    {
        [OperationContract]
        CustomerRecord GetCustomer(int id);

        [OperationContract]
        void Rename(int id, string name);
    }
}
