using System.ServiceModel;
using LegacyWcf.Contracts;

namespace LegacyWcf.Services
{
    [ServiceBehavior(InstanceContextMode = InstanceContextMode.PerCall, ConcurrencyMode = ConcurrencyMode.Single)]
    public sealed class SimpleSingle : ISimple
    {
        public void Put() { }
    }

    [ServiceBehavior(InstanceContextMode = InstanceContextMode.PerCall, ConcurrencyMode = ConcurrencyMode.Multiple)]
    public sealed class SimpleMultiple : ISimple
    {
        public void Put() { }
    }
}
