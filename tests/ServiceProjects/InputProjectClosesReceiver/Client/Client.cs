/////////////////////////////////////////////////////////////////////
// Client.cs - sends test requests and asks the Repository for files
/////////////////////////////////////////////////////////////////////
using System;
using System.ServiceModel;

namespace RemoteTestHarness
{
    public class ClientTransfer : IStreamService
    {
        public IStreamService channel;

        public static IStreamService CreateServiceChannel(string url)
        {
            BasicHttpBinding binding = new BasicHttpBinding();
            EndpointAddress address = new EndpointAddress(url);
            ChannelFactory<IStreamService> factory
              = new ChannelFactory<IStreamService>(binding, address);
            return factory.CreateChannel();
        }

        public int blockSize()
        {
            return channel.blockSize();
        }

        public string[] fileNames(string pattern)
        {
            return channel.fileNames(pattern);
        }
    }

    public class Client
    {
        public Comm<Client> comm { get; set; } = new Comm<Client>();

        public string endPoint { get; } = Comm<Client>.makeEndPoint("http://localhost", 8081);

        static void Main(string[] args)
        {
            Client client = new Client();
            client.comm.rcvr.CreateRecvChannel(client.endPoint);
            ClientTransfer transfer = new ClientTransfer();
            transfer.channel = ClientTransfer.CreateServiceChannel("http://localhost:8001/StreamService");
            Console.Write("\n  repository block size: {0}", transfer.blockSize());
            Console.ReadKey();
        }
    }
}
