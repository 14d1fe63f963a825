using System.Globalization;
using System.IO.Pipelines;
using System.Net;
using System.Net.Http.Headers;

namespace MigrateWcf.Runtime.Internal;

/// <summary>
/// One client call: owns the HTTP request, the deadline timer, cancellation, and the status read from headers (trailers-only)
/// or trailers. All four call kinds run through it.
/// </summary>
internal sealed class GrpcCall<TRequest, TResponse> : ICallState, IDisposable
{
    private const int NotCancelled = 0, CancelledByUser = 1, CancelledByDeadline = 2, CancelledByDispose = 3, CancelledByError = 4;
    private static readonly StreamPipeReaderOptions ReaderOptions = new(bufferSize: 4096, minimumReadSize: 1024, leaveOpen: false);

    private readonly GrpcChannel _channel;
    private readonly Method<TRequest, TResponse> _method;
    private readonly CallOptions _options;
    private readonly CancellationTokenSource _cts = new();
    private readonly object _lock = new();
    private CancellationTokenRegistration _userRegistration;
    private Timer? _deadlineTimer;
    private DateTime _deadline = DateTime.MaxValue;
    private int _cancelReason;
    private volatile bool _finished;
    private Status _status;
    private Metadata? _trailers;
    private Metadata? _responseHeaders;
    private Task<bool>? _startTask;
    private Task<Metadata>? _headersTask;
    private HttpResponseMessage? _response;
    private MessageReader<TResponse>? _reader;
    private PipeReader? _pipeReader;
    private string? _requestEncoding;
    private PushStreamContent? _pushContent;

    public GrpcCall(GrpcChannel channel, Method<TRequest, TResponse> method, CallOptions options)
    {
        ObjectDisposedException.ThrowIf(channel.IsDisposed, channel);
        _channel = channel;
        _method = method;
        _options = options;
        ResponseStream = null!;
        RequestStream = null!;
    }

    public IAsyncStreamReader<TResponse> ResponseStream { get; private set; }
    public IClientStreamWriter<TRequest> RequestStream { get; private set; }
    internal CancellationToken CallToken => _cts.Token;

    // ---- starting ----

    public Task<TResponse> StartUnary(TRequest request)
    {
        StartWithMessage(request);
        return ReadSingleResponseAsync();
    }

    public void StartServerStreaming(TRequest request)
    {
        StartWithMessage(request);
        ResponseStream = new ResponseStreamReader(this);
    }

    public Task<TResponse> StartClientStreaming()
    {
        StartStreaming();
        return ReadSingleResponseAsync();
    }

    public void StartDuplexStreaming()
    {
        StartStreaming();
        ResponseStream = new ResponseStreamReader(this);
    }

    private void StartWithMessage(TRequest request)
    {
        if (!Prepare()) return;
        byte[] frame;
        try
        {
            using var buffer = new PooledBufferWriter();
            using var writer = new MessageWriter(_channel.Options.MaxSendMessageSize, _channel.Options.RequestCompressionLevel);
            writer.Write(buffer, request, _method.RequestMarshaller, ShouldCompress(_options.WriteOptions));
            frame = buffer.WrittenSpan.ToArray();
        }
        catch (RpcException ex)
        {
            _startTask = Task.FromException<bool>(Fail(ex.Status));
            return;
        }
        _startTask = SendAsync(new SingleMessageContent(frame));
    }

    private void StartStreaming()
    {
        RequestStream = new RequestStreamWriter(this);
        if (!Prepare()) return;
        _pushContent = new PushStreamContent();
        _startTask = SendAsync(_pushContent);
    }

