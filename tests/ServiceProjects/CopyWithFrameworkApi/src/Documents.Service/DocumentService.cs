using System;
using System.IO;
using System.ServiceModel;
using System.Web.Hosting;

namespace Documents.Service
{
    public class DocumentService : IDocumentService
    {
        public string[] ListDocuments()
        {
            var folder = StorageFolder();
            return Directory.Exists(folder) ? Directory.GetFiles(folder) : new string[0];
        }

        public string StorageFolder()
        {
            // Under IIS the documents are in App_Data; self-hosted, beside the executable.
            var root = HostingEnvironment.IsHosted ? HostingEnvironment.MapPath("~/App_Data") : AppDomain.CurrentDomain.BaseDirectory;
            return Path.Combine(root, "documents");
        }
    }

    class Program
    {
        static void Main()
        {
            using (var host = new ServiceHost(typeof(DocumentService), new Uri("net.tcp://localhost:8090/documents")))
            {
                host.AddServiceEndpoint(typeof(IDocumentService), new NetTcpBinding(), string.Empty);
                host.Open();
                Console.WriteLine("Documents service running.");
                Console.ReadLine();
            }
        }
    }
}
