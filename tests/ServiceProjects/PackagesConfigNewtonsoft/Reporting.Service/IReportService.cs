using System.ServiceModel;

namespace Reporting.Service
{
    [ServiceContract(Namespace = "http://reporting.example.com/2019")]
    public interface IReportService
    {
        [OperationContract]
        SalesReport GetReport(string region);

        // The dashboard wants the report as the JSON the old ASP.NET pages produced.
        [OperationContract]
        string ExportReportJson(string region);

        [OperationContract]
        SalesReport ImportReportJson(string json);
    }
}
