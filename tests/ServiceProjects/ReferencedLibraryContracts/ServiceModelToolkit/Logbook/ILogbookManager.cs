using System.ServiceModel;

namespace ServiceModelToolkit.Logbook
{
    [ServiceContract(Namespace = "http://toolkit.example.org/logbook")]
    public interface ILogbookManager
    {
        [OperationContract(IsOneWay = true)]
        void LogEntry(LogbookEntry entry);

        [OperationContract]
        LogbookEntry[] GetEntries();

        [OperationContract(IsOneWay = true)]
        void Clear();
    }
}
