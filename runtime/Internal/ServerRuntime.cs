using System.Collections.Concurrent;

namespace MigrateWcf.Runtime.Internal;

/// <summary>Shared state of the gRPC endpoints of one application: options, shutdown token, known services.</summary>
internal sealed class ServerRuntime(GrpcServerOptions options, CancellationToken applicationStopping)
{
    private readonly ConcurrentDictionary<string, byte> _services = new(StringComparer.Ordinal);

    public GrpcServerOptions Options { get; } = options;
    public CancellationToken ApplicationStopping { get; } = applicationStopping;

    public void AddService(string serviceName) => _services.TryAdd(serviceName, 0);
    public bool HasService(string serviceName) => _services.ContainsKey(serviceName);
}
