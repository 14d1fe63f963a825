using System;
using System.ServiceModel;

namespace Shipping.Service
{
    class Program
    {
        static void Main()
        {
            using (var host = new ServiceHost(typeof(ShippingService), new Uri("net.tcp://localhost:8400/shipping")))
            {
                host.AddServiceEndpoint(typeof(IShippingService), new NetTcpBinding(), string.Empty);
                host.Open();
                Console.WriteLine("Shipping service running.");
                Console.ReadLine();
            }
        }
    }
}
