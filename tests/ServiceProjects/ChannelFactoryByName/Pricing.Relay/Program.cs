using System;
using System.ServiceModel;

namespace Pricing.Relay
{
    class Program
    {
        static void Main(string[] args)
        {
            var host = new ServiceHost(typeof(Relay));
            host.Open();
            Console.WriteLine("Pricing relay started.");
            Console.ReadLine();
            host.Close();
        }
    }
}
