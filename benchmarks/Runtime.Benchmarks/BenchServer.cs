using System.Net.Sockets;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;

namespace MigrateWcf.Runtime.Benchmarks;

/// <summary>The server process: the echo service on grpc-dotnet and on our own stack, each on its Unix socket, and the
/// raw 1-byte echo floor on a third. Prints "READY" when all listen; runs until killed.</summary>
internal static class BenchServer
{
    public static async Task<int> RunAsync(string grpcDotnetSocket, string ownSocket, string rawSocket, bool profile)
    {
        var sampler = profile ? new AllocationSampler() : null;
        await using var own = await GrpcServer.StartAsync(GrpcEndpoint.UnixSocket(ownSocket), OwnEchoService.Bind());

        var builder = WebApplication.CreateSlimBuilder();
        builder.Logging.ClearProviders();
        builder.WebHost.ConfigureKestrel(kestrel => kestrel.ListenUnixSocket(grpcDotnetSocket, listen => listen.Protocols = HttpProtocols.Http2));
        builder.Services.AddGrpc();
        builder.Services.AddSingleton(new GrpcDotnetEcho(sampler));
        await using var app = builder.Build();
        app.MapGrpcService<GrpcDotnetEcho>();
        await app.StartAsync();

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
