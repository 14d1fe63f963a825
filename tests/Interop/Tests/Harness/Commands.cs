using System.Diagnostics;

namespace MigrateWcf.Interop.Tests.Harness;

/// <summary>The command line of each implementation's interop server and client; all of them take the same flags.</summary>
internal static class Commands
{
    public static ProcessStartInfo Server(Implementation implementation, ServerAddress address) =>
        Create(implementation, "server", ["--use_tls=false", address.SocketPath is { } path ? $"--unix_socket={path}" : $"--port={address.Port}"]);

    public static ProcessStartInfo Client(Implementation implementation, ServerAddress address, string testCase) =>
        Create(implementation, "client", address.SocketPath is { } path
            ? ["--use_tls=false", $"--unix_socket={path}", $"--test_case={testCase}"]
            : ["--use_tls=false", "--server_host=127.0.0.1", $"--server_port={address.Port}", $"--test_case={testCase}"]);

    private static ProcessStartInfo Create(Implementation implementation, string role, string[] flags)
    {
        var (fileName, leading) = implementation switch
        {
            Implementation.Ours => (InteropPaths.DotnetHost,
                new[] { "exec", role == "server" ? InteropPaths.OurServerDll : InteropPaths.OurClientDll }),
            Implementation.Python => ("/usr/bin/python3",
                new[] { Path.Combine(InteropPaths.PeersDirectory, "python", $"interop_{role}.py") }),
            Implementation.Node => ("node", new[] { NodeScript(role) }),
            _ => throw new ArgumentOutOfRangeException(nameof(implementation)),
        };

        var info = new ProcessStartInfo(fileName)
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            RedirectStandardInput = true,
            UseShellExecute = false,
        };
        foreach (var argument in leading.Concat(flags))
        {
            info.ArgumentList.Add(argument);
        }

        info.Environment["PYTHONDONTWRITEBYTECODE"] = "1";
        // Keeps the .NET programs' start-up quiet and the same in every environment.
        info.Environment["DOTNET_CLI_TELEMETRY_OPTOUT"] = "1";
        info.Environment["DOTNET_NOLOGO"] = "1";
        return info;
    }

    private static string NodeScript(string role)
    {
        var directory = Path.Combine(InteropPaths.PeersDirectory, "node");
        if (!Directory.Exists(Path.Combine(directory, "node_modules", "@grpc", "grpc-js")))
        {
            throw new InvalidOperationException($"@grpc/grpc-js is not installed in {directory}; run scripts/setup.sh (npm ci there).");
        }

        return Path.Combine(directory, $"interop_{role}.js");
    }
}
