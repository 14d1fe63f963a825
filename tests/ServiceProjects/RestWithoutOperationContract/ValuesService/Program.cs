using System;
using System.ServiceModel.Web;

namespace ValuesService
{
    class Program
    {
        static void Main(string[] args)
        {
            using (var host = new WebServiceHost(typeof(ValuesService)))
            {
                host.Open();
                Console.WriteLine("Values service listening on {0}", host.BaseAddresses[0]);
                Console.WriteLine("Press <Enter> to stop.");
                Console.ReadLine();
                host.Close();
            }
        }
    }
}
