using System.Net.Sockets;
using Microsoft.AspNetCore.Builder;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;

namespace MigrateWcf.Runtime.Benchmarks;

/// <summary>The server process: the echo service on grpc-dotnet, hosted on a Unix socket by MigrateWcf.Runtime (quiet
/// hosting, as migrated services run), and the raw 1-byte echo floor on another socket. Prints "READY" when all listen; runs until killed.</summary>
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
        using var raw = new Socket(AddressFamily.Unix, SocketType.Stream, ProtocolType.Unspecified);
        raw.Bind(new UnixDomainSocketEndPoint(rawSocket));
        raw.Listen(1024);
        RawEchoServer.Start(raw);
        Console.WriteLine("READY");
        await app.WaitForShutdownAsync();
        return 0;
    }
}
