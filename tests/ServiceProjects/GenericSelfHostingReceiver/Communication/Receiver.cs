/////////////////////////////////////////////////////////////////////
// Receiver.cs - Receiving end of the peer communicator            //
// ver 1.1                                                         //
/////////////////////////////////////////////////////////////////////
/*
 * Each peer hosts its own receiver: Receiver<T> for a distinct T has
 * its own static queue, so several peers can share one process.
 */
using System;
using System.Collections.Generic;
using System.ServiceModel;
using System.Threading;

namespace Communication
{
    public class Receiver<T> : ICommService
    { //tricky: distinct T for distinct receivers
        static Queue<Message> rcvQ = new Queue<Message>();
        static object locker = new object();

        public string name { get; set; }

        public Receiver()
        {
            name = typeof(T).Name;
        }

        public static ServiceHost CreateRecvChannel(string address)
        {
            Uri baseAddress = new Uri(address);
            ServiceHost servicehost = new ServiceHost(typeof(Receiver<T>), baseAddress);
            servicehost.AddServiceEndpoint(typeof(ICommService), new WSHttpBinding(), baseAddress);
            return servicehost;
        }

        public void PostMessage(Message msg)
        {
            lock (locker)
            {
                rcvQ.Enqueue(msg);
                Monitor.Pulse(locker);
            }
        }

        public string GetName()
        {
            return name;
        }

        public Message GetMessage()
        {
            lock (locker)
            {
                while (rcvQ.Count == 0)
                    Monitor.Wait(locker);
                return rcvQ.Dequeue();
            }
        }
    }
}
