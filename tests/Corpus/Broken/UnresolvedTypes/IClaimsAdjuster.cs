using System;
using System.Runtime.Serialization;
using System.ServiceModel;

namespace Woodgrove.Broken.Claims
{
    [DataContract]
    public class Adjustment
    {
        [DataMember] public string ClaimNumber { get; set; }
        [DataMember] public Money Amount { get; set; }
        [DataMember] public AdjusterProfile Adjuster { get; set; }
        [DataMember] public List<Note> Notes { get; set; }
    }

    [DataContract]
    [KnownType(typeof(FinalAdjustment))]
    [KnownType("NoSuchMethod")]
    public class AdjustmentBase
    {
        [DataMember] public Guid Id { get; set; }
    }

    [ServiceContract(CallbackContract = typeof(IAdjusterCallback))]
    [ServiceKnownType(typeof(LegacyAdjustment))]
    public interface IClaimsAdjuster
    {
        [OperationContract]
        [FaultContract(typeof(AdjusterFault))]
        Adjustment Adjust(string claimNumber, Money amount);

        [OperationContract]
        Task<Adjustment> GetAsync(string claimNumber);

        [OperationContract]
        UnknownEnum Classify(Adjustment adjustment);

        [OperationContract]
        AdjustmentBase[] History(string claimNumber);
    }
}
