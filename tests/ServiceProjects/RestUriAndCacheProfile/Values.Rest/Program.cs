using System;
using System.ServiceModel.Web;

namespace Values.Rest
{
    class Program
    {
        static void Main()
        {
            var host = new WebServiceHost(typeof(ValuesService), new Uri("http://localhost:8000/"));
            host.Open();
            Console.WriteLine("Values service at http://localhost:8000/values (ENTER to stop)");
            Console.ReadLine();
            host.Close();
        }
    }
}
