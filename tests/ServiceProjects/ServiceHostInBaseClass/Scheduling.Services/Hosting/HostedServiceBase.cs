using System;
using System.Diagnostics;
using System.ServiceModel;

namespace Scheduling.Services.Hosting
{
    /// <summary>
    /// Base class of every service: each one owns the ServiceHost that exposes it, configured from App.config.
    /// </summary>
    public abstract class HostedServiceBase : IHostedService
    {
        private readonly ServiceHost _host;
        private readonly string _name;

        protected HostedServiceBase(Type serviceType, string name)
        {
            _name = name;
            _host = new ServiceHost(serviceType);
            _host.Faulted += (sender, args) => _host.Abort();
        }

        public string Name
        {
            get { return _name; }
        }

        public void Start()
        {
            _host.Open();
            Trace.TraceInformation("{0} started", _name);
        }

        public void Stop()
        {
            if (_host.State == CommunicationState.Opened)
            {
                _host.Close();
            }
            else
            {
                _host.Abort();
            }

            Trace.TraceInformation("{0} stopped", _name);
        }
    }
}
