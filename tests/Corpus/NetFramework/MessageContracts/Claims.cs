using System;
using System.Runtime.Serialization;
using System.ServiceModel;

namespace Woodgrove.Insurance.Claims
{
    [DataContract]
    public class ClaimDetails
    {
        [DataMember] public string PolicyNumber { get; set; }
        [DataMember] public DateTime IncidentDate { get; set; }
        [DataMember] public string Description { get; set; }
        [DataMember] public decimal EstimatedLoss { get; set; }
    }

    [MessageContract]
    public class SubmitClaimRequest
    {
        [MessageHeader(MustUnderstand = true)] public string AgentId { get; set; }
        [MessageHeader] public string CorrelationId { get; set; }
        [MessageBodyMember(Order = 1)] public ClaimDetails Claim { get; set; }
        [MessageBodyMember(Order = 2)] public byte[] Photo { get; set; }
    }

    [MessageContract(WrapperName = "SubmitClaimResult")]
    public class SubmitClaimResponse
    {
        [MessageHeader] public string CorrelationId { get; set; }
        [MessageBodyMember] public string ClaimNumber { get; set; }
        [MessageBodyMember] public bool FastTracked { get; set; }
    }

    [MessageContract(IsWrapped = false)]
    public class ClaimStatusQuery
    {
        [MessageBodyMember] public string ClaimNumber { get; set; }
    }

    [MessageContract(IsWrapped = false)]
    public class ClaimStatusReply
    {
        [MessageBodyMember] public string Status { get; set; }
    }

    [ServiceContract]
    public interface IClaimsIntake
    {
        [OperationContract]
        SubmitClaimResponse SubmitClaim(SubmitClaimRequest request);

        [OperationContract]
        ClaimStatusReply GetStatus(ClaimStatusQuery query);
    }
}
