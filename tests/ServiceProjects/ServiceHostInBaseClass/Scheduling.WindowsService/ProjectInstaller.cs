using System.ComponentModel;
using System.Configuration.Install;
using System.ServiceProcess;

namespace Scheduling.WindowsService
{
    [RunInstaller(true)]
    public class ProjectInstaller : Installer
    {
        public ProjectInstaller()
        {
            var processInstaller = new ServiceProcessInstaller { Account = ServiceAccount.NetworkService };
            var serviceInstaller = new ServiceInstaller
            {
                ServiceName = "SchedulingService",
                DisplayName = "Scheduling Service",
                StartType = ServiceStartMode.Automatic,
            };

            Installers.Add(processInstaller);
            Installers.Add(serviceInstaller);
        }
    }
}
