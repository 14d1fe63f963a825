using Grpc.Core;

namespace MigrateWcf.Runtime;

/// <summary>
/// The <see cref="ServerCallContext"/> of a call that arrived over the local call lane rather than HTTP/2: what the
/// adapters, the WCF semantics layer and interceptors read (method, deadline, cancellation, the request headers with
/// the session id) and what they set (response headers, trailers, status), which the lane sends back: response headers
/// at once through <c>sendHeaders</c> (a streamed response), else with the call's result.
/// </summary>
internal sealed class LaneServerCallContext(string method, string peer, DateTime deadline, Metadata requestHeaders, CancellationToken cancellationToken,
    Func<Metadata, Task>? sendHeaders = null)
    : ServerCallContext
{
    private readonly Metadata _trailers = [];
    private Dictionary<object, object>? _userState;

    /// <summary>The headers the service wrote before its response (a Callbacks stream's session id) and that are still
    /// to be sent with the result, or null.</summary>
    public Metadata? ResponseHeaders { get; private set; }

    private bool _headersWritten;

    protected override string MethodCore => method;

    protected override string HostCore => "localhost";

    protected override string PeerCore => peer;

    protected override DateTime DeadlineCore => deadline;

    protected override Metadata RequestHeadersCore => requestHeaders;

    protected override CancellationToken CancellationTokenCore => cancellationToken;

    protected override Metadata ResponseTrailersCore => _trailers;

    protected override Status StatusCore { get; set; }

    protected override WriteOptions? WriteOptionsCore { get; set; }

    // The lane's peer is the owner's own process (the socket is owner-only and checked with SO_PEERCRED): no credentials.
    protected override AuthContext AuthContextCore { get; } = new(null, []);

    protected override IDictionary<object, object> UserStateCore => _userState ??= [];

    protected override ContextPropagationToken CreatePropagationTokenCore(ContextPropagationOptions? options)
        => throw new NotSupportedException("A call on the local lane cannot start a propagated call; grpc-dotnet's client factory propagates deadlines from an HTTP/2 call only.");

    protected override Task WriteResponseHeadersAsyncCore(Metadata responseHeaders)
    {
        if (_headersWritten)
        {
            throw new InvalidOperationException("Response headers can only be sent once per call.");
        }

        _headersWritten = true;
        if (sendHeaders is not null)
        {
            return sendHeaders(responseHeaders);
        }

        ResponseHeaders = responseHeaders;
        return Task.CompletedTask;
    }
}
