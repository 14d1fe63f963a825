using System;
using System.ServiceModel;
using System.ServiceModel.Description;

namespace Fabrikam.Office.Printing
{
    // Code-configured self-hosting, as in Windows services that never had an app.config.
    public static class SpoolerHost
    {
        public static ServiceHost Open()
        {
            var host = new ServiceHost(typeof(PrintSpooler), new Uri("net.tcp://localhost:8523/print"), new Uri("http://localhost:8080/print"));

            var tcp = new NetTcpBinding(SecurityMode.Transport)
            {
                MaxReceivedMessageSize = 64 * 1024 * 1024,
                SendTimeout = TimeSpan.FromMinutes(5),
                PortSharingEnabled = true,
            };
            tcp.ReliableSession.Enabled = true;
            host.AddServiceEndpoint(typeof(IPrintSpooler), tcp, "");

            var pipe = new NetNamedPipeBinding(NetNamedPipeSecurityMode.None) { TransferMode = TransferMode.Streamed };
            host.AddServiceEndpoint(typeof(IPrintSpooler), pipe, "net.pipe://localhost/print");

            var ws = new WSHttpBinding(SecurityMode.Message);
            ws.Security.Message.ClientCredentialType = MessageCredentialType.Windows;
            host.AddServiceEndpoint(typeof(IPrintSpooler), ws, "ws");

            host.AddServiceEndpoint(typeof(IPrintSpooler), new BasicHttpBinding(), "basic");

            host.Description.Behaviors.Add(new ServiceMetadataBehavior { HttpGetEnabled = true });
            host.Description.Behaviors.Add(new ServiceThrottlingBehavior { MaxConcurrentCalls = 64, MaxConcurrentSessions = 200, MaxConcurrentInstances = 1 });
            var debug = host.Description.Behaviors.Find<ServiceDebugBehavior>();
            debug.IncludeExceptionDetailInFaults = true;
            host.AddServiceEndpoint(typeof(IMetadataExchange), MetadataExchangeBindings.CreateMexTcpBinding(), "mex");

            host.Open();
            return host;
        }
    }
}
