using System;
using System.Collections.Generic;
using System.Net.Sockets;
using System.ServiceModel;
using System.ServiceModel.Web;
using System.Threading;
using LegacyWcf.Contracts;
using LegacyWcf.Services;

namespace LegacyWcf.Host
{
    /// <summary>
    /// Hosts every sample service under one net.tcp base address (plus net.pipe on Windows), and with --http-port the REST
    /// product catalog (webHttpBinding, JSON) on that loopback port.
    /// Prints one "ready" line when listening; stops when stdin closes, on SIGTERM or on Ctrl+C.
    /// </summary>
    internal static class Program
    {
        private const int ExitBadArguments = 2;
        private const int ExitAddressInUse = 3;
        private const int ExitStartFailed = 1;

        private const string Usage = "usage: LegacyWcf.Host [<net.tcp base address>] [--http-port N], e.g. net.tcp://127.0.0.1:8123/ --http-port 8180 (at least one)";

        private static int Main(string[] args)
        {
            string tcpText = null;
            string httpPortText = null;
            for (int i = 0; i < args.Length; i++)
            {
                if (args[i] == "--http-port")
                {
                    if (i + 1 >= args.Length || httpPortText != null)
                    {
                        return Fail(ExitBadArguments, "--http-port needs one value (" + Usage + ")");
                    }

                    httpPortText = args[++i];
                }
                else if (tcpText == null && !args[i].StartsWith("--", StringComparison.Ordinal))
                {
                    tcpText = args[i];
                }
                else
                {
                    return Fail(ExitBadArguments, "unexpected argument '" + args[i] + "' (" + Usage + ")");
                }
            }

            if (tcpText == null && httpPortText == null)
            {
                return Fail(ExitBadArguments, Usage);
            }

            Uri baseAddress = null;
            string error;
            if (tcpText != null && !TryParseBaseAddress(tcpText, out baseAddress, out error))
            {
                return Fail(ExitBadArguments, error);
            }

            Uri httpAddress = null;
            int httpPort;
            if (httpPortText != null)
            {
                if (!int.TryParse(httpPortText, System.Globalization.NumberStyles.None, System.Globalization.CultureInfo.InvariantCulture, out httpPort)
                    || httpPort < 1 || httpPort > 65535)
                {
                    return Fail(ExitBadArguments, "bad --http-port '" + httpPortText + "': expected a port number from 1 to 65535");
                }

                // Loopback only: the REST endpoint is for local callers and tests, never the machine's other interfaces.
                httpAddress = new Uri("http://127.0.0.1:" + httpPort.ToString(System.Globalization.CultureInfo.InvariantCulture) + "/");
            }

            var hosts = new List<ServiceHost>();
            string listening = baseAddress != null ? baseAddress.ToString() : httpAddress.ToString();
            try
            {
                if (baseAddress != null)
                {
                    hosts.Add(CreateHost(typeof(SimpleSingle), typeof(ISimple), baseAddress, Endpoints.SimpleSingle));
                    hosts.Add(CreateHost(typeof(SimpleMultiple), typeof(ISimple), baseAddress, Endpoints.SimpleMultiple));
                    hosts.Add(CreateHost(typeof(OrderService), typeof(IOrderService), baseAddress, Endpoints.Orders));
                    hosts.Add(CreateHost(typeof(InventoryService), typeof(IInventoryService), baseAddress, Endpoints.Inventory));
                    hosts.Add(CreateHost(typeof(StockWatchService), typeof(IStockWatch), baseAddress, Endpoints.StockWatch));
                    hosts.Add(CreateHost(typeof(ShoppingCartService), typeof(IShoppingCart), baseAddress, Endpoints.Cart));
                    hosts.Add(CreateHost(typeof(WarehouseService), typeof(IWarehouse), baseAddress, Endpoints.Warehouse));
                    foreach (ServiceHost host in hosts)
                    {
                        host.Open();
                    }
                }

                if (httpAddress != null)
                {
                    listening = httpAddress.ToString();
                    ServiceHost web = CreateWebHost(httpAddress);
                    hosts.Add(web);
                    web.Open();
                }
            }
            catch (Exception e) when (IsAddressInUse(e))
            {
                Abort(hosts);
                string what = baseAddress != null && listening == baseAddress.ToString()
                    ? (Endpoints.PortsNeeded == 1 ? "the port is" : "a port in " + PortsDescription(baseAddress) + " is")
                    : "the port is";
                return Fail(ExitAddressInUse, "cannot listen on " + listening + ": " + what + " already in use");
            }
            catch (Exception e) when (e is CommunicationException || e is InvalidOperationException || e is TimeoutException
                || e is SocketException || e is ArgumentException || e is System.Net.HttpListenerException)
            {
                Abort(hosts);
                return Fail(ExitStartFailed, "cannot listen on " + listening + ": " + FirstLine(e.Message));
            }

            var stop = new ManualResetEvent(false);
            WatchForShutdown(stop);
            var ready = new List<string>();
            if (baseAddress != null)
            {
                ready.Add(baseAddress.AbsoluteUri + (Endpoints.OnePortPerService ? " (Mono: one port per service, " + PortsDescription(baseAddress) + ")" : string.Empty));
            }

            if (httpAddress != null)
            {
                ready.Add(httpAddress.AbsoluteUri + " (REST: IProductCatalog)");
            }

            Console.Out.WriteLine("ready " + string.Join(" ", ready));
            Console.Out.Flush();

            stop.WaitOne();
            Close(hosts);
            return 0;
        }

