using System;
using System.ServiceModel;
using System.ServiceModel.Description;

namespace Greeting.SelfHost
{
    public class GreetingService : IGreetingService
    {
        public string Greet(string name)
        {
            return "Hello, " + (string.IsNullOrEmpty(name) ? "world" : name) + "!";
        }

        public string Farewell(string name)
        {
            return "Goodbye, " + (string.IsNullOrEmpty(name) ? "world" : name) + ".";
        }

        static ServiceHost CreateHost(string baseAddress)
        {
            var host = new ServiceHost(typeof(GreetingService), new Uri(baseAddress));
            host.AddServiceEndpoint(typeof(IGreetingService), new BasicHttpBinding(), string.Empty);
            var metadata = new ServiceMetadataBehavior { HttpGetEnabled = true };
            host.Description.Behaviors.Add(metadata);
            return host;
        }

        public static void Main()
        {
            var host = CreateHost("http://localhost:8000/greeting");
            host.Open();
            Console.WriteLine("Greeting service at http://localhost:8000/greeting; press Enter to stop.");
            Console.ReadLine();
            host.Close();
        }
    }
}
