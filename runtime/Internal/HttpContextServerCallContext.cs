using System.IO.Pipelines;
using System.Net;
using System.Net.Sockets;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.AspNetCore.Server.Kestrel.Core.Features;
using Microsoft.Extensions.Primitives;

namespace MigrateWcf.Runtime.Internal;

/// <summary>
/// The per-call state on the server: parsed request headers, deadline timer, cancellation, response headers, trailers and
/// the status, and the one place where a status becomes HTTP/2 trailers (or a trailers-only response).
/// </summary>
internal sealed class HttpContextServerCallContext : ServerCallContext, IDisposable
{
    private static readonly string[] StatusStrings = Enumerable.Range(0, 17).Select(i => i.ToString(System.Globalization.CultureInfo.InvariantCulture)).ToArray();

    private readonly HttpContext _http;
    private readonly ServerRuntime _runtime;
    private readonly string _method;
    private readonly object _lock = new();
    private Metadata? _requestHeaders;
    private Metadata? _responseTrailers;
    private Dictionary<object, object>? _userState;
    private Status _status = Status.DefaultSuccess;
    private CancellationTokenSource? _cts;
    private CancellationTokenRegistration _abortRegistration;
    private CancellationTokenRegistration _stoppingRegistration;
    private Timer? _deadlineTimer;
    private bool _disposed;
    private volatile bool _deadlineExceeded;
    private DateTime _deadline = DateTime.MaxValue;
    private string? _requestEncoding;
    private string? _responseEncoding;
    private bool _clientAcceptsGzip;
    private bool _headersPrepared;
    private bool _completed;
    private MessageWriter? _writer;

    public HttpContextServerCallContext(HttpContext http, ServerRuntime runtime, string method)
    {
        _http = http;
        _runtime = runtime;
        _method = method;
    }

    public GrpcServerOptions Options => _runtime.Options;
    public string? RequestEncoding => _requestEncoding;
    public bool DeadlineExceeded => _deadlineExceeded;
    public bool IsCompleted => _completed;
    public PipeWriter BodyWriter => _http.Response.BodyWriter;

    /// <summary>Reads the protocol headers and starts the deadline timer. False when an error response was already set.</summary>
    public bool Initialize()
    {
        var headers = _http.Request.Headers;

        // gRPC streams can be long and slow; Kestrel's body limits apply to gRPC routes only through these per-request features.
        var maxBody = _http.Features.Get<IHttpMaxRequestBodySizeFeature>();
        if (maxBody is { IsReadOnly: false }) maxBody.MaxRequestBodySize = null;
        var minRate = _http.Features.Get<IHttpMinRequestBodyDataRateFeature>();
        if (minRate is not null) minRate.MinDataRate = null;

        var encoding = headers[GrpcProtocol.EncodingHeader];
        if (encoding.Count > 0)
        {
            var value = encoding.ToString();
            if (value == GrpcProtocol.Gzip) _requestEncoding = GrpcProtocol.Gzip;
            else if (value != GrpcProtocol.Identity)
            {
                _http.Response.Headers[GrpcProtocol.AcceptEncodingHeader] = GrpcProtocol.SupportedEncodings;
                WriteTrailersOnly(new Status(StatusCode.Unimplemented, $"Unsupported grpc-encoding value '{value}'. Supported encodings: {GrpcProtocol.SupportedEncodings}"), null);
                return false;
            }
        }

        var accept = headers[GrpcProtocol.AcceptEncodingHeader];
        if (accept.Count > 0) _clientAcceptsGzip = ContainsToken(accept, GrpcProtocol.Gzip);
        if (_clientAcceptsGzip && _runtime.Options.ResponseCompressionAlgorithm == GrpcProtocol.Gzip) _responseEncoding = GrpcProtocol.Gzip;

        var timeout = headers[GrpcProtocol.TimeoutHeader];
        if (timeout.Count > 0 && GrpcProtocol.TryParseTimeout(timeout.ToString(), out var span))
        {
            _deadline = DateTime.UtcNow + span;
            if (span <= TimeSpan.Zero)
            {
                OnDeadline();
            }
            else
            {
                // Timer.Change's limit is about 49 days; a longer deadline will not fire during any realistic call.
                var due = span.TotalMilliseconds >= uint.MaxValue - 1 ? Timeout.InfiniteTimeSpan : span;
                _deadlineTimer = new Timer(static s => ((HttpContextServerCallContext)s!).OnDeadline(), this, due, Timeout.InfiniteTimeSpan);
            }
        }

        _http.Response.ContentType = GrpcProtocol.ContentType;
        return true;
    }

