using System;
using System.Messaging;
using System.ServiceModel;

namespace OrderIntake
{
    /// <summary>
    /// Makes sure the queue exists and hosts the inbox on it.
    /// </summary>
    public class InboxHost : IDisposable
    {
        private readonly ServiceHost host;

        public InboxHost(string queuePath)
        {
            if (!MessageQueue.Exists(queuePath))
            {
                Console.WriteLine("Creating transactional queue {0}", queuePath);
                MessageQueue.Create(queuePath, true);
            }

            host = new ServiceHost(typeof(OrderInbox));
            host.Faulted += (sender, e) => Console.WriteLine("The inbox host faulted.");
            host.Open();
            Console.WriteLine("Inbox listening on {0}", queuePath);
        }

        public void Dispose()
        {
            if (host.State == CommunicationState.Faulted)
            {
                host.Abort();
            }
            else
            {
                host.Close();
            }
        }
    }
}
