using System.Runtime.Serialization;

namespace Fabrikam.Warehouse
{
    [DataContract(Namespace = "http://fabrikam.com/warehouse/2016")]
    internal class StockLevel
    {
        [DataMember(Order = 1)]
        public string Sku { get; set; }

        [DataMember(Order = 2)]
        public int OnHand { get; set; }

        [DataMember(Order = 3)]
        public Bins.Location Where { get; set; }

        [DataMember(Order = 4)]
        internal AdjustmentReason LastReason { get; set; }
    }

    [DataContract(Namespace = "http://fabrikam.com/warehouse/2016")]
    internal class StockFault
    {
        [DataMember(Order = 1)]
        public string Sku { get; set; }

        [DataMember(Order = 2)]
        public string Reason { get; set; }
    }

    [DataContract(Namespace = "http://fabrikam.com/warehouse/2016")]
    internal enum AdjustmentReason
    {
        [EnumMember] Count = 0,
        [EnumMember] Damage = 1,
        [EnumMember] Return = 2,
    }

    internal static class Bins
    {
        [DataContract(Namespace = "http://fabrikam.com/warehouse/2016")]
        public class Location
        {
            [DataMember(Order = 1)]
            public string Aisle { get; set; }

            [DataMember(Order = 2)]
            public int Shelf { get; set; }
        }
    }
}
