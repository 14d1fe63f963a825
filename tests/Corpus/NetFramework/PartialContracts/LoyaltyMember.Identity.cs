using System.Runtime.Serialization;

namespace AdventureWorks.Loyalty
{
    [DataContract]
    public partial class LoyaltyMember
    {
        [DataMember(Order = 1)] public string MemberNumber { get; set; }
        [DataMember(Order = 2)] public string Email { get; set; }
        [DataMember(Order = 3)] public string DisplayName { get; set; }
    }
}
