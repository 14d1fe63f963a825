using System;
using System.Runtime.Serialization;

namespace Billing.Services
{
    [DataContract]
    public class Invoice
    {
        [DataMember]
        public string Number { get; set; }

        [DataMember]
        public string CustomerId { get; set; }

        [DataMember]
        public decimal Amount { get; set; }

        [DataMember]
        public DateTime DueDate { get; set; }

        [DataMember]
        public bool Paid { get; set; }
    }
}
