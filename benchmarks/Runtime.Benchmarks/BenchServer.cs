using System.Net.Sockets;
using Microsoft.AspNetCore.Builder;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;

namespace MigrateWcf.Runtime.Benchmarks;

/// <summary>The server process: the echo service on grpc-dotnet, hosted on a Unix socket by MigrateWcf.Runtime (quiet
/// hosting, as migrated services run), the Put servers (<see cref="PutServer"/>) on sockets beside it, and the raw 1-byte
/// echo floor on another. Prints "READY" when all listen; runs until killed.</summary>
internal static class BenchServer
{
    public static async Task<int> RunAsync(string grpcSocket, string rawSocket, bool profile)
    {
        var sampler = profile ? new AllocationSampler() : null;
        var builder = WebApplication.CreateSlimBuilder(new WebApplicationOptions { Args = [] });
        builder.Logging.SetMinimumLevel(LogLevel.Warning);
        builder.AddGrpcEndpoint(GrpcEndpoint.UnixSocket(grpcSocket));
        builder.Services.AddSingleton(new GrpcDotnetEcho(sampler));
        await using var app = builder.Build();
        app.MapGrpcService<GrpcDotnetEcho>();
        await app.StartAsync();
        var putHosts = new List<GrpcHost>();
        foreach (var put in PutServer.All)
        {
            putHosts.Add(await put.StartAsync(Path.GetDirectoryName(grpcSocket)!));
        }

        using var raw = new Socket(AddressFamily.Unix, SocketType.Stream, ProtocolType.Unspecified);
        raw.Bind(new UnixDomainSocketEndPoint(rawSocket));
        raw.Listen(1024);
        new Thread(() => AcceptRaw(raw)) { IsBackground = true }.Start();
        Console.WriteLine("READY");
        await app.WaitForShutdownAsync();
        return 0;
    }

    /// <summary>The floor's server: blocking sockets, one thread per connection (the fastest echo; async I/O adds
    /// thread hops).</summary>
    private static void AcceptRaw(Socket listener)
    {
        while (true)
        {
            var connection = listener.Accept();
            new Thread(() => EchoRaw(connection)) { IsBackground = true }.Start();
        }
    }

    private static void EchoRaw(Socket connection)
    {
        using (connection)
        {
            var buffer = new byte[1];
            try
            {
                while (connection.Receive(buffer) == 1)
                {
                    connection.Send(buffer);
                }
            }
            catch (SocketException)
            {
                // The driver closed the connection.
            }
        }
    }
}