    /// <summary>Sets up deadline and cancellation; false (with the call failed) when it is over before it starts.</summary>
    private bool Prepare()
    {
        _requestEncoding = _options.RequestCompression ?? _options.Headers?.GetValue(GrpcProtocol.InternalEncodingRequestHeader);
        if (_requestEncoding == GrpcProtocol.Identity) _requestEncoding = null;
        if (_requestEncoding is not null && _requestEncoding != GrpcProtocol.Gzip)
        {
            throw new ArgumentException($"Unsupported request compression '{_requestEncoding}'; supported: {GrpcProtocol.SupportedEncodings}.");
        }

        if (_options.Deadline is { } deadline && deadline != DateTime.MaxValue)
        {
            _deadline = deadline.Kind == DateTimeKind.Local ? deadline.ToUniversalTime() : deadline;
            var remaining = _deadline - DateTime.UtcNow;
            if (remaining <= TimeSpan.Zero)
            {
                Interlocked.CompareExchange(ref _cancelReason, CancelledByDeadline, NotCancelled);
                _startTask = Task.FromException<bool>(Fail(new Status(StatusCode.DeadlineExceeded, "Deadline Exceeded")));
                return false;
            }
            if (remaining.TotalMilliseconds < uint.MaxValue - 1)
            {
                _deadlineTimer = new Timer(static s => ((GrpcCall<TRequest, TResponse>)s!).Cancel(CancelledByDeadline), this, remaining, Timeout.InfiniteTimeSpan);
            }
        }

        var token = _options.CancellationToken;
        if (token.CanBeCanceled)
        {
            if (token.IsCancellationRequested)
            {
                Interlocked.CompareExchange(ref _cancelReason, CancelledByUser, NotCancelled);
                _startTask = Task.FromException<bool>(Fail(CancelledStatus()));
                return false;
            }
            _userRegistration = token.UnsafeRegister(static s => ((GrpcCall<TRequest, TResponse>)s!).Cancel(CancelledByUser), this);
        }
        return true;
    }

    private bool ShouldCompress(WriteOptions? writeOptions) =>
        _requestEncoding is not null && (writeOptions is null || (writeOptions.Flags & WriteFlags.NoCompress) == 0);

    private HttpRequestMessage CreateRequest(HttpContent content)
    {
        var request = new HttpRequestMessage(HttpMethod.Post, _channel.GetMethodUri(_method))
        {
            Version = HttpVersion.Version20,
            VersionPolicy = HttpVersionPolicy.RequestVersionExact,
            Content = content,
        };
        var headers = request.Headers;
        headers.TryAddWithoutValidation("te", "trailers");
        headers.TryAddWithoutValidation("user-agent", GrpcProtocol.UserAgent);
        headers.TryAddWithoutValidation(GrpcProtocol.AcceptEncodingHeader, GrpcProtocol.SupportedEncodings);
        if (_requestEncoding is not null) headers.TryAddWithoutValidation(GrpcProtocol.EncodingHeader, _requestEncoding);
        if (_deadline != DateTime.MaxValue)
        {
            var remaining = _deadline - DateTime.UtcNow;
            headers.TryAddWithoutValidation(GrpcProtocol.TimeoutHeader, GrpcProtocol.FormatTimeout(remaining > TimeSpan.Zero ? remaining : TimeSpan.FromTicks(1)));
        }
        if (_options.Headers is { Count: > 0 } metadata) MetadataHeaders.AppendTo(headers, metadata);
        return request;
    }

    /// <summary>Sends the request and reads the response headers. False when the response was trailers-only (the call is finished).</summary>
    private async Task<bool> SendAsync(HttpContent content)
    {
        var request = CreateRequest(content);
        HttpResponseMessage response;
        try
        {
            response = await _channel.Invoker.SendAsync(request, _cts.Token).ConfigureAwait(false);
        }
        catch (Exception ex)
        {
            throw Fail(ResolveException(ex, starting: true));
        }

        Volatile.Write(ref _response, response);
        if (Volatile.Read(ref _cancelReason) != NotCancelled)
        {
            response.Dispose();
            throw Fail(CancelledStatus());
        }

        if (response.StatusCode != HttpStatusCode.OK)
        {
            var code = GrpcProtocol.StatusFromHttpStatus((int)response.StatusCode);
            throw Fail(new Status(code, $"Bad gRPC response. HTTP status code: {(int)response.StatusCode}"), abandonResponse: true);
        }

        var grpcStatus = FirstValue(response.Headers, GrpcProtocol.StatusHeader);
        if (grpcStatus is not null)
        {
            // Trailers-only: the status and trailers are in the headers and there is no body.
            var status = ParseStatus(grpcStatus, FirstValue(response.Headers, GrpcProtocol.MessageHeader));
            if (status.StatusCode == StatusCode.OK && (_method.Type is MethodType.Unary or MethodType.ClientStreaming))
            {
                status = new Status(StatusCode.Internal, "The server ended the call without a response message.");
            }
            Finish(status, ResponseHeaders());
            return false;
        }

        var contentType = FirstValue(response.Content.Headers, "content-type");
        if (!GrpcProtocol.IsGrpcContentType(contentType))
        {
            throw Fail(new Status(StatusCode.Internal, $"Bad gRPC response. Invalid content-type value: {contentType}"), abandonResponse: true);
        }

        var encoding = FirstValue(response.Headers, GrpcProtocol.EncodingHeader);
        if (encoding is not null && encoding != GrpcProtocol.Identity && encoding != GrpcProtocol.Gzip)
        {
            throw Fail(new Status(StatusCode.Internal, $"The server used the unsupported grpc-encoding '{encoding}'."), abandonResponse: true);
        }

        try
        {
            var stream = await response.Content.ReadAsStreamAsync(_cts.Token).ConfigureAwait(false);
            _pipeReader = PipeReader.Create(stream, ReaderOptions);
            _reader = new MessageReader<TResponse>(_pipeReader, _method.ResponseMarshaller, _channel.Options.MaxReceiveMessageSize, encoding, isServer: false);
        }
        catch (Exception ex)
        {
            throw Fail(ResolveException(ex, starting: false));
        }
        return true;
    }

