using System;
using System.Threading;
using LegacyWcf.Contracts;

namespace LegacyWcf.Services
{
    /// <summary>Gives a service instance an identity and counts its calls, so a client can observe the instancing mode.</summary>
    internal sealed class InstanceTracker
    {
        private readonly Guid _instanceId = Guid.NewGuid();
        private readonly string _instanceMode;
        private int _calls;

        public InstanceTracker(string instanceMode)
        {
            _instanceMode = instanceMode;
        }

        /// <summary>Counts the current call and describes the instance.</summary>
        public InstanceInfo RecordCall()
        {
            return new InstanceInfo
            {
                InstanceId = _instanceId,
                CallsOnInstance = Interlocked.Increment(ref _calls),
                InstanceMode = _instanceMode,
            };
        }
    }
}
