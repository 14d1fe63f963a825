using System.Collections.Generic;
using System.ServiceProcess;
using Scheduling.Services.Hosting;
using Scheduling.Services.Services;

namespace Scheduling.WindowsService
{
    public partial class SchedulingService : ServiceBase
    {
        private readonly List<IHostedService> _services = new List<IHostedService>();

        public SchedulingService()
        {
            InitializeComponent();
            _services.Add(new JobQueueService());
            _services.Add(new ReportArchiveService());
        }

        protected override void OnStart(string[] args)
        {
            foreach (var service in _services)
            {
                service.Start();
            }
        }

        protected override void OnStop()
        {
            foreach (var service in _services)
            {
                service.Stop();
            }
        }
    }
}
