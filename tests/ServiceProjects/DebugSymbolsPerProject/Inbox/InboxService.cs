/////////////////////////////////////////////////////////////////////
// InboxService.cs - Inbox of the test harness                     //
// ver 1.0                                                         //
/////////////////////////////////////////////////////////////////////
/*
 * Queues the messages peers post; the Debug build is the test build:
 * its test stub hosts the service, and it answers Mode() with "test".
 */
using System;
using System.ServiceModel;
using CS_BlockingQueue;

namespace Inbox
{
    public class InboxService : IInbox
    {
        static BlockingQueue<string> inbox = new BlockingQueue<string>();

        public void Post(string message)
        {
            inbox.enQ(message);
        }

        public int Pending()
        {
            return inbox.size();
        }

        public string Mode()
        {
#if (TEST_INBOX)
            return "test";
#else
            return "live";
#endif
        }
    }

#if (TEST_INBOX)
    public class TestStub
    {
        [STAThread]
        static void Main(string[] args)
        {
            ServiceHost host = new ServiceHost(typeof(InboxService), new Uri("http://localhost:4040/Inbox"));
            host.AddServiceEndpoint(typeof(IInbox), new WSHttpBinding(), "");
            host.Open();
            Console.Write("\n  Inbox is open; press a key to quit");
            Console.ReadKey();
            host.Close();
        }
    }
#endif
}