    private static bool ContainsToken(StringValues values, string token)
    {
        foreach (var value in values)
        {
            if (value is null) continue;
            foreach (var part in value.AsSpan().Split(','))
            {
                if (value.AsSpan()[part].Trim().Equals(token, StringComparison.OrdinalIgnoreCase)) return true;
            }
        }
        return false;
    }

    private void OnDeadline()
    {
        // Timer.Dispose does not wait for a callback already running, so the deadline can fire while the call is being
        // disposed and its HttpContext recycled. The lock keeps this callback and Dispose apart; an exception here would
        // end the process.
        CancellationTokenSource cts;
        lock (_lock)
        {
            if (_disposed) return;
            _deadlineExceeded = true;
            cts = EnsureCancellationSource();
        }

        try
        {
            cts.Cancel();
        }
        catch (ObjectDisposedException)
        {
            // Disposed after the lock was released: the call already ended.
        }
    }

    private CancellationTokenSource EnsureCancellationSource()
    {
        var cts = _cts;
        if (cts is not null) return cts;
        lock (_lock)
        {
            if (_cts is not null) return _cts;
            cts = new CancellationTokenSource();
            _abortRegistration = _http.RequestAborted.UnsafeRegister(static s => ((CancellationTokenSource)s!).Cancel(), cts);
            if (_runtime.Options.CancelCallsOnShutdown && _runtime.ApplicationStopping.CanBeCanceled)
            {
                _stoppingRegistration = _runtime.ApplicationStopping.UnsafeRegister(static s => ((CancellationTokenSource)s!).Cancel(), cts);
            }
            _cts = cts;
            return cts;
        }
    }

    // ---- ServerCallContext ----

    public override string Method => _method;
    public override string Host => _http.Request.Host.Value ?? "";

    public override string Peer
    {
        get
        {
            var connection = _http.Connection;
            var ip = connection.RemoteIpAddress;
            if (ip is null) return "unix:";
            return ip.AddressFamily == AddressFamily.InterNetworkV6
                ? $"ipv6:[{ip}]:{connection.RemotePort}"
                : $"ipv4:{ip}:{connection.RemotePort}";
        }
    }

    public override DateTime Deadline => _deadline;
    public override Metadata RequestHeaders => _requestHeaders ??= MetadataHeaders.FromRequest(_http.Request.Headers);
    public override CancellationToken CancellationToken => EnsureCancellationSource().Token;
    public override Metadata ResponseTrailers => _responseTrailers ??= new Metadata();

    public override Status Status
    {
        get => _status;
        set => _status = value;
    }

    public override WriteOptions? WriteOptions { get; set; }

    public override string? ResponseCompressionAlgorithm
    {
        get => _responseEncoding;
        set
        {
            if (_headersPrepared) throw new InvalidOperationException("The response compression can't change after the response has started.");
            if (value is null || value == GrpcProtocol.Identity) _responseEncoding = null;
            else if (value == GrpcProtocol.Gzip) _responseEncoding = _clientAcceptsGzip ? GrpcProtocol.Gzip : null;
            else throw new ArgumentException($"Unsupported compression '{value}'; supported: {GrpcProtocol.SupportedEncodings}.", nameof(value));
        }
    }

    public override IDictionary<object, object> UserState => _userState ??= new Dictionary<object, object>();

    public override HttpContext GetHttpContext() => _http;

    public override async Task WriteResponseHeadersAsync(Metadata responseHeaders)
    {
        ArgumentNullException.ThrowIfNull(responseHeaders);
        if (_completed) throw new InvalidOperationException("The call is complete.");
        if (_http.Response.HasStarted) throw new InvalidOperationException("Response headers can only be sent once per call.");
        MetadataHeaders.AppendTo(_http.Response.Headers, responseHeaders);
        PrepareHeaders();
        await _http.Response.StartAsync(CancellationToken).ConfigureAwait(false);
    }

    // ---- used by the call handlers ----

    public MessageReader<T> CreateReader<T>(Marshaller<T> marshaller)
    {
        var reader = new MessageReader<T>(_http.Request.BodyReader, marshaller, _runtime.Options.MaxReceiveMessageSize, _requestEncoding, isServer: true);
        _requestReader = reader;
        return reader;
    }

    private IMessageReaderState? _requestReader;

