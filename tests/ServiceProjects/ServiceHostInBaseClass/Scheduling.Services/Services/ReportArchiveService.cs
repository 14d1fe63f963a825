using Scheduling.Services.Contracts;
using Scheduling.Services.Hosting;

namespace Scheduling.Services.Services
{
    public class ReportArchiveService : HostedServiceBase, IReportArchive
    {
        private static readonly string[] Reports = { "daily", "weekly", "monthly" };

        public ReportArchiveService() : base(typeof(ReportArchiveService), "Report archive") { }

        public int CountReports()
        {
            return Reports.Length;
        }
    }
}
