using System;
using System.ServiceModel;

namespace Echo.Host
{
    class Program
    {
        static void Main(string[] args)
        {
            using (var echo = new ServiceHost(typeof(EchoService)))
            using (var status = new ServiceHost(typeof(StatusService)))
            {
                echo.Open();
                status.Open();
                Console.WriteLine("Echo and status services are running. Press <Enter> to stop.");
                Console.ReadLine();
            }
        }
    }
}
