namespace MigrateWcf.Runtime;

/// <summary>Per-call client options: headers, deadline, cancellation and write options.</summary>
public readonly struct CallOptions
{
    public CallOptions(Metadata? headers = null, DateTime? deadline = null, CancellationToken cancellationToken = default, WriteOptions? writeOptions = null, string? requestCompression = null)
    {
        Headers = headers;
        Deadline = deadline;
        CancellationToken = cancellationToken;
        WriteOptions = writeOptions;
        RequestCompression = requestCompression;
    }

    /// <summary>Request headers (custom metadata).</summary>
    public Metadata? Headers { get; }

    /// <summary>An absolute UTC deadline; sent as <c>grpc-timeout</c> and enforced locally with DEADLINE_EXCEEDED.</summary>
    public DateTime? Deadline { get; }

    /// <summary>Cancelling it resets the HTTP/2 stream and ends the call with CANCELLED.</summary>
    public CancellationToken CancellationToken { get; }

    public WriteOptions? WriteOptions { get; }

    /// <summary>The message encoding for requests (e.g. "gzip"); null sends uncompressed. The header <c>grpc-internal-encoding-request</c> is honoured too, as in grpc-dotnet.</summary>
    public string? RequestCompression { get; }

    public CallOptions WithHeaders(Metadata headers) => new(headers, Deadline, CancellationToken, WriteOptions, RequestCompression);
    public CallOptions WithDeadline(DateTime deadline) => new(Headers, deadline, CancellationToken, WriteOptions, RequestCompression);
    public CallOptions WithCancellationToken(CancellationToken cancellationToken) => new(Headers, Deadline, cancellationToken, WriteOptions, RequestCompression);
    public CallOptions WithWriteOptions(WriteOptions writeOptions) => new(Headers, Deadline, CancellationToken, writeOptions, RequestCompression);
    public CallOptions WithRequestCompression(string? encoding) => new(Headers, Deadline, CancellationToken, WriteOptions, encoding);
}
