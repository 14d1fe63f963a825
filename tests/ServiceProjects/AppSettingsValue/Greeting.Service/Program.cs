using System;
using System.ServiceModel;

namespace Greeting.Service
{
    class Program
    {
        static void Main(string[] args)
        {
            using (var host = new ServiceHost(typeof(GreeterService)))
            {
                host.Open();
                Console.WriteLine("Greeter running. Press ENTER to exit.");
                Console.ReadLine();
            }
        }
    }
}
