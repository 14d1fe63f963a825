using System.ServiceModel;
using Google.Protobuf.WellKnownTypes;
using Grpc.Core;
using Microsoft.Extensions.Logging;
using Simple = MigrateWcf.Runtime.Benchmarks.Protos.Simple;

namespace MigrateWcf.Runtime.Benchmarks;

/// <summary>The classic PerCall measurement's contract (samples/LegacyWcf's ISimple): one empty call.</summary>
public interface ISimple
{
    void Put();
}

/// <summary>The legacy implementation the adapter calls: does nothing.</summary>
public sealed class SimpleService : ISimple
{
    public void Put()
    {
    }
}

/// <summary>Shaped like a generated adapter: the call goes through the semantics layer's invoker.</summary>
internal sealed class SimpleAdapter(ServiceInvoker<SimpleService> invoker) : Simple.SimpleBase
{
    public override Task<Empty> Put(Empty request, ServerCallContext context) => invoker.Invoke(context, (service, _) =>
    {
        service.Put();
        return new Empty();
    });
}

/// <summary>The same work written by hand for grpc-dotnet, without the semantics layer.</summary>
internal sealed class HandWrittenSimple : Simple.SimpleBase
{
    private readonly SimpleService _service = new();

    public override Task<Empty> Put(Empty request, ServerCallContext context)
    {
        _service.Put();
        return Task.FromResult(new Empty());
    }
}

/// <summary>One Put server of the benchmark: each on its own socket, as each WCF service has its own endpoint.</summary>
internal sealed record PutServer(string Name, string SocketName, Action<GrpcHostSetup> Configure)
{
    public static readonly IReadOnlyList<PutServer> All =
    [
        new("hand-written grpc-dotnet", "put-hand.sock", h => h.MapService<HandWrittenSimple>()),
        Adapter("adapter PerCall Single", "put-percall-single.sock", InstanceMode.PerCall, ConcurrencyMode.Single),
        Adapter("adapter PerCall Multiple", "put-percall-multiple.sock", InstanceMode.PerCall, ConcurrencyMode.Multiple),
        Adapter("adapter Single instance, ConcurrencyMode.Single", "put-single-single.sock", InstanceMode.Single, ConcurrencyMode.Single),
    ];

    public static string RowName(PutServer server, bool shim) => $"Put: {server.Name} ← {(shim ? "client shim (ClientSession)" : "plain client")}";

    private static PutServer Adapter(string name, string socket, InstanceMode instancing, ConcurrencyMode concurrency) =>
        new(name, socket, h =>
        {
            h.Services.AddWcfService<SimpleService>(instancing, concurrency);
            h.MapService<SimpleAdapter>().Configure(app => app.MapWcfSessions());
        });

    /// <summary>Starts the server on <paramref name="directory"/>/<see cref="SocketName"/>, logging as the echo server does.</summary>
    public Task<GrpcHost> StartAsync(string directory) => GrpcHost.StartAsync(GrpcEndpoint.UnixSocket(Path.Combine(directory, SocketName)), h =>
    {
        h.Builder.Logging.SetMinimumLevel(LogLevel.Warning);
        Configure(h);
    });
}
