using System;
using System.ServiceModel;

namespace StockTicker.Service
{
    class Program
    {
        static void Main()
        {
            var host = new ServiceHost(typeof(TickerService));
            host.Open();
            Console.WriteLine("Ticker running; press Enter to stop.");
            Console.ReadLine();
            host.Close();
        }
    }
}
