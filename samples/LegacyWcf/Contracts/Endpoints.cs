using System;
using System.ServiceModel;

namespace LegacyWcf.Contracts
{
    /// <summary>
    /// Relative addresses and bindings shared by the host and the client, so both sides agree by construction. The net.tcp
    /// part (this file) compiles for any WCF client, .NET Framework or the .NET WCF client packages; the named-pipe part
    /// (Endpoints.Pipe.cs) needs .NET Framework's System.ServiceModel.
    /// </summary>
    public static partial class Endpoints
    {
        /// <summary><see cref="ISimple"/> implemented with ConcurrencyMode.Single.</summary>
        public const string SimpleSingle = "Simple/Single";

        /// <summary><see cref="ISimple"/> implemented with ConcurrencyMode.Multiple.</summary>
        public const string SimpleMultiple = "Simple/Multiple";

        /// <summary><see cref="IOrderService"/>.</summary>
        public const string Orders = "Orders";

        /// <summary><see cref="IInventoryService"/>.</summary>
        public const string Inventory = "Inventory";

        /// <summary><see cref="IStockWatch"/> (duplex).</summary>
        public const string StockWatch = "StockWatch";

        /// <summary><see cref="IShoppingCart"/> (PerSession).</summary>
        public const string Cart = "Cart";

        /// <summary><see cref="IWarehouse"/> (Single).</summary>
        public const string Warehouse = "Warehouse";

        /// <summary>Every relative address, in a fixed order: on Mono an endpoint's port is the base port plus its index here.</summary>
        public static readonly string[] All = { SimpleSingle, SimpleMultiple, Orders, Inventory, StockWatch, Cart, Warehouse };

        /// <summary>
        /// True on Mono, whose net.tcp transport cannot share a port: each service host binds a TcpListener of its own
        /// (.NET Framework shares one port among all hosts of a process).
        /// </summary>
        public static bool OnePortPerService
        {
            get { return Type.GetType("Mono.Runtime") != null; }
        }

        /// <summary>How many consecutive ports, from the base port on, the host needs.</summary>
        public static int PortsNeeded
        {
            get { return OnePortPerService ? All.Length : 1; }
        }

        /// <summary>
        /// The net.tcp address of an endpoint: <paramref name="baseAddress"/> + <paramref name="relative"/>; on Mono the port
        /// is moved up by the endpoint's index in <see cref="All"/> (see <see cref="OnePortPerService"/>). The rule is the one
        /// of the runtime this code runs on, so host and client must share a runtime; otherwise see the overload.
        /// </summary>
        public static Uri TcpAddress(Uri baseAddress, string relative)
        {
            return TcpAddress(baseAddress, relative, OnePortPerService);
        }

        /// <summary>
        /// The net.tcp address of an endpoint of a host whose port rule the caller states: the rule is the host's runtime's,
        /// so a client on another runtime than the host (e.g. .NET Framework or .NET calling a host on Mono) passes it here.
        /// </summary>
        public static Uri TcpAddress(Uri baseAddress, string relative, bool onePortPerService)
        {
            int index = Array.IndexOf(All, relative);
            if (index < 0)
            {
                throw new ArgumentException("Unknown endpoint '" + relative + "'.", "relative");
            }

            if (!onePortPerService || index == 0)
            {
                return Combine(baseAddress, relative);
            }

            var moved = new UriBuilder(baseAddress) { Port = baseAddress.Port + index };
            return Combine(moved.Uri, relative);
        }

        /// <summary>The TCP binding of every endpoint: no transport security, as the sample runs on loopback.</summary>
        public static NetTcpBinding TcpBinding()
        {
            return new NetTcpBinding(SecurityMode.None)
            {
                SendTimeout = TimeSpan.FromSeconds(30),
                ReceiveTimeout = TimeSpan.FromMinutes(10),
                MaxReceivedMessageSize = 4 * 1024 * 1024,
            };
        }

        /// <summary>Joins a base address and a relative address, tolerating a missing trailing slash on the base.</summary>
        public static Uri Combine(Uri baseAddress, string relative)
        {
            string text = baseAddress.AbsoluteUri;
            return new Uri(text.EndsWith("/", StringComparison.Ordinal) ? text + relative : text + "/" + relative);
        }
    }
}