    /// <summary>Whether the request message read last arrived compressed.</summary>
    public bool LastRequestMessageCompressed => _requestReader?.LastMessageCompressed ?? false;

    /// <summary>Frames one response message into the body writer; the caller flushes.</summary>
    public void WriteMessage<T>(T message, Marshaller<T> marshaller)
    {
        if (_completed) throw new InvalidOperationException("Can't write the message because the call is complete.");
        PrepareHeaders();
        var compress = _responseEncoding is not null && (WriteOptions is null || (WriteOptions.Flags & WriteFlags.NoCompress) == 0);
        _writer ??= new MessageWriter(_runtime.Options.MaxSendMessageSize, _runtime.Options.ResponseCompressionLevel);
        _writer.Write(_http.Response.BodyWriter, message, marshaller, compress);
    }

    private void PrepareHeaders()
    {
        if (_headersPrepared) return;
        _headersPrepared = true;
        var headers = _http.Response.Headers;
        if (_responseEncoding is not null) headers[GrpcProtocol.EncodingHeader] = _responseEncoding;
        headers[GrpcProtocol.AcceptEncodingHeader] = GrpcProtocol.SupportedEncodings;
    }

    /// <summary>Ends the call: the status from the handler's outcome goes into trailers, or into headers when nothing was sent yet.</summary>
    public void EndCall(Exception? error)
    {
        _completed = true;
        _deadlineTimer?.Dispose();
        if (_http.RequestAborted.IsCancellationRequested) return; // The client reset the stream; nothing can reach it.

        Status status;
        Metadata? extraTrailers = null;
        if (_deadlineExceeded)
        {
            status = new Status(StatusCode.DeadlineExceeded, "Deadline Exceeded");
        }
        else if (error is RpcException rpc)
        {
            status = rpc.Status;
            extraTrailers = rpc.Trailers;
        }
        else if (error is OperationCanceledException && _cts is { IsCancellationRequested: true })
        {
            status = _runtime.ApplicationStopping.IsCancellationRequested
                ? new Status(StatusCode.Unavailable, "The server is shutting down.")
                : new Status(StatusCode.Cancelled, "The call was cancelled.");
        }
        else if (error is not null)
        {
            status = _runtime.Options.EnableDetailedErrors
                ? new Status(StatusCode.Unknown, $"Exception was thrown by handler. {error.GetType().Name}: {error.Message}", error)
                : new Status(StatusCode.Unknown, "Exception was thrown by handler.", error);
        }
        else
        {
            status = _status;
        }

        // A message written but not yet flushed has not started the response in Kestrel's eyes; it still needs real trailers.
        if (!_headersPrepared && !_http.Response.HasStarted)
        {
            WriteTrailersOnly(status, extraTrailers);
            return;
        }

        var trailersFeature = _http.Features.Get<IHttpResponseTrailersFeature>();
        if (trailersFeature is null) return;
        var trailers = trailersFeature.Trailers;
        trailers[GrpcProtocol.StatusHeader] = StatusStrings[(int)status.StatusCode is >= 0 and <= 16 ? (int)status.StatusCode : (int)StatusCode.Unknown];
        if (status.Detail.Length > 0) trailers[GrpcProtocol.MessageHeader] = GrpcProtocol.PercentEncode(status.Detail);
        if (_responseTrailers is not null) MetadataHeaders.AppendTo(trailers, _responseTrailers);
        if (extraTrailers is not null) MetadataHeaders.AppendTo(trailers, extraTrailers);
    }

    private void WriteTrailersOnly(Status status, Metadata? extraTrailers)
    {
        var response = _http.Response;
        response.ContentType = GrpcProtocol.ContentType;
        var headers = response.Headers;
        headers[GrpcProtocol.StatusHeader] = StatusStrings[(int)status.StatusCode is >= 0 and <= 16 ? (int)status.StatusCode : (int)StatusCode.Unknown];
        if (status.Detail.Length > 0) headers[GrpcProtocol.MessageHeader] = GrpcProtocol.PercentEncode(status.Detail);
        if (_responseTrailers is not null) MetadataHeaders.AppendTo(headers, _responseTrailers);
        if (extraTrailers is not null) MetadataHeaders.AppendTo(headers, extraTrailers);
    }

    public void Dispose()
    {
        lock (_lock) _disposed = true;
        _deadlineTimer?.Dispose();
        _abortRegistration.Dispose();
        _stoppingRegistration.Dispose();
        _cts?.Dispose();
        _writer?.Dispose();
    }
}