    private static string? FirstValue(HttpHeaders headers, string name)
    {
        if (!headers.NonValidated.TryGetValues(name, out var values)) return null;
        foreach (var value in values) return value;
        return null;
    }

    private static Status ParseStatus(string statusText, string? message)
    {
        var detail = message is null ? "" : GrpcProtocol.PercentDecode(message);
        if (!int.TryParse(statusText, NumberStyles.None, CultureInfo.InvariantCulture, out var code))
        {
            return new Status(StatusCode.Unknown, $"Unexpected grpc-status value '{statusText}'. {detail}".TrimEnd());
        }
        return new Status((StatusCode)code, detail);
    }

    private Metadata ResponseHeaders()
    {
        if (_responseHeaders is not null) return _responseHeaders;
        var metadata = new Metadata();
        if (_response is { } response) MetadataHeaders.AddFromHttp(metadata, response.Headers);
        return _responseHeaders = metadata.Freeze();
    }

    // ---- reading ----

    private async Task<TResponse> ReadSingleResponseAsync()
    {
        try
        {
            if (!await _startTask!.ConfigureAwait(false)) throw StatusException();
            var reader = _reader!;
            if (!await reader.ReadNextAsync(_cts.Token).ConfigureAwait(false))
            {
                FinishFromTrailers(expectMessage: true);
                throw StatusException();
            }
            var message = reader.Current;
            if (await reader.ReadNextAsync(_cts.Token).ConfigureAwait(false))
            {
                throw Fail(new Status(StatusCode.Internal, "The server sent more than one response message."), abandonResponse: true);
            }
            FinishFromTrailers(expectMessage: false);
            if (_status.StatusCode != StatusCode.OK) throw StatusException();
            return message;
        }
        catch (RpcException ex)
        {
            if (!_finished) throw Fail(ex.Status, abandonResponse: true);
            throw;
        }
        catch (Exception ex)
        {
            throw Fail(ResolveException(ex, starting: false));
        }
    }

    private async Task<bool> MoveNextAsync(CancellationToken cancellationToken)
    {
        CancellationTokenRegistration registration = default;
        if (cancellationToken.CanBeCanceled)
        {
            registration = cancellationToken.UnsafeRegister(static s => ((GrpcCall<TRequest, TResponse>)s!).Cancel(CancelledByUser), this);
        }
        try
        {
            if (!await _startTask!.ConfigureAwait(false) || _finished)
            {
                if (_status.StatusCode == StatusCode.OK) return false;
                throw StatusException();
            }
            if (await _reader!.ReadNextAsync(_cts.Token).ConfigureAwait(false)) return true;
            FinishFromTrailers(expectMessage: false);
            if (_status.StatusCode == StatusCode.OK) return false;
            throw StatusException();
        }
        catch (RpcException ex)
        {
            if (!_finished) throw Fail(ex.Status, abandonResponse: true);
            throw;
        }
        catch (Exception ex)
        {
            throw Fail(ResolveException(ex, starting: false));
        }
        finally
        {
            registration.Dispose();
        }
    }

