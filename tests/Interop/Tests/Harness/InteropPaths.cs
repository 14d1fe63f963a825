using System.Reflection;

namespace MigrateWcf.Interop.Tests.Harness;

/// <summary>Where the interop programs live; the project file bakes these in at build time, so they follow
/// the configuration and <c>--artifacts-path</c>.</summary>
internal static class InteropPaths
{
    public static string OurServerDll => Metadata("MigrateWcf.Interop.Server");

    public static string OurClientDll => Metadata("MigrateWcf.Interop.Client");

    public static string PeersDirectory => Path.Combine(Metadata("InteropSourceDirectory"), "peers");

    /// <summary>The dotnet host that runs this test process, so our programs run on the same runtime.</summary>
    public static string DotnetHost
    {
        get
        {
            var fromCli = Environment.GetEnvironmentVariable("DOTNET_HOST_PATH");
            if (!string.IsNullOrEmpty(fromCli) && File.Exists(fromCli))
            {
                return fromCli;
            }

            var self = Environment.ProcessPath;
            return self is not null && Path.GetFileNameWithoutExtension(self) == "dotnet" ? self : "dotnet";
        }
    }

    private static string Metadata(string key)
    {
        var value = typeof(InteropPaths).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>()
            .FirstOrDefault(a => a.Key == key)?.Value;
        return value ?? throw new InvalidOperationException($"The test assembly has no '{key}' metadata; the BakeInteropPaths target did not run.");
    }
}
