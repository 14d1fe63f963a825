namespace MigrateWcf.Runtime;

/// <summary>What an endpoint speaks.</summary>
public enum HostEndpointProtocol
{
    /// <summary>gRPC over HTTP/2 (with TLS, HTTP/1.1 too for health probes).</summary>
    Grpc,

    /// <summary>HTTP/1.1 + JSON: the rpcs with a <c>google.api.http</c> option, through gRPC JSON transcoding.</summary>
    HttpJson,
}
