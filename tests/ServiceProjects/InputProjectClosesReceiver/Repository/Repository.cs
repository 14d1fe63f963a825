/////////////////////////////////////////////////////////////////////
// Repository.cs - Demonstrate application use of channel          //
/////////////////////////////////////////////////////////////////////
/*
 * The Repository package serves files (RepositoryTransfer) and uses
 * the Comm<Repository> class to receive messages from the harness.
 */
using System;
using System.IO;
using System.ServiceModel;
using Repository;

namespace RemoteTestHarness
{
    [ServiceBehavior(IncludeExceptionDetailInFaults = true)]
    public class RepositoryTransfer : IStreamService
    {
        string savePath = "..\\..\\Tests";
        int BlockSize = 1024;

        public int blockSize()
        {
            return BlockSize;
        }

        public string[] fileNames(string pattern)
        {
            if (!Directory.Exists(savePath))
                return new string[0];
            return Directory.GetFiles(savePath, pattern ?? "*.*");
        }

        public static ServiceHost CreateServiceChannel(string url)
        {
            BasicHttpBinding binding = new BasicHttpBinding();
            Uri baseAddress = new Uri(url);
            ServiceHost host = new ServiceHost(typeof(RepositoryTransfer), baseAddress);
            host.AddServiceEndpoint(typeof(IStreamService), binding, baseAddress);
            return host;
        }
    }

    public class Repository
    {
        public Comm<Repository> comm { get; set; } = new Comm<Repository>();

        public string endPoint { get; } = Comm<Repository>.makeEndPoint("http://localhost", 8080);

        static void Main(string[] args)
        {
            ServiceHost host = RepositoryTransfer.CreateServiceChannel("http://localhost:8001/StreamService");
            host.Open();
            Repository server = new Repository();
            server.comm.rcvr.CreateRecvChannel(server.endPoint);
            Console.Write("\n  Repository started; press key to terminate service:");
            Console.ReadKey();
            host.Close();
        }
    }
}
