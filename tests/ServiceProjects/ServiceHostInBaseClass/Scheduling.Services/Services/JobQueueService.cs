using Scheduling.Services.Contracts;
using Scheduling.Services.Hosting;

namespace Scheduling.Services.Services
{
    public class JobQueueService : HostedServiceBase, IJobQueue
    {
        public JobQueueService() : base(typeof(JobQueueService), "Job queue") { }

        public string Describe(string jobName)
        {
            return Name + ": " + (string.IsNullOrEmpty(jobName) ? "no job" : jobName);
        }
    }
}
