using System;
using System.Runtime.Serialization;
using System.ServiceModel;

namespace Contoso.Billing
{
    [DataContract(Namespace = "http://contoso.com/billing")]
    public class Invoice
    {
        [DataMember] public string InvoiceNumber { get; set; }
        [DataMember] public decimal Total { get; set; }
        [DataMember] public DateTime DueDate { get; set; }
    }

    [DataContract(Namespace = "http://contoso.com/billing")]
    public class Status
    {
        [DataMember] public bool Paid { get; set; }
    }

    [ServiceContract(Name = "InvoiceService")]
    public interface IInvoiceService
    {
        [OperationContract]
        Invoice GetInvoice(string invoiceNumber);

        [OperationContract]
        Status GetStatus(string invoiceNumber);
    }
}
