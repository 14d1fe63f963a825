using System;
using System.Runtime.Serialization;

namespace Shipping.Contracts
{
    [DataContract(Namespace = "http://shipping.example.org/tracking")]
    public class ShipmentStatus
    {
        [DataMember]
        public string TrackingNumber { get; set; }

        [DataMember]
        public string Location { get; set; }

        [DataMember]
        public bool Delivered { get; set; }

        [DataMember]
        public DateTime LastScan { get; set; }
    }
}
