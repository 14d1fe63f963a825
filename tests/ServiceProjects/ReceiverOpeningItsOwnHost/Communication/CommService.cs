///////////////////////////////////////////////////////////////////////
/*
 * Package Operations:
 * -------------------
 * - Uses programmatic configuration, no app.config file used.
 * - Uses ChannelFactory to create proxy programmatically.
 * - Expects to recv test request messages from clients.
 *
 * Maintenance History:
 * --------------------
 * ver 1.1 : optimize code structure.
 * ver 1.0 : first release
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
        ServiceHost servicehost = null;
        public string name { get; set; }

        public void CreateRecvChannel(string address)
        {
            while (servicehost == null)
            {
                try
                {
                    Uri baseAddress = new Uri(address);
                    servicehost = new ServiceHost(typeof(Receiver<T>), baseAddress);
                    servicehost.AddServiceEndpoint(typeof(ICommService), new WSHttpBinding(), baseAddress);
                    servicehost.Open();
                    Console.WriteLine("\n  Service is open listening on {0}", address);
                }
                catch (Exception ex)
                {
                    Console.WriteLine("{0,16}", ex.InnerException.Message);
                    Thread.Sleep(2000);
                    servicehost = null;
                }
            }
        }

        public void CloseRecvChannel()
        {
            servicehost.Close();
        }

        public void PostMessage(Message msg)
        {
            lock (locker)
            {
                rcvQ.Enqueue(msg);
                Monitor.Pulse(locker);
            }
        }

        public string ReceiverName()
        {
            return name ?? typeof(T).Name;
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

    public class Sender
    {
        public string name { get; set; }
        ICommService channel;

        //----< Create proxy to another Peer's Communicator >------------
        public void CreateSendChannel(string address)
        {
            ChannelFactory<ICommService> factory
              = new ChannelFactory<ICommService>(new WSHttpBinding(), new EndpointAddress(address));
            channel = factory.CreateChannel();
            Console.Write("\n  service proxy created for {0}", address);
        }

        public void PostMessage(Message msg)
        {
            channel.PostMessage(msg);
        }

        //----< closes the send channel >--------------------------------
        public void CloseSendChannel()
        {
            ChannelFactory<ICommService> temp = (ChannelFactory<ICommService>)channel;
            temp.Close();
        }
    }

    ///////////////////////////////////////////////////////////////////
    // Comm class simply aggregates a Sender and a Receiver
    //
    public class CommService<T>
    {
        public string name { get; set; }
        public Receiver<T> rcvr { get; set; }
        public Sender sndr { get; set; }

        public CommService()
        {
            name = typeof(T).Name;
            rcvr = new Receiver<T>();
            sndr = new Sender();
            rcvr.name = name;
            sndr.name = name;
        }

        public static string makeEndPoint(string url, int port)
        {
            string endPoint = url + ":" + port.ToString() + "/ICommService/WSHttp";
            return endPoint;
        }
    }

#if (TEST_COMMSERVICE)
    public class Cat { }

    public class TestStub
    {
        [STAThread]
        static void Main(string[] args)
        {
            CommService<Cat> comm = new CommService<Cat>();
            string endPoint = CommService<Cat>.makeEndPoint("http://localhost", 4040);
            comm.rcvr.CreateRecvChannel(endPoint);
            comm.sndr.CreateSendChannel(endPoint);
            comm.sndr.PostMessage(new Message("Message #1"));
            Message msg = comm.rcvr.GetMessage();
            Console.Write("\n  received \"{0}\"", msg.body);
            comm.rcvr.CloseRecvChannel();
            Console.ReadKey();
        }
    }
#endif
}
