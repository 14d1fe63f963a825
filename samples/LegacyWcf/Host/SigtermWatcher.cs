using System;
using System.IO;
using System.Reflection;
using System.Threading;

namespace LegacyWcf.Host
{
    /// <summary>
    /// Turns SIGTERM into an orderly shutdown on Mono. Mono's default for SIGTERM kills the process without running
    /// AppDomain.ProcessExit, so the host listens with Mono.Posix's UnixSignal. Mono.Posix is in Mono's GAC but not in the
    /// .NET Framework reference assemblies, so it is loaded by name at run time; on .NET Framework it is simply absent.
    /// </summary>
    internal static class SigtermWatcher
    {
        private const string MonoPosix = ", Mono.Posix, Version=4.0.0.0, Culture=neutral, PublicKeyToken=0738eb9f132ed756";

        /// <summary>Starts a background thread that sets <paramref name="stop"/> on SIGTERM; false when signals are unavailable.</summary>
        public static bool Start(EventWaitHandle stop)
        {
            WaitHandle signal = TryCreateSigtermSignal();
            if (signal == null)
            {
                return false;
            }

            var watcher = new Thread(() =>
            {
                signal.WaitOne();
                stop.Set();
            })
            { IsBackground = true, Name = "SIGTERM watcher" };
            watcher.Start();
            return true;
        }

        private static WaitHandle TryCreateSigtermSignal()
        {
            if (Type.GetType("Mono.Runtime") == null)
            {
                return null;
            }

            try
            {
                Type signalType = Type.GetType("Mono.Unix.UnixSignal" + MonoPosix, false);
                Type signumType = Type.GetType("Mono.Unix.Native.Signum" + MonoPosix, false);
                if (signalType == null || signumType == null)
                {
                    return null;
                }

                object sigterm = Enum.Parse(signumType, "SIGTERM");
                return (WaitHandle)Activator.CreateInstance(signalType, sigterm);
            }
            catch (Exception e) when (e is FileNotFoundException || e is FileLoadException || e is TargetInvocationException
                || e is TypeLoadException || e is DllNotFoundException || e is BadImageFormatException)
            {
                return null;
            }
        }
    }
}
