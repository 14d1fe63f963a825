using System;
using System.Runtime.Serialization;
using System.ServiceModel;

namespace Contoso.Health.Telemetry
{
    public enum Posture
    {
        Unknown,
        Lying,
        Sitting,
        Standing,
    }

    [DataContract]
    public class VitalSigns
    {
        [DataMember] public string PatientId { get; set; }
        [DataMember] public int? HeartRate { get; set; }
        [DataMember] public double? BodyTemperature { get; set; }
        [DataMember] public bool? OnOxygen { get; set; }
        [DataMember] public decimal? Weight { get; set; }
        [DataMember] public DateTime? MeasuredAt { get; set; }
        [DataMember] public TimeSpan? SinceLastDose { get; set; }
        [DataMember] public Guid? DeviceId { get; set; }
        [DataMember] public Posture? Posture { get; set; }
        [DataMember] public long? SequenceNumber { get; set; }
    }

    [ServiceContract]
    public interface IVitalsFeed
    {
        [OperationContract]
        void Submit(VitalSigns vitals);

        [OperationContract]
        VitalSigns Latest(string patientId, DateTime? before);

        [OperationContract]
        int? CountAlarms(string patientId, int? withinMinutes);
    }
}
