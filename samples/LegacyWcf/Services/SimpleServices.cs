using System.ServiceModel;
using LegacyWcf.Contracts;

namespace LegacyWcf.Services
{
    /// <summary>Benchmark service: PerCall with ConcurrencyMode.Single (redundant with PerCall, kept as the classic measurement has it).</summary>
    [ServiceBehavior(InstanceContextMode = InstanceContextMode.PerCall, ConcurrencyMode = ConcurrencyMode.Single)]
    public sealed class SimpleSingle : ISimple
    {
        /// <inheritdoc />
        public void Put() { }
    }

    /// <summary>Benchmark service: PerCall with ConcurrencyMode.Multiple.</summary>
    [ServiceBehavior(InstanceContextMode = InstanceContextMode.PerCall, ConcurrencyMode = ConcurrencyMode.Multiple)]
    public sealed class SimpleMultiple : ISimple
    {
        /// <inheritdoc />
        public void Put() { }
    }
}
