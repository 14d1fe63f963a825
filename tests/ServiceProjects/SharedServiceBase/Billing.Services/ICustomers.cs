using System.ServiceModel;

namespace Billing.Services
{
    [ServiceContract]
    public interface ICustomers
    {
        [OperationContract]
        string GetName(string customerId);

        [OperationContract]
        decimal GetBalance(string customerId);
    }
}
