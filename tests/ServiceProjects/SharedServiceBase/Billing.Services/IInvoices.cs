using System.Collections.Generic;
using System.ServiceModel;

namespace Billing.Services
{
    [ServiceContract]
    public interface IInvoices
    {
        [OperationContract]
        Invoice GetInvoice(string number);

        [OperationContract]
        List<Invoice> GetOpenInvoices(string customerId);

        [OperationContract]
        string WhoAmI();
    }
}
