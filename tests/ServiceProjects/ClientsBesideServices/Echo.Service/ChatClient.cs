using System.ServiceModel;
using System.ServiceModel.Channels;

namespace Echo.Service
{
    public class ChatClient : DuplexClientBase<IChat>, IChat
    {
        public ChatClient(InstanceContext callbackInstance)
            : base(callbackInstance)
        {
        }

        public ChatClient(InstanceContext callbackInstance, Binding binding, EndpointAddress remoteAddress)
            : base(callbackInstance, binding, remoteAddress)
        {
        }

        public int Join(string name)
        {
            return Channel.Join(name);
        }

        public void Say(string text)
        {
            Channel.Say(text);
        }

        public void Leave()
        {
            Channel.Leave();
        }
    }
}
