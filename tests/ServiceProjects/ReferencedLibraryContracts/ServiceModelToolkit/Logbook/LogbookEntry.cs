using System;
using System.Runtime.Serialization;

namespace ServiceModelToolkit.Logbook
{
    [DataContract(Namespace = "http://toolkit.example.org/logbook")]
    public class LogbookEntry
    {
        [DataMember]
        public string MachineName { get; set; }

        [DataMember]
        public string ServiceName { get; set; }

        [DataMember]
        public string ExceptionName { get; set; }

        [DataMember]
        public string ExceptionMessage { get; set; }

        [DataMember]
        public DateTime Date { get; set; }

        public LogbookEntry()
        {
        }

        public LogbookEntry(string serviceName, Exception exception)
        {
            MachineName = Environment.MachineName;
            ServiceName = serviceName;
            ExceptionName = exception.GetType().ToString();
            ExceptionMessage = exception.Message;
            Date = DateTime.Now;
        }
    }
}
