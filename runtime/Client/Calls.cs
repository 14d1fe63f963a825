using System.Runtime.CompilerServices;

namespace MigrateWcf.Runtime;

/// <summary>What every client call exposes besides its messages.</summary>
internal interface ICallState
{
    Task<Metadata> ResponseHeadersAsync { get; }
    Status GetStatus();
    Metadata GetTrailers();
    void Dispose();
}

/// <summary>A unary call in flight. Dispose cancels it if it has not finished.</summary>
public sealed class AsyncUnaryCall<TResponse> : IDisposable
{
    private readonly ICallState? _state;
    private readonly Task<Metadata>? _responseHeadersAsync;
    private readonly Func<Status>? _getStatus;
    private readonly Func<Metadata>? _getTrailers;
    private readonly Action? _dispose;

    internal AsyncUnaryCall(Task<TResponse> responseAsync, ICallState state)
    {
        ResponseAsync = responseAsync;
        _state = state;
    }

    /// <summary>For tests and interceptors that build a call from parts, as in Grpc.Core.</summary>
    public AsyncUnaryCall(Task<TResponse> responseAsync, Task<Metadata> responseHeadersAsync, Func<Status> getStatusFunc, Func<Metadata> getTrailersFunc, Action disposeAction)
    {
        ResponseAsync = responseAsync;
        _responseHeadersAsync = responseHeadersAsync;
        _getStatus = getStatusFunc;
        _getTrailers = getTrailersFunc;
        _dispose = disposeAction;
    }

    public Task<TResponse> ResponseAsync { get; }
    public Task<Metadata> ResponseHeadersAsync => _state?.ResponseHeadersAsync ?? _responseHeadersAsync!;
    /// <summary>The status; throws while the call is running.</summary>
    public Status GetStatus() => _state?.GetStatus() ?? _getStatus!();
    /// <summary>The trailers; throws while the call is running.</summary>
    public Metadata GetTrailers() => _state?.GetTrailers() ?? _getTrailers!();
    public TaskAwaiter<TResponse> GetAwaiter() => ResponseAsync.GetAwaiter();
    public ConfiguredTaskAwaitable<TResponse> ConfigureAwait(bool continueOnCapturedContext) => ResponseAsync.ConfigureAwait(continueOnCapturedContext);

    public void Dispose()
    {
        if (_state is not null) _state.Dispose();
        else _dispose!();
    }
}

/// <summary>A server-streaming call in flight.</summary>
public sealed class AsyncServerStreamingCall<TResponse> : IDisposable
{
    private readonly ICallState? _state;
    private readonly Task<Metadata>? _responseHeadersAsync;
    private readonly Func<Status>? _getStatus;
    private readonly Func<Metadata>? _getTrailers;
    private readonly Action? _dispose;

    internal AsyncServerStreamingCall(IAsyncStreamReader<TResponse> responseStream, ICallState state)
    {
        ResponseStream = responseStream;
        _state = state;
    }

    public AsyncServerStreamingCall(IAsyncStreamReader<TResponse> responseStream, Task<Metadata> responseHeadersAsync, Func<Status> getStatusFunc, Func<Metadata> getTrailersFunc, Action disposeAction)
    {
        ResponseStream = responseStream;
        _responseHeadersAsync = responseHeadersAsync;
        _getStatus = getStatusFunc;
        _getTrailers = getTrailersFunc;
        _dispose = disposeAction;
    }

    public IAsyncStreamReader<TResponse> ResponseStream { get; }
    public Task<Metadata> ResponseHeadersAsync => _state?.ResponseHeadersAsync ?? _responseHeadersAsync!;
    public Status GetStatus() => _state?.GetStatus() ?? _getStatus!();
    public Metadata GetTrailers() => _state?.GetTrailers() ?? _getTrailers!();

    public void Dispose()
    {
        if (_state is not null) _state.Dispose();
        else _dispose!();
    }
}

/// <summary>A client-streaming call in flight.</summary>
public sealed class AsyncClientStreamingCall<TRequest, TResponse> : IDisposable
{
    private readonly ICallState? _state;
    private readonly Task<Metadata>? _responseHeadersAsync;
    private readonly Func<Status>? _getStatus;
    private readonly Func<Metadata>? _getTrailers;
    private readonly Action? _dispose;

    internal AsyncClientStreamingCall(IClientStreamWriter<TRequest> requestStream, Task<TResponse> responseAsync, ICallState state)
    {
        RequestStream = requestStream;
        ResponseAsync = responseAsync;
        _state = state;
    }

    public AsyncClientStreamingCall(IClientStreamWriter<TRequest> requestStream, Task<TResponse> responseAsync, Task<Metadata> responseHeadersAsync, Func<Status> getStatusFunc, Func<Metadata> getTrailersFunc, Action disposeAction)
    {
        RequestStream = requestStream;
        ResponseAsync = responseAsync;
        _responseHeadersAsync = responseHeadersAsync;
        _getStatus = getStatusFunc;
        _getTrailers = getTrailersFunc;
        _dispose = disposeAction;
    }

    public IClientStreamWriter<TRequest> RequestStream { get; }
    public Task<TResponse> ResponseAsync { get; }
    public Task<Metadata> ResponseHeadersAsync => _state?.ResponseHeadersAsync ?? _responseHeadersAsync!;
    public Status GetStatus() => _state?.GetStatus() ?? _getStatus!();
    public Metadata GetTrailers() => _state?.GetTrailers() ?? _getTrailers!();
    public TaskAwaiter<TResponse> GetAwaiter() => ResponseAsync.GetAwaiter();

    public void Dispose()
    {
        if (_state is not null) _state.Dispose();
        else _dispose!();
    }
}

/// <summary>A bidirectional-streaming call in flight.</summary>
public sealed class AsyncDuplexStreamingCall<TRequest, TResponse> : IDisposable
{
    private readonly ICallState? _state;
    private readonly Task<Metadata>? _responseHeadersAsync;
    private readonly Func<Status>? _getStatus;
    private readonly Func<Metadata>? _getTrailers;
    private readonly Action? _dispose;

    internal AsyncDuplexStreamingCall(IClientStreamWriter<TRequest> requestStream, IAsyncStreamReader<TResponse> responseStream, ICallState state)
    {
        RequestStream = requestStream;
        ResponseStream = responseStream;
        _state = state;
    }

    public AsyncDuplexStreamingCall(IClientStreamWriter<TRequest> requestStream, IAsyncStreamReader<TResponse> responseStream, Task<Metadata> responseHeadersAsync, Func<Status> getStatusFunc, Func<Metadata> getTrailersFunc, Action disposeAction)
    {
        RequestStream = requestStream;
        ResponseStream = responseStream;
        _responseHeadersAsync = responseHeadersAsync;
        _getStatus = getStatusFunc;
        _getTrailers = getTrailersFunc;
        _dispose = disposeAction;
    }

    public IClientStreamWriter<TRequest> RequestStream { get; }
    public IAsyncStreamReader<TResponse> ResponseStream { get; }
    public Task<Metadata> ResponseHeadersAsync => _state?.ResponseHeadersAsync ?? _responseHeadersAsync!;
    public Status GetStatus() => _state?.GetStatus() ?? _getStatus!();
    public Metadata GetTrailers() => _state?.GetTrailers() ?? _getTrailers!();

    public void Dispose()
    {
        if (_state is not null) _state.Dispose();
        else _dispose!();
    }
}
