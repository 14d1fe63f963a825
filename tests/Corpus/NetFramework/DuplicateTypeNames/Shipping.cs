using System.Runtime.Serialization;
using System.ServiceModel;

namespace Contoso.Shipping
{
    // Same simple names as Contoso.Billing's types, different shapes.
    [DataContract(Namespace = "http://contoso.com/shipping")]
    public class Invoice
    {
        [DataMember] public string WaybillNumber { get; set; }
        [DataMember] public int Parcels { get; set; }
    }

    [DataContract(Namespace = "http://contoso.com/shipping")]
    public class Status
    {
        [DataMember] public string Location { get; set; }
        [DataMember] public bool Delivered { get; set; }
    }

    [ServiceContract(Name = "InvoiceService")]
    public interface IInvoiceService
    {
        [OperationContract]
        Invoice GetInvoice(string waybillNumber);

        [OperationContract]
        Status GetStatus(string waybillNumber);
    }
}
