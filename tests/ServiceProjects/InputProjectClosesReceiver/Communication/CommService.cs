/////////////////////////////////////////////////////////////////////
// CommService.cs - Communicator Service                           //
// ver 2.0                                                         //
/////////////////////////////////////////////////////////////////////
/*
 * This package defines a Sender class and Receiver class that
 * manage all of the details to set up a WCF channel. Each package
 * of the harness makes its own Comm<T>: Comm<Repository>,
 * Comm<Client>, and Comm<Cat> in the test stub below.
 */
using System;
using System.Collections.Generic;
using System.ServiceModel;
using System.Threading;

namespace RemoteTestHarness
{
    ///////////////////////////////////////////////////////////////////
    // Receiver hosts Communication service used by other Peers

    public class Receiver<T> : ICommunicator
    {
        static Queue<Message> rcvQ = new Queue<Message>();
        static object locker = new object();
        ServiceHost service = null;

        public string name { get; set; }

        public Receiver()
        {
            name = typeof(T).Name;
        }

        public void CreateRecvChannel(string address)
        {
            WSHttpBinding binding = new WSHttpBinding();
            Uri baseAddress = new Uri(address);
            service = new ServiceHost(typeof(Receiver<T>), baseAddress);
            service.AddServiceEndpoint(typeof(ICommunicator), binding, baseAddress);
            service.Open();
            Console.Write("\n  Service is open listening on {0}", address);
        }

        public void Close()
        {
            service.Close();
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

    ///////////////////////////////////////////////////////////////////
    // Sender is client of another Peer's Communication service

    public class Sender
    {
        public string name { get; set; }

        ICommunicator channel;

        public void CreateSendChannel(string address)
        {
            WSHttpBinding binding = new WSHttpBinding();
            ChannelFactory<ICommunicator> factory
              = new ChannelFactory<ICommunicator>(binding, address);
            channel = factory.CreateChannel();
        }

        public void PostMessage(Message msg)
        {
            channel.PostMessage(msg);
        }
    }

    ///////////////////////////////////////////////////////////////////
    // Comm class simply aggregates a Sender and a Receiver

    public class Comm<T>
    {
        public string name { get; set; } = typeof(T).Name;

        public Receiver<T> rcvr { get; set; } = new Receiver<T>();

        public Sender sndr { get; set; } = new Sender();

        public static string makeEndPoint(string url, int port)
        {
            return url + ":" + port.ToString() + "/ICommunicator";
        }
    }

    class Cat { }

    class TestComm
    {
        [STAThread]
        static void Main(string[] args)
        {
            Comm<Cat> comm = new Comm<Cat>();
            string endPoint = Comm<Cat>.makeEndPoint("http://localhost", 8080);
            comm.rcvr.CreateRecvChannel(endPoint);
            comm.sndr.CreateSendChannel(endPoint);
            comm.sndr.PostMessage(new Message { body = "Message #1" });
            Console.Write("\n  Press key to quit");
            Console.ReadKey();
        }
    }
}
