using System;
using System.IO;
using System.Linq;
using System.ServiceModel;

namespace RemoteTestHarness
{
    public class RepositoryTransfer : IFileRepository
    {
        private static readonly string[] Stored = { "TestDriver1.dll", "TestDriver2.dll", "TestedCode.dll" };

        public string[] ListFiles() => Stored;

        public int CountFiles(string pattern)
            => string.IsNullOrEmpty(pattern) ? Stored.Length : Stored.Count(f => f.Contains(pattern));

        public static ServiceHost CreateServiceChannel(string url)
        {
            // Streaming needs SecurityMode None, BasicHttpBinding's default.
            BasicHttpBinding binding = new BasicHttpBinding();
            binding.TransferMode = TransferMode.Streamed;
            binding.MaxReceivedMessageSize = 50000000;
            Uri baseAddress = new Uri(url);
            ServiceHost host = new ServiceHost(typeof(RepositoryTransfer), baseAddress);
            host.AddServiceEndpoint(typeof(IFileRepository), binding, baseAddress);
            return host;
        }
    }

    public class Repository
    {
        static void Main(string[] args)
        {
            ServiceHost host = RepositoryTransfer.CreateServiceChannel("http://localhost:8001/StreamService");
            host.Open();
            Console.Write("\n Repository started");
            Console.Write("\n  Press key to terminate service:\n");
            Console.ReadKey();
            host.Close();
        }
    }
}
