using System.Net;
using System.Net.Sockets;
using Microsoft.AspNetCore.Hosting;
using Microsoft.Extensions.Hosting;

namespace MigrateWcf.Runtime.Benchmarks;

/// <summary>The server process: our gRPC echo on a Unix socket and on TCP loopback, and the raw 1-byte echo floor on a
/// second Unix socket. Prints "READY" when all listen; runs until killed.</summary>
internal static class BenchServer
{
    public static async Task<int> RunAsync(string grpcSocket, string rawSocket, int tcpPort, bool profile)
    {
        using var sampler = profile ? new AllocationSampler() : null;
        var options = new GrpcServerHostOptions
        {
            ConfigureBuilder = builder => builder.WebHost.ConfigureKestrel(k => k.ListenGrpc(GrpcEndpoint.Tcp("127.0.0.1", tcpPort))),
        };
        await using var server = await GrpcServer.StartAsync(GrpcEndpoint.UnixSocket(grpcSocket), EchoService.Bind(sampler), options);
        using var raw = new Socket(AddressFamily.Unix, SocketType.Stream, ProtocolType.Unspecified);
        raw.Bind(new UnixDomainSocketEndPoint(rawSocket));
        raw.Listen(1024);
        _ = Task.Run(() => AcceptRawAsync(raw));
        Console.WriteLine("READY");
        await server.App.WaitForShutdownAsync();
        return 0;
    }

    private static async Task AcceptRawAsync(Socket listener)
    {
        while (true)
        {
            var connection = await listener.AcceptAsync();
            _ = Task.Run(() => EchoRawAsync(connection));
        }
    }

    private static async Task EchoRawAsync(Socket connection)
    {
        using (connection)
        {
            var buffer = new byte[1];
            try
            {
                while (await connection.ReceiveAsync(buffer, SocketFlags.None) == 1)
                {
                    await connection.SendAsync(buffer, SocketFlags.None);
                }
            }
            catch (SocketException)
            {
                // The driver closed the connection.
            }
        }
    }

    /// <summary>A TCP port free right now on loopback, for the server to listen on.</summary>
    public static int FreeTcpPort()
    {
        using var probe = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
        probe.Bind(new IPEndPoint(IPAddress.Loopback, 0));
        return ((IPEndPoint)probe.LocalEndPoint!).Port;
    }
}
