namespace MigrateWcf.Runtime;

/// <summary>
/// What <see cref="MigratedHost"/> serves and how, bound from the configuration section <see cref="SectionName"/>
/// (<c>appsettings.json</c>, environment variables <c>MigrateWcf__…</c>, the command line). Every key is in
/// docs/hosting.md.
/// </summary>
public sealed class MigratedHostOptions
{
    /// <summary>The configuration section the options are bound from.</summary>
    public const string SectionName = "MigrateWcf";

    /// <summary>One gRPC endpoint, in short (<c>--socket</c>): a pipe name (a named pipe on Windows, the owner-only socket
    /// .NET's pipe classes use for it elsewhere), or off Windows a Unix socket path (one with a <c>/</c>; owner-only).</summary>
    public string? Socket { get; set; }

    /// <summary>Serve on <see cref="Socket"/> alone, ignoring <see cref="HttpPort"/> and <see cref="Endpoints"/>: generate's
    /// serving check starts the host so, needing neither the endpoints' certificates nor their ports.</summary>
    public bool SocketOnly { get; set; }

    /// <summary>One HTTP/1.1 + JSON (transcoding) endpoint on <c>127.0.0.1</c>, in short. <c>--http-port</c>.</summary>
    public int? HttpPort { get; set; }

    /// <summary>The endpoints by name, in the order configuration lists them.</summary>
    public Dictionary<string, HostEndpointOptions> Endpoints { get; } = new(StringComparer.OrdinalIgnoreCase);

    /// <summary>Bytes a call may receive (WCF's <c>maxReceivedMessageSize</c>); null keeps grpc-dotnet's 4 MiB.</summary>
    public int? MaxReceiveMessageSize { get; set; }

    /// <summary>Bytes a call may send; null: no limit.</summary>
    public int? MaxSendMessageSize { get; set; }

    /// <summary>How long calls in flight may finish after SIGTERM or Ctrl+C before the host stops anyway.</summary>
    public TimeSpan ShutdownTimeout { get; set; } = TimeSpan.FromSeconds(30);

    /// <summary>Health reporting for orchestrators.</summary>
    public HostHealthOptions Health { get; set; } = new();

    /// <summary>Serves gRPC reflection (grpcurl and similar tools).</summary>
    public bool Reflection { get; set; }

    /// <summary>The shared-memory lane beside a Unix socket (docs/bulk-lane.md).</summary>
    public bool BulkLane { get; set; } = true;

    /// <summary>The connections the host's lanes keep open at once (<see cref="GrpcHostOptions.MaxLaneConnections"/>);
    /// null: a quarter of the open-file limit, at most 4,096.</summary>
    public int? MaxLaneConnections { get; set; }
}
