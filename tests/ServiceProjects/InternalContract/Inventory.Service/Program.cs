using System;
using System.ServiceModel;

namespace Inventory.Service
{
    internal static class Program
    {
        private static int Main(string[] args)
        {
            if (args.Length > 0 && args[0] == "/selftest")
            {
                return InventorySelfTest.Run() ? 0 : 1;
            }

            using (var host = new ServiceHost(typeof(InventoryService), new Uri("net.tcp://localhost:9050/inventory")))
            {
                host.AddServiceEndpoint(typeof(IInventory), new NetTcpBinding(), string.Empty);
                host.Open();
                Console.WriteLine("Inventory service ready. Press ENTER to stop.");
                Console.ReadLine();
            }

            return 0;
        }
    }
}
