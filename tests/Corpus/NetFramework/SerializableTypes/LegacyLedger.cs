using System;
using System.Runtime.Serialization;
using System.ServiceModel;
using System.Xml;
using System.Xml.Schema;
using System.Xml.Serialization;

namespace Contoso.Accounting.Ledger
{
    // Pre-DataContract types from a .NET 2.0 remoting era library, serialized field by field.
    [Serializable]
    public class JournalEntry
    {
        public string Account;
        public decimal Debit;
        public decimal Credit;
        public DateTime PostedOn;
        [NonSerialized] public string CachedDisplay;
        private string memo;

        public string Memo { get => memo; set => memo = value; }
    }

    [Serializable]
    public struct AccountCode
    {
        public int Segment1;
        public int Segment2;
    }

    // Hand-written serialization: the members on the wire are whatever GetObjectData writes.
    [Serializable]
    public class FiscalPeriod : ISerializable
    {
        public FiscalPeriod(int year, int period)
        {
            Year = year;
            Period = period;
        }

        protected FiscalPeriod(SerializationInfo info, StreamingContext context)
        {
            Year = info.GetInt32("y");
            Period = info.GetInt32("p");
        }

        public int Year { get; }

        public int Period { get; }

        public void GetObjectData(SerializationInfo info, StreamingContext context)
        {
            info.AddValue("y", Year);
            info.AddValue("p", Period);
        }
    }

    public class LedgerExtract : IXmlSerializable
    {
        public string Csv { get; set; }

        public XmlSchema GetSchema() => null;

        public void ReadXml(XmlReader reader) => Csv = reader.ReadElementContentAsString();

        public void WriteXml(XmlWriter writer) => writer.WriteString(Csv);
    }

    [ServiceContract]
    public interface ILedgerService
    {
        [OperationContract]
        void Post(JournalEntry entry);

        [OperationContract]
        JournalEntry[] GetEntries(AccountCode account, DateTime from, DateTime to);

        [OperationContract]
        bool ClosePeriod(FiscalPeriod period);

        [OperationContract]
        LedgerExtract Extract(FiscalPeriod period);
    }
}
