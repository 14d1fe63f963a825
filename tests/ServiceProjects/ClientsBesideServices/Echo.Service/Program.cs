using System;
using System.ServiceModel;

namespace Echo.Service
{
    class Program
    {
        static void Main(string[] args)
        {
            var echoHost = new ServiceHost(typeof(EchoService));
            var chatHost = new ServiceHost(typeof(ChatService));
            echoHost.Open();
            chatHost.Open();

            // Startup check: call ourselves once through the same proxy the clients use.
            var client = new EchoClient("NetTcpBinding_IEcho");
            Console.WriteLine("Echo service answers: {0}", client.Echo("ready"));
            client.Close();

            Console.WriteLine("Press ENTER to stop.");
            Console.ReadLine();
            chatHost.Close();
            echoHost.Close();
        }
    }
}
