using System.ServiceModel;
using System.Threading;

namespace Echo.Host
{
    // Only the ServiceHost creates this class: its constructor is private, WCF's dispatcher calls it anyway.
    [ServiceBehavior(InstanceContextMode = InstanceContextMode.Single, ConcurrencyMode = ConcurrencyMode.Multiple)]
    public class EchoService : IEchoService
    {
        private readonly string _prefix;
        private int _calls;

        EchoService()
        {
            _prefix = "echo: ";
        }

        public string Echo(string text)
        {
            Interlocked.Increment(ref _calls);
            return _prefix + text;
        }

        public int CallCount()
        {
            return Interlocked.Increment(ref _calls);
        }
    }
}
