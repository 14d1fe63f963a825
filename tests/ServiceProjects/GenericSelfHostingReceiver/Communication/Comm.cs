///////////////////////////////////////////////////////////////////
// Comm class simply aggregates a Sender and a Receiver
//
using System.ServiceModel;

namespace Communication
{
    public class Sender
    {
        ICommService channel;

        public void CreateSendChannel(string address)
        {
            ChannelFactory<ICommService> factory
              = new ChannelFactory<ICommService>(new WSHttpBinding(), new EndpointAddress(address));
            channel = factory.CreateChannel();
        }

        public void PostMessage(Message msg)
        {
            channel.PostMessage(msg);
        }
    }

    public class Comm<T>
    {
        public string name { get; set; } = typeof(T).Name;
        public Receiver<T> rcvr { get; set; } = new Receiver<T>();
        public Sender sndr { get; set; } = new Sender();

        public static string makeEndPoint(string url, int port)
        {
            return url + ":" + port.ToString() + "/ICommService/WSHttp";
        }
    }
}
