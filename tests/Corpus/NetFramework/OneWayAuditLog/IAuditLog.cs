using System;
using System.Runtime.Serialization;
using System.ServiceModel;

namespace Fabrikam.Compliance.Audit
{
    [DataContract(Namespace = "http://fabrikam.com/compliance")]
    public class AuditEntry
    {
        [DataMember] public string Actor { get; set; }
        [DataMember] public string Action { get; set; }
        [DataMember] public string Resource { get; set; }
        [DataMember] public DateTime OccurredAtUtc { get; set; }
        [DataMember] public string CorrelationId { get; set; }
    }

    /// <summary>Fire-and-forget audit sink; callers never wait for persistence.</summary>
    [ServiceContract]
    public interface IAuditLog
    {
        [OperationContract(IsOneWay = true)]
        void Record(AuditEntry entry);

        [OperationContract(IsOneWay = true)]
        void RecordBatch(AuditEntry[] entries);

        [OperationContract(IsOneWay = true)]
        void Heartbeat();

        [OperationContract]
        long CountEntriesSince(DateTime sinceUtc);
    }
}
