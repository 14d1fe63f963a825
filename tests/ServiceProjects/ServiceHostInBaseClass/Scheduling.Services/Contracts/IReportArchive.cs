using System.ServiceModel;

namespace Scheduling.Services.Contracts
{
    [ServiceContract(Namespace = "http://scheduling.example.com/2014/reports")]
    public interface IReportArchive
    {
        [OperationContract]
        int CountReports();
    }
}
