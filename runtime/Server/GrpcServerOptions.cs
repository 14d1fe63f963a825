using System.IO.Compression;

namespace MigrateWcf.Runtime;

/// <summary>Server-wide settings.</summary>
public sealed class GrpcServerOptions
{
    /// <summary>Largest request message accepted; larger ones end the call with RESOURCE_EXHAUSTED. Default 4 MB; null: no limit.</summary>
    public int? MaxReceiveMessageSize { get; set; } = 4 * 1024 * 1024;

    /// <summary>Largest response message sent; larger ones end the call with RESOURCE_EXHAUSTED. Default null: no limit.</summary>
    public int? MaxSendMessageSize { get; set; }

    /// <summary>Send exception type and message of unhandled exceptions in <c>grpc-message</c>. For development only.</summary>
    public bool EnableDetailedErrors { get; set; }

    /// <summary>Compress responses with this encoding ("gzip") when the client accepts it. Null: uncompressed unless a handler asks.</summary>
    public string? ResponseCompressionAlgorithm { get; set; }

    public CompressionLevel ResponseCompressionLevel { get; set; } = CompressionLevel.Fastest;

    /// <summary>Cancel running calls' tokens when the host begins to stop, rather than only when Kestrel aborts them.</summary>
    public bool CancelCallsOnShutdown { get; set; } = true;

    internal GrpcServerOptions Clone() => (GrpcServerOptions)MemberwiseClone();
}
