using System;
using System.Device.Location;
using System.Runtime.Serialization;

namespace Telemetry.Service
{
    [DataContract]
    public class TelemetryReading
    {
        [DataMember]
        public string TerminalId { get; set; }

        [DataMember]
        public DateTime TakenAt { get; set; }

        [DataMember]
        public GeoCoordinate Position { get; set; }
    }
}
