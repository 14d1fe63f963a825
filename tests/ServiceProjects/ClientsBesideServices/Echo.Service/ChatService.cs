using System.Collections.Generic;
using System.Linq;
using System.ServiceModel;

namespace Echo.Service
{
    [ServiceBehavior(InstanceContextMode = InstanceContextMode.PerSession, ConcurrencyMode = ConcurrencyMode.Reentrant)]
    public class ChatService : IChat
    {
        private static readonly object Gate = new object();
        private static readonly Dictionary<string, IChatCallback> Members = new Dictionary<string, IChatCallback>();

        private string _name;

        public int Join(string name)
        {
            _name = string.IsNullOrEmpty(name) ? "anonymous" : name;
            var callback = OperationContext.Current.GetCallbackChannel<IChatCallback>();
            lock (Gate)
            {
                Members[_name] = callback;
                return Members.Count;
            }
        }

        public void Say(string text)
        {
            List<IChatCallback> others;
            lock (Gate)
            {
                others = Members.Where(m => m.Key != _name).Select(m => m.Value).ToList();
            }

            foreach (var other in others)
            {
                other.Receive(_name, text);
            }
        }

        public void Leave()
        {
            lock (Gate)
            {
                if (_name != null)
                {
                    Members.Remove(_name);
                }
            }
        }
    }
}
