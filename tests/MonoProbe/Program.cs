using System;
using System.ServiceModel;

namespace MonoProbe
{
    /// <summary>
    /// Each probe tries one thing .NET Framework WCF does and prints one line: what WCF does ("shared", "served") or
    /// "failed Type: message". Exit code 0 either way: the line is the result, and the caller judges it.
    /// </summary>
    public static class Program
    {
        public static int Main(string[] args)
        {
            if (args.Length == 2 && args[0] == "port-sharing")
            {
                Console.WriteLine(PortSharing(int.Parse(args[1])));
                return 0;
            }

            if (args.Length == 2 && args[0] == "net-pipe")
            {
                Console.WriteLine(NetPipe(args[1]));
                return 0;
            }

            Console.Error.WriteLine("usage: MonoProbe.exe port-sharing <port> | net-pipe <name>");
            return 2;
        }

        /// <summary>Two service hosts of one process on one net.tcp port (different paths): .NET Framework shares it.</summary>
        private static string PortSharing(int port)
        {
            var first = Open("net.tcp://localhost:" + port + "/first", new NetTcpBinding(SecurityMode.None));
            ServiceHost second = null;
            try
            {
                second = Open("net.tcp://localhost:" + port + "/second", new NetTcpBinding(SecurityMode.None));
                return "shared";
            }
            catch (Exception e)
            {
                return Failed(e);
            }
            finally
            {
                Close(second);
                Close(first);
            }
        }

        /// <summary>A net.pipe host and a call to it through NetNamedPipeBinding.</summary>
        private static string NetPipe(string name)
        {
            ServiceHost host = null;
            ChannelFactory<IProbe> factory = null;
            try
            {
                string address = "net.pipe://localhost/" + name;
                host = Open(address, new NetNamedPipeBinding(NetNamedPipeSecurityMode.None));
                factory = new ChannelFactory<IProbe>(new NetNamedPipeBinding(NetNamedPipeSecurityMode.None), address);
                return factory.CreateChannel().Echo("served");
            }
            catch (Exception e)
            {
                return Failed(e);
            }
            finally
            {
                if (factory != null)
                {
                    factory.Abort();
                }

                Close(host);
            }
        }

        private static ServiceHost Open(string address, System.ServiceModel.Channels.Binding binding)
        {
            var host = new ServiceHost(typeof(Probe));
            host.AddServiceEndpoint(typeof(IProbe), binding, address);
            host.Open();
            return host;
        }

        private static void Close(ServiceHost host)
        {
            if (host != null)
            {
                host.Abort();
            }
        }

        private static string Failed(Exception e)
        {
            return "failed " + e.GetType().Name + ": " + e.Message.Replace('\n', ' ').Replace('\r', ' ');
        }
    }

    [ServiceContract]
    public interface IProbe
    {
        [OperationContract]
        string Echo(string text);
    }

    public sealed class Probe : IProbe
    {
        public string Echo(string text)
        {
            return text;
        }
    }
}
