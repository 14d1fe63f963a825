using System.Diagnostics;
using System.Reflection;
using Google.Protobuf.WellKnownTypes;
using Grpc.Core;
using Grpc.Net.Client;
using MigrateWcf.Runtime.Tests.Protos;

namespace MigrateWcf.Runtime.Tests;

/// <summary>A fresh directory with a short path (a socket path must fit in 107 bytes), removed on dispose.</summary>
internal sealed class TempDirectory : IDisposable
{
    public TempDirectory(UnixFileMode mode = UnixFileMode.UserRead | UnixFileMode.UserWrite | UnixFileMode.UserExecute)
    {
        Path = System.IO.Path.Combine("/tmp", "mwrt-" + Guid.NewGuid().ToString("N")[..10]);
        Directory.CreateDirectory(Path);
        if (!OperatingSystem.IsWindows())
        {
            File.SetUnixFileMode(Path, mode);
        }
    }

    /// <summary>Mode 0755: a directory every user can enter, so only the socket's own mode protects it.</summary>
    public static TempDirectory Shared() =>
        new(UnixFileMode.UserRead | UnixFileMode.UserWrite | UnixFileMode.UserExecute | UnixFileMode.GroupRead |
            UnixFileMode.GroupExecute | UnixFileMode.OtherRead | UnixFileMode.OtherExecute);

    public string Path { get; }

    public string Combine(string name) => System.IO.Path.Combine(Path, name);

    public void Dispose()
    {
        try
        {
            Directory.Delete(Path, recursive: true);
        }
        catch (IOException)
        {
        }
    }
}

/// <summary>The test service: answers "echo:" + the request.</summary>
internal sealed class EchoService : Echo.EchoBase
{
    public override Task<StringValue> Say(StringValue request, ServerCallContext context) =>
        Task.FromResult(new StringValue { Value = "echo:" + request.Value });

    public static async Task<string> SayAsync(GrpcChannel channel, string text) =>
        (await new Echo.EchoClient(channel).SayAsync(new StringValue { Value = text })).Value;
}

internal static class Processes
{
    public const int RootUid = 0;

    /// <summary>Runs a program to its end (a minute at most) and returns its exit code and output.</summary>
    public static async Task<(int ExitCode, string StdOut, string StdErr)> RunAsync(string fileName, params string[] arguments)
    {
        using var process = Start(fileName, arguments);
        var stdout = process.StandardOutput.ReadToEndAsync();
        var stderr = process.StandardError.ReadToEndAsync();
        await Eventually.Within(process.WaitForExitAsync());
        return (process.ExitCode, await stdout, await stderr);
    }

    public static Process Start(string fileName, params string[] arguments)
    {
        var info = new ProcessStartInfo(fileName) { RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
        foreach (var argument in arguments)
        {
            info.ArgumentList.Add(argument);
        }

        return Process.Start(info)!;
    }

    /// <summary>The interop server (grpc-dotnet, hosted by MigrateWcf.Runtime) as a real host process.</summary>
    public static Process StartInteropServer(params string[] arguments) => Start(DotnetHost, ["exec", InteropServerDll, .. arguments]);

    public static Task<(int ExitCode, string StdOut, string StdErr)> RunInteropServerAsync(params string[] arguments) =>
        RunAsync(DotnetHost, ["exec", InteropServerDll, .. arguments]);

    private static string InteropServerDll => typeof(Processes).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>()
        .Single(a => a.Key == "MigrateWcf.Interop.Server").Value!;

    private static string DotnetHost =>
        Environment.GetEnvironmentVariable("DOTNET_HOST_PATH") is { Length: > 0 } host && File.Exists(host) ? host
        : Environment.ProcessPath is { } self && System.IO.Path.GetFileNameWithoutExtension(self) == "dotnet" ? self
        : "dotnet";
}

internal static class Eventually
{
    // Only keeps a broken build from hanging: generous, since these machines are shared and slow under load.
    private static readonly TimeSpan Bound = TimeSpan.FromMinutes(1);

    /// <summary>Waits for a condition the test cannot await directly.</summary>
    public static async Task TrueAsync(Func<bool> condition, string what)
    {
        var deadline = DateTime.UtcNow + Bound;
        while (!condition())
        {
            Assert.True(DateTime.UtcNow < deadline, "Never happened: " + what);
            await Task.Delay(5);
        }
    }

    /// <summary>Awaits a task with the same liveness bound.</summary>
    public static async Task<T> Within<T>(Task<T> task) => await task.WaitAsync(Bound);

    public static async Task Within(Task task) => await task.WaitAsync(Bound);
}
