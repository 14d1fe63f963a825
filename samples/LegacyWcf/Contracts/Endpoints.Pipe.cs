using System;
using System.ServiceModel;

namespace LegacyWcf.Contracts
{
    /// <summary>The named-pipe endpoints (Windows .NET Framework only; the .NET WCF client packages have no net.pipe).</summary>
    public static partial class Endpoints
    {
        /// <summary>The named-pipe binding (Windows only; Mono's net.pipe does not work on Linux).</summary>
        public static NetNamedPipeBinding PipeBinding()
        {
            return new NetNamedPipeBinding(NetNamedPipeSecurityMode.None);
        }

        /// <summary>The net.pipe base address that pairs with a net.tcp base address (one pipe namespace per port).</summary>
        public static Uri PipeBaseFor(Uri tcpBase)
        {
            return new Uri("net.pipe://localhost/LegacyWcf-" + tcpBase.Port + "/");
        }
    }
}
