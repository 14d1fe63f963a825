using System;
using System.ServiceModel;

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

    [ServiceContract]
    public interface ILedgerService
    {
        [OperationContract]
        void Post(JournalEntry entry);

        [OperationContract]
        JournalEntry[] GetEntries(AccountCode account, DateTime from, DateTime to);
    }
}