        /// <summary>
        /// Closes every host at once under one 5 s deadline and aborts those that do not close in it. One at a time, a
        /// stop could take 5 s per host: Mono's Close now and then waits out its whole timeout on every host at once.
        /// </summary>
        private static void Close(IList<ServiceHost> hosts)
        {
            var closing = new Thread[hosts.Count];
            for (int i = 0; i < hosts.Count; i++)
            {
                ServiceHost host = hosts[i];
                closing[i] = new Thread(() =>
                {
                    try
                    {
                        host.Close(TimeSpan.FromSeconds(5));
                    }
                    catch (Exception e) when (e is CommunicationException || e is TimeoutException)
                    {
                        Console.Error.WriteLine("closing " + host.Description.Name + " did not end in 5 s (" + FirstLine(e.Message) + "); aborted");
                        host.Abort();
                    }
                })
                { IsBackground = true, Name = "closing " + host.Description.Name };
                closing[i].Start();
            }

            foreach (Thread thread in closing)
            {
                thread.Join();
            }
        }

        private static bool TryParseBaseAddress(string text, out Uri baseAddress, out string error)
        {
            error = null;
            if (!Uri.TryCreate(text, UriKind.Absolute, out baseAddress))
            {
                error = "bad base address '" + text + "': not an absolute URI (expected e.g. net.tcp://127.0.0.1:8123/)";
                return false;
            }

            if (baseAddress.Scheme != Uri.UriSchemeNetTcp)
            {
                error = "bad base address '" + text + "': the scheme must be net.tcp";
                return false;
            }

            if (baseAddress.Port + Endpoints.PortsNeeded - 1 > 65535)
            {
                error = "bad base address '" + text + "': the host needs ports " + PortsDescription(baseAddress).Substring("ports ".Length);
                return false;
            }

            if (!baseAddress.AbsoluteUri.EndsWith("/", StringComparison.Ordinal))
            {
                baseAddress = new Uri(baseAddress.AbsoluteUri + "/");
            }

            return true;
        }

        private static ServiceHost CreateHost(Type serviceType, Type contract, Uri baseAddress, string relativeAddress)
        {
            var host = new ServiceHost(serviceType);
            host.AddServiceEndpoint(contract, Endpoints.TcpBinding(), Endpoints.TcpAddress(baseAddress, relativeAddress));

            // Decided at run time, so the same build serves Windows (.NET Framework) and Linux (Mono, where net.pipe fails).
            if (Environment.OSVersion.Platform == PlatformID.Win32NT)
            {
                host.AddServiceEndpoint(contract, Endpoints.PipeBinding(), Endpoints.Combine(Endpoints.PipeBaseFor(baseAddress), relativeAddress));
            }

            return host;
        }

        /// <summary>
        /// The REST catalog at the root of the HTTP address: WebServiceHost adds the webHttp behavior (UriTemplate dispatch,
        /// JSON formats, WebFaultException as the status code) to a WebHttpBinding endpoint.
        /// </summary>
        private static ServiceHost CreateWebHost(Uri httpAddress)
        {
            var host = new WebServiceHost(typeof(ProductCatalogService), httpAddress);
            host.AddServiceEndpoint(typeof(IProductCatalog), new WebHttpBinding(), string.Empty);
            return host;
        }

        private static void WatchForShutdown(ManualResetEvent stop)
        {
            // stdin closing is the portable signal: the parent holds the pipe and closes it to stop us.
            var stdinWatcher = new Thread(() =>
            {
                try
                {
                    while (Console.In.ReadLine() != null)
                    {
                    }
                }
                catch (Exception e) when (e is System.IO.IOException || e is ObjectDisposedException)
                {
                }

                stop.Set();
            })
            { IsBackground = true, Name = "stdin watcher" };
            stdinWatcher.Start();

            Console.CancelKeyPress += (sender, e) =>
            {
                e.Cancel = true;
                stop.Set();
            };

            SigtermWatcher.Start(stop);
        }

        private static bool IsAddressInUse(Exception e)
        {
            // .NET Framework reports AddressAlreadyInUseException; Mono lets the listener's SocketException through.
            for (Exception current = e; current != null; current = current.InnerException)
            {
                var socketError = current as SocketException;
                if (current is AddressAlreadyInUseException || (socketError != null && socketError.SocketErrorCode == SocketError.AddressAlreadyInUse))
                {
                    return true;
                }
            }

            return false;
        }

        private static string PortsDescription(Uri baseAddress)
        {
            return Endpoints.PortsNeeded == 1
                ? "port " + baseAddress.Port
                : "ports " + baseAddress.Port + "-" + (baseAddress.Port + Endpoints.PortsNeeded - 1);
        }

        private static void Abort(IEnumerable<ServiceHost> hosts)
        {
            foreach (ServiceHost host in hosts)
            {
                host.Abort();
            }
        }

        private static string FirstLine(string message)
        {
            string text = message ?? string.Empty;
            int end = text.IndexOfAny(new[] { '\r', '\n' });
            return end < 0 ? text : text.Substring(0, end);
        }

        private static int Fail(int exitCode, string message)
        {
            Console.Error.WriteLine("LegacyWcf.Host: " + message);
            return exitCode;
        }
    }
}
