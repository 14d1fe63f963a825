using System;
using System.ServiceModel;

namespace Orders.Service
{
    class Program
    {
        static void Main(string[] args)
        {
            var host = new ServiceHost(typeof(OrderService));
            try
            {
                host.Open();
                foreach (var endpoint in host.Description.Endpoints)
                {
                    Console.WriteLine("Listening on {0} ({1})", endpoint.Address, endpoint.Binding.Name);
                }

                Console.WriteLine("Press ENTER to stop the order service.");
                Console.ReadLine();
                host.Close();
            }
            catch (CommunicationException ex)
            {
                Console.WriteLine("The service could not start: {0}", ex.Message);
                host.Abort();
            }
        }
    }
}