    private void FinishFromTrailers(bool expectMessage)
    {
        var response = _response!;
        var trailers = response.TrailingHeaders;
        var statusText = FirstValue(trailers, GrpcProtocol.StatusHeader);
        Status status;
        if (statusText is null)
        {
            status = new Status(StatusCode.Internal, "No grpc-status found on response.");
        }
        else
        {
            status = ParseStatus(statusText, FirstValue(trailers, GrpcProtocol.MessageHeader));
            if (expectMessage && status.StatusCode == StatusCode.OK)
            {
                status = new Status(StatusCode.Internal, "The server ended the call without a response message.");
            }
        }
        var metadata = new Metadata();
        MetadataHeaders.AddFromHttp(metadata, trailers);
        Finish(status, metadata.Freeze());
        // Called on the reading path only, so no read is in flight: hand the pipe's pooled buffers back.
        _pipeReader?.Complete();
    }

    // ---- ending ----

    private Status CancelledStatus() => Volatile.Read(ref _cancelReason) == CancelledByDeadline
        ? new Status(StatusCode.DeadlineExceeded, "Deadline Exceeded")
        : new Status(StatusCode.Cancelled, "Call canceled by the client.");

    private RpcException StatusException() => new(_status, _trailers ?? Metadata.Empty);

    /// <summary>Records the final status (first one wins) and releases the call's resources.</summary>
    private void Finish(Status status, Metadata trailers)
    {
        lock (_lock)
        {
            if (_finished) return;
            _status = status;
            _trailers = trailers;
            _finished = true;
        }
        Cleanup(abandonResponse: false);
    }

    /// <summary>Fails the call with a status unless it already ended; returns the exception for the final status.</summary>
    private RpcException Fail(Status status, bool abandonResponse = false)
    {
        var changed = false;
        lock (_lock)
        {
            if (!_finished)
            {
                _status = status;
                _trailers = Metadata.Empty;
                _finished = true;
                changed = true;
            }
        }
        if (changed)
        {
            if (abandonResponse) Cancel(CancelledByError);
            Cleanup(abandonResponse);
        }
        return StatusException();
    }

    private void Cancel(int reason)
    {
        if (Interlocked.CompareExchange(ref _cancelReason, reason, NotCancelled) != NotCancelled) return;
        if (reason is CancelledByUser or CancelledByDeadline or CancelledByDispose) Fail(CancelledStatus());
        try
        {
            _cts.Cancel();
        }
        catch (AggregateException)
        {
            // Callbacks registered by HttpClient can throw while tearing down; the call is over either way.
        }
        _pushContent?.Abort();
        // Disposing an unfinished response resets the HTTP/2 stream (RST_STREAM CANCEL) so the server sees the cancellation.
        Volatile.Read(ref _response)?.Dispose();
    }

    private void Cleanup(bool abandonResponse)
    {
        _deadlineTimer?.Dispose();
        _userRegistration.Dispose();
        _pushContent?.Abort();
        if (abandonResponse || Volatile.Read(ref _cancelReason) != NotCancelled)
        {
            Volatile.Read(ref _response)?.Dispose();
        }
        else if (_finished)
        {
            // The body was read to its end (or there was none): release the stream.
            Volatile.Read(ref _response)?.Dispose();
        }
    }

    private Status ResolveException(Exception ex, bool starting)
    {
        if (Volatile.Read(ref _cancelReason) is CancelledByUser or CancelledByDeadline or CancelledByDispose) return CancelledStatus();
        if (_finished) return _status;
        if (ex is OperationCanceledException) return new Status(StatusCode.Cancelled, "Call canceled.", ex);
        for (var inner = ex; inner is not null; inner = inner.InnerException)
        {
            if (inner is HttpProtocolException protocol)
            {
                return protocol.ErrorCode switch
                {
                    0x7 => new Status(StatusCode.Unavailable, "The server refused the stream.", ex),
                    0x8 => new Status(StatusCode.Cancelled, "The server cancelled the stream.", ex),
                    0xb => new Status(StatusCode.ResourceExhausted, "The server asked to slow down (ENHANCE_YOUR_CALM).", ex),
                    0xc => new Status(StatusCode.PermissionDenied, "Inadequate security.", ex),
                    _ => new Status(StatusCode.Internal, $"HTTP/2 error {protocol.ErrorCode}: {protocol.Message}", ex),
                };
            }
        }
        if (ex is HttpRequestException or IOException)
        {
            return new Status(StatusCode.Unavailable, (starting ? "Error starting gRPC call. " : "Error reading the response. ") + ex.GetType().Name + ": " + ex.Message, ex);
        }
        return new Status(StatusCode.Internal, "Error in the gRPC call. " + ex.GetType().Name + ": " + ex.Message, ex);
    }

