using System;
using System.ServiceModel;

namespace Inventory.Service
{
    // Run with /selftest after deployment: proves the machine can host and reach a WCF endpoint.
    internal static class InventorySelfTest
    {
        [ServiceContract]
        private interface IPing
        {
            [OperationContract]
            string Ping(string text);
        }

        private sealed class PingService : IPing
        {
            public string Ping(string text)
            {
                return "pong: " + text;
            }
        }

        public static bool Run()
        {
            var address = new Uri("net.pipe://localhost/inventory-selftest");
            using (var host = new ServiceHost(typeof(PingService), address))
            {
                host.AddServiceEndpoint(typeof(IPing), new NetNamedPipeBinding(), string.Empty);
                host.Open();
                var factory = new ChannelFactory<IPing>(new NetNamedPipeBinding(), new EndpointAddress(address));
                try
                {
                    var answer = factory.CreateChannel().Ping("self test");
                    Console.WriteLine(answer);
                    return answer == "pong: self test";
                }
                finally
                {
                    factory.Close();
                }
            }
        }
    }
}
