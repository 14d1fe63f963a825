using System;
using System.ServiceModel.Web;

namespace Products.Rest
{
    class Program
    {
        static void Main()
        {
            var host = new WebServiceHost(typeof(ProductsService), new Uri("http://localhost:8000/"));
            host.Open();
            Console.WriteLine("Products service at http://localhost:8000/products (ENTER to stop)");
            Console.ReadLine();
            host.Close();
        }
    }
}
