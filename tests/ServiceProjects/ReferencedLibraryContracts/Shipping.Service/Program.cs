using System;
using ServiceModelToolkit.Discovery;

namespace Shipping.Service
{
    internal static class Program
    {
        private static void Main()
        {
            using (var host = new DiscoverableServiceHost(typeof(ShipmentTracker)))
            {
                host.Scopes = new[] { new Uri("urn:shipping:tracking") };
                host.Open();
                Console.WriteLine("Shipment tracker started. Press Enter to exit.");
                Console.ReadLine();
            }
        }
    }
}
