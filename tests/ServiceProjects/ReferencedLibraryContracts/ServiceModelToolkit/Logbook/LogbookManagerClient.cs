using System.ServiceModel;

namespace ServiceModelToolkit.Logbook
{
    public class LogbookManagerClient : ClientBase<ILogbookManager>, ILogbookManager
    {
        public LogbookManagerClient()
        {
        }

        public LogbookManagerClient(string endpointName) : base(endpointName)
        {
        }

        public void LogEntry(LogbookEntry entry)
        {
            Channel.LogEntry(entry);
        }

        public LogbookEntry[] GetEntries()
        {
            return Channel.GetEntries();
        }

        public void Clear()
        {
            Channel.Clear();
        }
    }
}
