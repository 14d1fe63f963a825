using System.ServiceModel;
using System.Threading;

namespace Fabrikam.Operations.Counters
{
    [ServiceContract]
    public interface IRequestCounter
    {
        [OperationContract]
        long Increment(string counterName);

        [OperationContract]
        long Read(string counterName);
    }

    [ServiceBehavior(InstanceContextMode = InstanceContextMode.Single, ConcurrencyMode = ConcurrencyMode.Single)]
    public class SerializedCounterService : IRequestCounter
    {
        private long total;

        public long Increment(string counterName) => ++total;

        public long Read(string counterName) => total;
    }

    [ServiceBehavior(InstanceContextMode = InstanceContextMode.Single, ConcurrencyMode = ConcurrencyMode.Multiple)]
    public class LockFreeCounterService : IRequestCounter
    {
        private long total;

        public long Increment(string counterName) => Interlocked.Increment(ref total);

        public long Read(string counterName) => Interlocked.Read(ref total);
    }

    [ServiceBehavior(InstanceContextMode = InstanceContextMode.Single, ConcurrencyMode = ConcurrencyMode.Reentrant, UseSynchronizationContext = false)]
    public class ReentrantCounterService : IRequestCounter
    {
        private long total;

        public long Increment(string counterName) => ++total;

        public long Read(string counterName) => total;
    }
}
