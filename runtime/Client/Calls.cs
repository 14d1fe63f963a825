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

/// <summary>The call state of a call built from parts (tests, interceptors), as Grpc.Core's public constructors allow.</summary>
internal sealed class DelegateCallState(Task<Metadata> responseHeadersAsync, Func<Status> getStatus, Func<Metadata> getTrailers, Action dispose) : ICallState
{
    public Task<Metadata> ResponseHeadersAsync { get; } = responseHeadersAsync ?? throw new ArgumentNullException(nameof(responseHeadersAsync));
    public Status GetStatus() => getStatus();
    public Metadata GetTrailers() => getTrailers();
    public void Dispose() => dispose();
}

/// <summary>A unary call in flight. Dispose cancels it if it has not finished.</summary>
public sealed class AsyncUnaryCall<TResponse> : IDisposable
{
    private readonly ICallState _state;

    internal AsyncUnaryCall(Task<TResponse> responseAsync, ICallState state)
    {
        ResponseAsync = responseAsync;
        _state = state;
    }

    /// <summary>For tests and interceptors that build a call from parts, as in Grpc.Core.</summary>
    public AsyncUnaryCall(Task<TResponse> responseAsync, Task<Metadata> responseHeadersAsync, Func<Status> getStatusFunc, Func<Metadata> getTrailersFunc, Action disposeAction)
        : this(responseAsync, new DelegateCallState(responseHeadersAsync, getStatusFunc, getTrailersFunc, disposeAction))
    {
    }

    public Task<TResponse> ResponseAsync { get; }
    public Task<Metadata> ResponseHeadersAsync => _state.ResponseHeadersAsync;
    /// <summary>The status; throws while the call is running.</summary>
    public Status GetStatus() => _state.GetStatus();
    /// <summary>The trailers; throws while the call is running.</summary>
    public Metadata GetTrailers() => _state.GetTrailers();
    public TaskAwaiter<TResponse> GetAwaiter() => ResponseAsync.GetAwaiter();
    public ConfiguredTaskAwaitable<TResponse> ConfigureAwait(bool continueOnCapturedContext) => ResponseAsync.ConfigureAwait(continueOnCapturedContext);
    public void Dispose() => _state.Dispose();
}

/// <summary>A server-streaming call in flight.</summary>
public sealed class AsyncServerStreamingCall<TResponse> : IDisposable
{
    private readonly ICallState _state;

    internal AsyncServerStreamingCall(IAsyncStreamReader<TResponse> responseStream, ICallState state)
    {
        ResponseStream = responseStream;
        _state = state;
    }

    public AsyncServerStreamingCall(IAsyncStreamReader<TResponse> responseStream, Task<Metadata> responseHeadersAsync, Func<Status> getStatusFunc, Func<Metadata> getTrailersFunc, Action disposeAction)
        : this(responseStream, new DelegateCallState(responseHeadersAsync, getStatusFunc, getTrailersFunc, disposeAction))
    {
    }

    public IAsyncStreamReader<TResponse> ResponseStream { get; }
    public Task<Metadata> ResponseHeadersAsync => _state.ResponseHeadersAsync;
    public Status GetStatus() => _state.GetStatus();
    public Metadata GetTrailers() => _state.GetTrailers();
    public void Dispose() => _state.Dispose();
}

/// <summary>A client-streaming call in flight.</summary>
public sealed class AsyncClientStreamingCall<TRequest, TResponse> : IDisposable
{
    private readonly ICallState _state;

    internal AsyncClientStreamingCall(IClientStreamWriter<TRequest> requestStream, Task<TResponse> responseAsync, ICallState state)
    {
        RequestStream = requestStream;
        ResponseAsync = responseAsync;
        _state = state;
    }

    public AsyncClientStreamingCall(IClientStreamWriter<TRequest> requestStream, Task<TResponse> responseAsync, Task<Metadata> responseHeadersAsync, Func<Status> getStatusFunc, Func<Metadata> getTrailersFunc, Action disposeAction)
        : this(requestStream, responseAsync, new DelegateCallState(responseHeadersAsync, getStatusFunc, getTrailersFunc, disposeAction))
    {
    }

    public IClientStreamWriter<TRequest> RequestStream { get; }
    public Task<TResponse> ResponseAsync { get; }
    public Task<Metadata> ResponseHeadersAsync => _state.ResponseHeadersAsync;
    public Status GetStatus() => _state.GetStatus();
    public Metadata GetTrailers() => _state.GetTrailers();
    public TaskAwaiter<TResponse> GetAwaiter() => ResponseAsync.GetAwaiter();
    public void Dispose() => _state.Dispose();
}

/// <summary>A bidirectional-streaming call in flight.</summary>
public sealed class AsyncDuplexStreamingCall<TRequest, TResponse> : IDisposable
{
    private readonly ICallState _state;

    internal AsyncDuplexStreamingCall(IClientStreamWriter<TRequest> requestStream, IAsyncStreamReader<TResponse> responseStream, ICallState state)
    {
        RequestStream = requestStream;
        ResponseStream = responseStream;
        _state = state;
    }

    public AsyncDuplexStreamingCall(IClientStreamWriter<TRequest> requestStream, IAsyncStreamReader<TResponse> responseStream, Task<Metadata> responseHeadersAsync, Func<Status> getStatusFunc, Func<Metadata> getTrailersFunc, Action disposeAction)
        : this(requestStream, responseStream, new DelegateCallState(responseHeadersAsync, getStatusFunc, getTrailersFunc, disposeAction))
    {
    }

    public IClientStreamWriter<TRequest> RequestStream { get; }
    public IAsyncStreamReader<TResponse> ResponseStream { get; }
    public Task<Metadata> ResponseHeadersAsync => _state.ResponseHeadersAsync;
    public Status GetStatus() => _state.GetStatus();
    public Metadata GetTrailers() => _state.GetTrailers();
    public void Dispose() => _state.Dispose();
}
