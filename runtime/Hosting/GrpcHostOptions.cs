using Grpc.AspNetCore.Server;
using Microsoft.AspNetCore.Grpc.JsonTranscoding;

namespace MigrateWcf.Runtime;

/// <summary>What <see cref="Microsoft.AspNetCore.Builder.GrpcHostingExtensions.AddGrpcEndpoint"/> sets up besides the listener.</summary>
public sealed class GrpcHostOptions
{
    /// <summary>Serves <c>grpc.health.v1.Health</c> (Grpc.AspNetCore.HealthChecks over ASP.NET Core health checks): the
    /// server (<c>""</c>) and every mapped service report SERVING while the host runs and NOT_SERVING once it begins to
    /// stop.</summary>
    public bool EnableHealthChecks { get; set; }

    /// <summary>Serves <c>grpc.reflection</c> (Grpc.AspNetCore.Server.Reflection), for grpcurl-style tools.</summary>
    public bool EnableReflection { get; set; }

    /// <summary>Leaves the per-request log categories on. Off by default: with them on, ASP.NET Core starts an activity
    /// and a log scope for every call, which doubles a call's server-side allocations.</summary>
    public bool LogRequests { get; set; }

    /// <summary>
    /// Kestrel's socket transport (Unix socket, TCP) runs each connection's socket reads and writes inline
    /// (<c>SocketTransportOptions.UnsafePreferInlineScheduling</c>) instead of queuing them to the thread pool. Off by
    /// default: the payload benchmark measured no consistent gain from it on a 2-core machine
    /// (docs/benchmarks/payload-transport-settings.md). Service code is not run inline even when on: Kestrel starts each
    /// HTTP/2 stream as its own thread-pool work item, so a blocking operation holds its own call only. No effect on
    /// named pipes.
    /// </summary>
    public bool InlineSocketScheduling { get; set; }

    /// <summary>
    /// True (the default): on 64-bit Linux, a Unix-socket endpoint also serves the bulk lane on the owner-only socket
    /// <c>&lt;socket&gt;.lane</c>, through which a generated client moves bytes values of at least
    /// <see cref="BulkLaneThresholdBytes"/> in unary calls as shared memory (docs/bulk-lane.md). Callers that do not
    /// ask for it in a header (other languages, grpcurl) get plain bytes. False: no lane socket.
    /// </summary>
    public bool BulkLane { get; set; } = true;

    /// <summary>The smallest response bytes value the host moves into a caller's bulk lane
    /// (<see cref="MigrateWcf.Runtime.BulkLane.DefaultThresholdBytes"/>).</summary>
    public int BulkLaneThresholdBytes { get; set; } = MigrateWcf.Runtime.BulkLane.DefaultThresholdBytes;

    /// <summary>
    /// True (the default): on Linux, a Unix-socket endpoint also serves the local call lane on the owner-only socket
    /// <c>&lt;socket&gt;.calls</c>, on which generated clients make unary calls without HTTP/2 (docs/call-lane.md); the
    /// same services, interceptors and WCF semantics answer them. Other callers keep plain gRPC. False: no lane socket.
    /// </summary>
    public bool CallLane { get; set; } = true;

    /// <summary>
    /// The connections the host's lanes (the bulk lane and the call lane, every endpoint together) keep open at once; one
    /// past it is closed at accept and its client uses HTTP/2. Null (the default): a quarter of the process's open-file
    /// limit (RLIMIT_NOFILE), at most 4,096 (docs/call-lane.md, "Bounds"). The first endpoint's value holds for the host.
    /// </summary>
    public int? MaxLaneConnections { get; set; }

    /// <summary>grpc-dotnet's service options: message sizes, compression, interceptors, detailed errors.</summary>
    public Action<GrpcServiceOptions>? Grpc { get; set; }

    /// <summary>
    /// A TCP endpoint on which Kestrel also listens with HTTP/1.1 and serves ASP.NET Core gRPC JSON transcoding: every rpc
    /// with a <c>google.api.http</c> option answers plain HTTP + JSON there (REST callers of a migrated WebHttp service).
    /// Null (the default): no such listener and no TCP port. The host is the caller's: <c>GrpcEndpoint.Tcp("127.0.0.1",
    /// port)</c> keeps it on loopback; port 0 lets the server pick one (Kestrel's <c>IServerAddressesFeature</c> tells which).
    /// </summary>
    public GrpcEndpoint? HttpJson { get; set; }

    /// <summary>Applied to <c>AddJsonTranscoding</c> when <see cref="HttpJson"/> is set: JSON settings (e.g.
    /// <c>JsonSettings.WriteEnumsAsIntegers</c>, <c>IgnoreDefaultValues</c>), type registry. A generated
    /// <c>MigratedServices.ConfigureJsonTranscoding</c> fits here. The <c>TypeRegistry</c> starts with
    /// <c>google.rpc.ErrorInfo</c> (every migrated fault carries one); one set here must include it and every fault
    /// detail message, or a status carrying them is answered 500 with no body.</summary>
    public Action<GrpcJsonTranscodingOptions>? JsonTranscoding { get; set; }
}
