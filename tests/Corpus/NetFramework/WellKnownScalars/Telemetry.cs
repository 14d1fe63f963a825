using System;
using System.Runtime.Serialization;
using System.ServiceModel;

namespace Woodgrove.Iot.Telemetry
{
    [DataContract]
    public class SensorReading
    {
        [DataMember] public Guid SensorId { get; set; }
        [DataMember] public Uri Endpoint { get; set; }
        [DataMember] public char Channel { get; set; }
        [DataMember] public string Label { get; set; }
        [DataMember] public bool Calibrated { get; set; }
        [DataMember] public byte Quality { get; set; }
        [DataMember] public sbyte TrimOffset { get; set; }
        [DataMember] public short RawLow { get; set; }
        [DataMember] public ushort RawHigh { get; set; }
        [DataMember] public int Counter { get; set; }
        [DataMember] public uint Flags { get; set; }
        [DataMember] public long Ticks { get; set; }
        [DataMember] public ulong SerialNumber { get; set; }
        [DataMember] public float Voltage { get; set; }
        [DataMember] public double Value { get; set; }
        [DataMember] public decimal BillingAmount { get; set; }
        [DataMember] public DateTime CapturedAt { get; set; }
        [DataMember] public DateTimeOffset ReceivedAt { get; set; }
        [DataMember] public TimeSpan SamplingInterval { get; set; }
        [DataMember] public byte[] RawFrame { get; set; }
    }

    [ServiceContract]
    public interface ITelemetryIngest
    {
        [OperationContract]
        void Ingest(SensorReading reading);

        [OperationContract]
        SensorReading Echo(Guid sensorId, Uri endpoint, char channel, decimal amount, DateTimeOffset at, TimeSpan interval, byte[] frame);
    }
}
