namespace MigrateWcf.Runtime;

/// <summary>How a <see cref="MigratedHost"/> reports its health: <c>grpc.health.v1</c> and an HTTP path.</summary>
public sealed class HostHealthOptions
{
    /// <summary>Serves <c>grpc.health.v1.Health</c>: SERVING once started, NOT_SERVING once stopping.</summary>
    public bool Grpc { get; set; } = true;

    /// <summary>An HTTP path (e.g. <c>/healthz</c>) answering 200 "Healthy" for readiness and liveness probes (503
    /// "Unhealthy" once stopping), on every endpoint that speaks HTTP/1.1 (TLS and HTTP + JSON endpoints); null: none.</summary>
    public string? HttpPath { get; set; }
}
