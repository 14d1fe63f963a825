using System;
using System.Collections.Generic;
using System.Net.Sockets;
using System.ServiceModel;
using System.Threading;
using LegacyWcf.Contracts;
using LegacyWcf.Services;

namespace LegacyWcf.Host
{
    /// <summary>
    /// Hosts every sample service under one net.tcp base address (plus net.pipe on Windows).
    /// Prints one "ready" line when listening; stops when stdin closes, on SIGTERM or on Ctrl+C.
    /// </summary>
    internal static class Program
    {
        private const int ExitBadArguments = 2;
        private const int ExitAddressInUse = 3;
        private const int ExitStartFailed = 1;

        private static int Main(string[] args)
        {
            if (args.Length != 1)
            {
                return Fail(ExitBadArguments, "usage: LegacyWcf.Host <net.tcp base address>, e.g. net.tcp://127.0.0.1:8123/");
            }

            Uri baseAddress;
            string error;
            if (!TryParseBaseAddress(args[0], out baseAddress, out error))
            {
                return Fail(ExitBadArguments, error);
            }

            var hosts = new List<ServiceHost>();
            try
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
            catch (Exception e) when (IsAddressInUse(e))
            {
                Abort(hosts);
                return Fail(ExitAddressInUse, "cannot listen on " + baseAddress + ": " + (Endpoints.PortsNeeded == 1 ? "the port is" : "a port in " + PortsDescription(baseAddress) + " is") + " already in use");
            }
            catch (Exception e) when (e is CommunicationException || e is InvalidOperationException || e is TimeoutException
                || e is SocketException || e is ArgumentException)
            {
                Abort(hosts);
                return Fail(ExitStartFailed, "cannot listen on " + baseAddress + ": " + FirstLine(e.Message));
            }

            var stop = new ManualResetEvent(false);
            WatchForShutdown(stop);
            Console.Out.WriteLine("ready " + baseAddress.AbsoluteUri + (Endpoints.OnePortPerService ? " (Mono: one port per service, " + PortsDescription(baseAddress) + ")" : string.Empty));
            Console.Out.Flush();

            stop.WaitOne();
            foreach (ServiceHost host in hosts)
            {
                try
                {
                    host.Close(TimeSpan.FromSeconds(5));
                }
                catch (Exception e) when (e is CommunicationException || e is TimeoutException)
                {
                    host.Abort();
                }
            }

            return 0;
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
