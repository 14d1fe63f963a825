using System;
using System.Collections.Generic;
using System.Runtime.Serialization;
using System.ServiceModel;

namespace PayloadWcf
{
    /// <summary>Sends a message and gets it back: the payload benchmark's two shapes of a large message.</summary>
    [ServiceContract(Namespace = "http://migrate-wcf.example/payload")]
    public interface IPayloadEcho
    {
        /// <summary>Returns the document it was given (one bytes field).</summary>
        [OperationContract]
        Document EchoDocument(Document document);

        /// <summary>Returns the readings it was given (a list of records).</summary>
        [OperationContract]
        List<Reading> EchoReadings(List<Reading> readings);
    }

    /// <summary>A file-like message: a name and its content.</summary>
    [DataContract(Namespace = "http://migrate-wcf.example/payload")]
    public sealed class Document
    {
        /// <summary>The document's name.</summary>
        [DataMember(Order = 1)]
        public string Name { get; set; }

        /// <summary>The document's bytes.</summary>
        [DataMember(Order = 2)]
        public byte[] Content { get; set; }
    }

    /// <summary>How far a reading can be trusted.</summary>
    [DataContract(Namespace = "http://migrate-wcf.example/payload")]
    public enum Quality
    {
        /// <summary>Measured and checked.</summary>
        [EnumMember] Good,

        /// <summary>Measured, not checked.</summary>
        [EnumMember] Uncertain,

        /// <summary>Estimated.</summary>
        [EnumMember] Bad,
    }

    /// <summary>One sensor reading: the record of a typical telemetry or reporting service.</summary>
    [DataContract(Namespace = "http://migrate-wcf.example/payload")]
    public sealed class Reading
    {
        /// <summary>The sensor's name.</summary>
        [DataMember(Order = 1)]
        public string Sensor { get; set; }

        /// <summary>A running number per sensor.</summary>
        [DataMember(Order = 2)]
        public long Sequence { get; set; }

        /// <summary>When it was taken (UTC).</summary>
        [DataMember(Order = 3)]
        public DateTime TakenAt { get; set; }

        /// <summary>The measured value.</summary>
        [DataMember(Order = 4)]
        public double Value { get; set; }

        /// <summary>The value's unit.</summary>
        [DataMember(Order = 5)]
        public string Unit { get; set; }

        /// <summary>How far it can be trusted.</summary>
        [DataMember(Order = 6)]
        public Quality Quality { get; set; }
    }
}
