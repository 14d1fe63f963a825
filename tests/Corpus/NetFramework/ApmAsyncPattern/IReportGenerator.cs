using System;
using System.Runtime.Serialization;
using System.ServiceModel;

namespace Northwind.Reporting
{
    [DataContract]
    public class ReportRequest
    {
        [DataMember] public string ReportName { get; set; }
        [DataMember] public DateTime From { get; set; }
        [DataMember] public DateTime To { get; set; }
        [DataMember] public string Format { get; set; }
    }

    [ServiceContract]
    public interface IReportGenerator
    {
        // The classic .NET 3.5 asynchronous programming model: one logical operation "Render".
        [OperationContract(AsyncPattern = true)]
        IAsyncResult BeginRender(ReportRequest request, AsyncCallback callback, object state);

        byte[] EndRender(IAsyncResult result);

        [OperationContract(AsyncPattern = true)]
        IAsyncResult BeginPurgeCache(string reportName, AsyncCallback callback, object state);

        void EndPurgeCache(IAsyncResult result);

        // A synchronous twin and its APM form describe the same operation.
        [OperationContract]
        string[] ListReports();

        [OperationContract(AsyncPattern = true)]
        IAsyncResult BeginListReports(AsyncCallback callback, object state);

        string[] EndListReports(IAsyncResult result);
    }
}