    // ---- ICallState ----

    public Task<Metadata> ResponseHeadersAsync => _headersTask ??= GetResponseHeadersAsync();

    private async Task<Metadata> GetResponseHeadersAsync()
    {
        try
        {
            await _startTask!.ConfigureAwait(false);
        }
        catch (RpcException) when (Volatile.Read(ref _response) is not null && (int)_response!.StatusCode == 200)
        {
            // The headers arrived even though the call failed afterwards.
        }
        return ResponseHeaders();
    }

    public Status GetStatus()
    {
        if (!_finished) throw new InvalidOperationException("Unable to get the status because the call is not complete.");
        return _status;
    }

    public Metadata GetTrailers()
    {
        if (!_finished) throw new InvalidOperationException("Can't get the call trailers because the call has not completed successfully.");
        return _trailers ?? Metadata.Empty;
    }

    public void Dispose()
    {
        if (!_finished) Cancel(CancelledByDispose);
        Cleanup(abandonResponse: false);
    }

    // ---- streams ----

    private sealed class ResponseStreamReader(GrpcCall<TRequest, TResponse> call) : IAsyncStreamReader<TResponse>
    {
        public TResponse Current => call._reader is { } reader ? reader.Current : throw new InvalidOperationException("No message has been read.");

        public Task<bool> MoveNext(CancellationToken cancellationToken) => call.MoveNextAsync(cancellationToken);
    }

    private sealed class RequestStreamWriter(GrpcCall<TRequest, TResponse> call) : IClientStreamWriter<TRequest>
    {
        private PooledBufferWriter? _buffer;
        private MessageWriter? _writer;
        private int _writing;
        private bool _completed;

        public WriteOptions? WriteOptions { get; set; } = call._options.WriteOptions;

        public Task WriteAsync(TRequest message) => WriteAsync(message, CancellationToken.None);

        public async Task WriteAsync(TRequest message, CancellationToken cancellationToken)
        {
            ArgumentNullException.ThrowIfNull(message);
            if (_completed) throw new InvalidOperationException("Can't write the message because the request stream is complete.");
            if (call._finished) throw call.StatusException();
            if (Interlocked.Exchange(ref _writing, 1) == 1) throw new InvalidOperationException("Can't write the message because the previous write is in progress.");
            CancellationTokenRegistration registration = default;
            if (cancellationToken.CanBeCanceled)
            {
                registration = cancellationToken.UnsafeRegister(static s => ((GrpcCall<TRequest, TResponse>)s!).Cancel(CancelledByUser), call);
            }
            try
            {
                _buffer ??= new PooledBufferWriter();
                _writer ??= new MessageWriter(call._channel.Options.MaxSendMessageSize, call._channel.Options.RequestCompressionLevel);
                _buffer.Reset();
                _writer.Write(_buffer, message, call._method.RequestMarshaller, call.ShouldCompress(WriteOptions));
                var stream = await call._pushContent!.StreamTask.WaitAsync(call.CallToken).ConfigureAwait(false);
                await stream.WriteAsync(_buffer.WrittenMemory, call.CallToken).ConfigureAwait(false);
                await stream.FlushAsync(call.CallToken).ConfigureAwait(false);
            }
            catch (RpcException ex)
            {
                throw call._finished ? call.StatusException() : call.Fail(ex.Status, abandonResponse: true);
            }
            catch (Exception ex) when (ex is not InvalidOperationException)
            {
                // The call ended (the server answered, or it was cancelled) while this message was on its way.
                throw call._finished ? call.StatusException() : call.Fail(call.ResolveException(ex, starting: false), abandonResponse: true);
            }
            finally
            {
                registration.Dispose();
                _writing = 0;
            }
        }

        public Task CompleteAsync()
        {
            if (_completed) return Task.CompletedTask;
            if (_writing == 1) throw new InvalidOperationException("Can't complete the request stream while a write is in progress.");
            _completed = true;
            call._pushContent?.Complete();
            _writer?.Dispose();
            _buffer?.Dispose();
            return Task.CompletedTask;
        }
    }
}
