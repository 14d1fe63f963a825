using System;
using System.ServiceModel;

namespace Inventory.Service
{
    internal static class Program
    {
        private static void Main()
        {
            using (var host = new ServiceHost(typeof(InventoryService)))
            {
                host.Open();
                Console.WriteLine("Inventory service started. Press Enter to exit.");
                Console.ReadLine();
            }
        }
    }
}
