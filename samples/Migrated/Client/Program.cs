using System;
using System.ServiceModel;
using MigrateWcf.Runtime;

namespace LegacyWcf.Client
{
    /// <summary>
    /// The legacy client's tour, run against the migrated hosts:
    ///   Migrated.Client --socket PATH --single-socket PATH
    /// --socket: the host serving every contract (ISimple by SimpleMultiple); --single-socket: the host whose ISimple is
    /// SimpleSingle. Pipe names on Windows. Prints one line per call, as LegacyWcf.Client --tour does.
    /// </summary>
    internal static class Program
    {
        private const string Usage = "usage: Migrated.Client --socket PATH --single-socket PATH";

        private static int Main(string[] args)
        {
            string socket = null;
            string singleSocket = null;
            for (int i = 0; i < args.Length; i += 2)
            {
                if (i + 1 >= args.Length || (args[i] != "--socket" && args[i] != "--single-socket"))
                {
                    return Fail(2, Usage);
                }

                if (args[i] == "--socket")
                {
                    socket = args[i + 1];
                }
                else
                {
                    singleSocket = args[i + 1];
                }
            }

            if (socket == null || singleSocket == null)
            {
                return Fail(2, Usage);
            }

            GrpcEndpoint services;
            GrpcEndpoint simpleSingle;
            try
            {
                services = Endpoint(socket);
                simpleSingle = Endpoint(singleSocket);
            }
            catch (Exception e) when (e is FormatException || e is ArgumentException)
            {
                return Fail(2, e.Message);
            }

            using (var connections = new Connections(services, simpleSingle))
            {
                try
                {
                    int failures = new Tour(connections, Console.Out.WriteLine).Run();
                    return failures == 0 ? 0 : 1;
                }
                catch (Exception e) when (e is CommunicationException || e is TimeoutException)
                {
                    return Fail(1, "cannot talk to " + services + ": " + e.GetType().Name + ": " + e.Message);
                }
            }
        }

        private static GrpcEndpoint Endpoint(string value)
        {
            return OperatingSystem.IsWindows() ? GrpcEndpoint.NamedPipe(value) : GrpcEndpoint.UnixSocket(value);
        }

        private static int Fail(int exitCode, string message)
        {
            Console.Error.WriteLine("Migrated.Client: " + message);
            return exitCode;
        }
    }
}
