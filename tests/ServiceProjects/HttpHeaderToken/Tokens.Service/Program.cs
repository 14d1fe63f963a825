using System;
using System.ServiceModel;

namespace Tokens.Service
{
    class Program
    {
        static void Main(string[] args)
        {
            using (var host = new ServiceHost(typeof(TokenService)))
            {
                host.Open();
                Console.WriteLine("Token service running. Press ENTER to exit.");
                Console.ReadLine();
            }
        }
    }
}
