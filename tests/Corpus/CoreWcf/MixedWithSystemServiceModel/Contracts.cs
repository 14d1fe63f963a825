using System;
using System.Runtime.Serialization;

namespace Tailspin.Migration.InProgress
{
    [DataContract]
    public class Invoice
    {
        [DataMember] public string Number { get; set; } = "";
        [DataMember] public decimal Amount { get; set; }
        [DataMember] public DateTime IssuedOn { get; set; }
    }

    // Half-way through a port: one contract already on CoreWCF, the other still on System.ServiceModel.
    [CoreWCF.ServiceContract]
    public interface IInvoiceQueries
    {
        [CoreWCF.OperationContract]
        Invoice Get(string number);
    }

    [System.ServiceModel.ServiceContract]
    public interface IInvoiceCommands
    {
        [System.ServiceModel.OperationContract]
        void Issue(Invoice invoice);

        [System.ServiceModel.OperationContract(IsOneWay = true)]
        void Void(string number);
    }

    [CoreWCF.ServiceBehavior(InstanceContextMode = CoreWCF.InstanceContextMode.PerCall)]
    public class InvoiceQueries : IInvoiceQueries
    {
        public Invoice Get(string number) => new Invoice { Number = number };
    }
}
