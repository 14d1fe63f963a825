using System.ServiceModel;

namespace Scheduling.Services.Contracts
{
    [ServiceContract(Namespace = "http://scheduling.example.com/2014/jobs")]
    public interface IJobQueue
    {
        [OperationContract]
        string Describe(string jobName);
    }
}
