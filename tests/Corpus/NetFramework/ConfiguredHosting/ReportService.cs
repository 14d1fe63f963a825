using System;
using System.Runtime.Serialization;
using System.ServiceModel;

namespace Northwind.Reporting
{
    // A service hosted from App.config (no hosting code), which reads who called it from the OperationContext.
    [DataContract]
    public class ReportRequest
    {
        [DataMember(Order = 1)] public string Name { get; set; }
        [DataMember(Order = 2)] public DateTime From { get; set; }
        [DataMember(Order = 3)] public DateTime To { get; set; }
    }

    [DataContract]
    public class Report
    {
        [DataMember(Order = 1)] public string Name { get; set; }
        [DataMember(Order = 2)] public string RequestedBy { get; set; }
        [DataMember(Order = 3)] public string Session { get; set; }
        [DataMember(Order = 4)] public byte[] Pdf { get; set; }
    }

    [ServiceContract(Namespace = "urn:northwind:reporting")]
    public interface IReportService
    {
        [OperationContract]
        Report Render(ReportRequest request);

        [OperationContract]
        string WhoAmI();
    }

    [ServiceContract(Namespace = "urn:northwind:reporting")]
    public interface IAuditSink
    {
        [OperationContract(IsOneWay = true)]
        void Rendered(string reportName, string requestedBy);
    }

    [ServiceBehavior(InstanceContextMode = InstanceContextMode.PerSession)]
    public class ReportService : IReportService
    {
        public Report Render(ReportRequest request)
        {
            var context = OperationContext.Current;
            var user = context.IncomingMessageHeaders.GetHeader<string>("user", "urn:northwind:audit");
            return new Report { Name = request.Name, RequestedBy = user, Session = context.SessionId, Pdf = new byte[0] };
        }

        public string WhoAmI()
        {
            var context = System.ServiceModel.OperationContext.Current;
            return context.ServiceSecurityContext?.PrimaryIdentity?.Name ?? "anonymous";
        }
    }
}
