using System;
using System.ServiceModel;
using Communication;

namespace Peer
{
    class Program
    {
        static void Main(string[] args)
        {
            Peer peer = new Peer();
            ServiceHost host = Receiver<Peer>.CreateRecvChannel(peer.endPoint);
            host.Open();
            Console.Write("\n  {0} listening on {1}", peer.comm.name, peer.endPoint);
            peer.comm.sndr.CreateSendChannel(peer.endPoint);
            peer.comm.sndr.PostMessage(new Message("hello"));
            Message msg = peer.comm.rcvr.GetMessage();
            Console.Write("\n  received \"{0}\"", msg.body);
            Console.ReadKey();
            host.Close();
        }
    }
}
