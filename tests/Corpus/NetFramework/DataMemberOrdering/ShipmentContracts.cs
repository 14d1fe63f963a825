using System;
using System.Runtime.Serialization;
using System.ServiceModel;

namespace Fabrikam.Logistics.Shipping
{
    [DataContract(Name = "Shipment", Namespace = "http://fabrikam.com/logistics/2012/06")]
    public class ShipmentDto
    {
        // Out of source order on purpose: Order decides, then name.
        [DataMember(Order = 3, IsRequired = true)] public string TrackingNumber { get; set; }
        [DataMember(Order = 1)] public string Carrier { get; set; }
        [DataMember(Order = 2, Name = "service_level")] public string ServiceLevel { get; set; }
        [DataMember(Order = 2)] public int PackageCount { get; set; }
        [DataMember(EmitDefaultValue = false)] public double WeightKg { get; set; }
        [DataMember] public string Notes { get; set; }
        [DataMember(Name = "Dest")] public Address Destination { get; set; }
        public string InternalRoutingCode { get; set; }
        [IgnoreDataMember] public string CachedLabel { get; set; }
        [DataMember] private DateTime lastScanUtc;

        public DateTime LastScanUtc => lastScanUtc;
    }

    [DataContract]
    public class Address
    {
        [DataMember(Order = 10)] public string Line1 { get; set; }
        [DataMember(Order = 20)] public string Line2 { get; set; }
        [DataMember(Order = 30)] public string City { get; set; }
        [DataMember(Order = 40)] public string PostalCode { get; set; }
        [DataMember(Order = 50)] public string CountryIso { get; set; }
    }

    [ServiceContract]
    public interface IShipmentTracking
    {
        [OperationContract]
        ShipmentDto Track(string trackingNumber);

        [OperationContract]
        void Reroute(string trackingNumber, Address newDestination);
    }
}
