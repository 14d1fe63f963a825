using System;
using System.Runtime.Serialization;

namespace AdventureWorks.Loyalty
{
    public partial class LoyaltyMember
    {
        [DataMember(Order = 4)] public int PointsBalance { get; set; }
        [DataMember(Order = 5)] public string Tier { get; set; }
        [DataMember] public DateTime EnrolledOn { get; set; }
        [DataMember] public DateTime? LastActivity { get; set; }
    }
}
