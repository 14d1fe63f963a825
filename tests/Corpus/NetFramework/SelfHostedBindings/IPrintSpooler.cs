using System.ServiceModel;

namespace Fabrikam.Office.Printing
{
    [ServiceContract(Namespace = "urn:fabrikam:printing", ProtectionLevel = System.Net.Security.ProtectionLevel.EncryptAndSign)]
    public interface IPrintSpooler
    {
        [OperationContract]
        int Enqueue(string printerName, byte[] document, int copies);

        [OperationContract]
        int QueueLength(string printerName);

        [OperationContract(IsOneWay = true)]
        void Purge(string printerName);
    }

    [ServiceBehavior(InstanceContextMode = InstanceContextMode.Single, ConcurrencyMode = ConcurrencyMode.Single, MaxItemsInObjectGraph = 1000000)]
    public class PrintSpooler : IPrintSpooler
    {
        private int queued;

        public int Enqueue(string printerName, byte[] document, int copies) => queued += copies;

        public int QueueLength(string printerName) => queued;

        public void Purge(string printerName) => queued = 0;
    }
}
