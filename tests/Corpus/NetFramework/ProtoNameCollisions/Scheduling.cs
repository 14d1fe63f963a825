using System.Runtime.Serialization;
using System.ServiceModel;

namespace Fabrikam.Events.Scheduling
{
    // Names that collide with what a generator produces or with proto keywords.
    [DataContract]
    public class GetSlotsRequest
    {
        [DataMember] public string Venue { get; set; }
    }

    [DataContract]
    public class GetSlotsResponse
    {
        [DataMember] public int Count { get; set; }
    }

    [DataContract]
    public class Empty
    {
        [DataMember] public string Reason { get; set; }
    }

    [DataContract(Name = "message")]
    public class Message
    {
        [DataMember] public string Option { get; set; }
        [DataMember] public string Package { get; set; }
        [DataMember] public string Syntax { get; set; }
        [DataMember] public int @class { get; set; }
        [DataMember] public string Service { get; set; }
        [DataMember] public string Result { get; set; }
        [DataMember] public string RESULT_CODE { get; set; }
        [DataMember] public string ResultCode { get; set; }
        [DataMember(Name = "2fa")] public bool TwoFactor { get; set; }
        [DataMember(Name = "Café")] public string Cafe { get; set; }
    }

    [DataContract]
    public class Venue
    {
        [DataMember] public string Code { get; set; }
    }

    // Version 2 of the venue, renamed on the wire to the same contract name as version 1.
    [DataContract(Name = "Venue")]
    public class VenueV2
    {
        [DataMember] public string Code { get; set; }
        [DataMember] public int Capacity { get; set; }
    }

    [ServiceContract(Name = "Scheduling")]
    public interface ISchedulingService
    {
        [OperationContract]
        GetSlotsResponse GetSlots(GetSlotsRequest request);

        [OperationContract]
        int GetSlotsCount(string venue);

        [OperationContract]
        Empty Cancel(Message message, string result);

        [OperationContract(Name = "Return")]
        void @return(int @int);

        [OperationContract]
        string Scheduling(string service);

        [OperationContract]
        VenueV2 Upgrade(Venue venue);
    }
}
