using System;
using System.Collections.Generic;
using System.IO;
using System.ServiceModel;
using System.Text;
using LegacyWcf.Contracts;

namespace LegacyWcf.Client
{
    /// <summary>
    /// WCF client of the legacy sample.
    ///   LegacyWcf.Client --address &lt;base&gt; --scenario &lt;name|all&gt; [--out transcript.json] [--transport tcp|pipe]
    ///   LegacyWcf.Client --address &lt;base&gt; --tour [--transport tcp|pipe]
    /// The address is always the host's net.tcp base address; with --transport pipe the client derives the host's
    /// net.pipe address from it (the host offers net.pipe on Windows only).
    /// Scenarios write a JSON transcript (to --out, else stdout) and log one line per call to stderr.
    /// The tour calls each operation once and prints one readable line per call to stdout.
    /// </summary>
    internal static class Program
    {
        private const string Usage = "usage: LegacyWcf.Client --address <net.tcp base> (--scenario <" + "name|all> [--out <file>] | --tour) [--transport tcp|pipe]";

        private static int Main(string[] args)
        {
            string address = null;
            string scenario = null;
            string outPath = null;
            bool tour = false;
            string transport = "tcp";
            for (int i = 0; i < args.Length; i++)
            {
                if (args[i].StartsWith("--", StringComparison.Ordinal) && args[i] != "--tour" && i + 1 >= args.Length)
                {
                    return Fail(2, args[i] + " needs a value; " + Usage);
                }

                switch (args[i])
                {
                    case "--address": address = Next(args, ref i); break;
                    case "--scenario": scenario = Next(args, ref i); break;
                    case "--out": outPath = Next(args, ref i); break;
                    case "--tour": tour = true; break;
                    case "--transport": transport = Next(args, ref i); break;
                    default: return Fail(2, "unknown argument '" + args[i] + "'; " + Usage);
                }
            }

            Uri baseAddress;
            if (address == null || !Uri.TryCreate(address, UriKind.Absolute, out baseAddress) || baseAddress.Scheme != Uri.UriSchemeNetTcp)
            {
                return Fail(2, "--address must be a net.tcp base address; " + Usage);
            }

            if (transport != "tcp" && transport != "pipe")
            {
                return Fail(2, "--transport must be tcp or pipe");
            }

            if (tour == (scenario != null))
            {
                return Fail(2, Usage);
            }

            if (scenario != null && scenario != "all" && Array.IndexOf(Scenarios.Names, scenario) < 0)
            {
                return Fail(2, "unknown scenario '" + scenario + "' (known: " + string.Join(", ", Scenarios.Names) + ", all)");
            }

            using (var connections = new Connections(baseAddress, transport == "pipe"))
            {
                try
                {
                    if (tour)
                    {
                        int failures = new Tour(connections, Console.Out.WriteLine).Run();
                        return failures == 0 ? 0 : 1;
                    }

                    return RunScenarios(connections, baseAddress, scenario, outPath, transport);
                }
                catch (Exception e) when (e is CommunicationException || e is TimeoutException)
                {
                    return Fail(1, "cannot talk to " + baseAddress + ": " + e.GetType().Name + ": " + e.Message);
                }
            }
        }

        private static int RunScenarios(Connections connections, Uri baseAddress, string scenario, string outPath, string transport)
        {
            var runner = new Scenarios(connections, line => Console.Error.WriteLine("[client] " + line));
            var sections = new JsonObject();
            bool failed = false;
            foreach (string name in scenario == "all" ? Scenarios.Names : new[] { scenario })
            {
                try
                {
                    sections.Add(name, runner.Run(name));
                }
                catch (Exception e) when (e is CommunicationException || e is TimeoutException || e is InvalidOperationException)
                {
                    // One broken scenario must not hide the others; the transcript says what went wrong where.
                    failed = true;
                    Console.Error.WriteLine("[client] scenario " + name + " failed: " + e.GetType().Name + ": " + e.Message);
                    sections.Add(name, new JsonObject { { "error", e.GetType().Name + ": " + e.Message } });
                }
            }

            var transcript = new JsonObject
            {
                { "address", baseAddress.AbsoluteUri },
                { "runtime", Type.GetType("Mono.Runtime") != null ? "Mono" : ".NET Framework" },
                { "runtimeVersion", Environment.Version.ToString() },
                { "transport", transport },
                { "onePortPerService", Endpoints.OnePortPerService },
                { "localUtcOffsetMinutes", (long)TimeZoneInfo.Local.BaseUtcOffset.TotalMinutes },
                { "scenarios", sections },
            };
            string json = Json.Write(transcript);
            if (outPath == null)
            {
                Console.Out.Write(json);
            }
            else
            {
                File.WriteAllText(outPath, json, new UTF8Encoding(false));
            }

            return failed ? 1 : 0;
        }

        private static string Next(IReadOnlyList<string> args, ref int i)
        {
            return args[++i];
        }

        private static int Fail(int exitCode, string message)
        {
            Console.Error.WriteLine("LegacyWcf.Client: " + message);
            return exitCode;
        }
    }
}
