using System.ServiceModel;
using Grpc.Core;
using Grpc.Core.Interceptors;

namespace MigrateWcf.Runtime;

public sealed class WcfClientOptions
{
    /// <summary>The deadline of a unary or client-streaming call that sets none (WCF's sendTimeout).</summary>
    public TimeSpan SendTimeout { get; set; } = TimeSpan.FromMinutes(1);

    /// <summary>The fault detail types the client shim turns back into <see cref="FaultException{TDetail}"/>.</summary>
    public FaultDetailRegistry Faults { get; set; } = new();
}

/// <summary>
/// The client end of a WCF session, one per client shim (WCF: one per proxy): its <see cref="CallInvoker"/> sends the
/// session id and the default deadline with every call and turns failed calls into the exceptions a WCF caller expects;
/// <c>OpenCallbacksAsync</c> dispatches the duplex callback stream; closing ends the session on the server.
/// </summary>
public sealed class ClientSession : IAsyncDisposable, IDisposable
{
    private readonly WcfClientOptions _options;
    private readonly CancellationTokenSource _closing = new();
    private Task _callbacks = Task.CompletedTask;
    private int _closed;

    public ClientSession(CallInvoker invoker, WcfClientOptions? options = null)
    {
        _options = options ?? new WcfClientOptions();
        CallInvoker = invoker.Intercept(new SessionInterceptor(this));
    }

    public string Id { get; } = Guid.NewGuid().ToString("N");

    /// <summary>The invoker the generated gRPC client of the shim is built on.</summary>
    public CallInvoker CallInvoker { get; }

    /// <summary>Completes when the callback stream ends (faulted when a callback handler threw).</summary>
    public Task Callbacks => _callbacks;

    /// <summary>Opens the Callbacks stream of a contract with two-way callbacks; returns once the server has bound it to
    /// this session. Callbacks are dispatched one at a time, in order (WCF's default callback ConcurrencyMode.Single);
    /// a non-null result of <paramref name="dispatch"/> is sent as the reply.</summary>
    public Task OpenCallbacksAsync<TCallback, TReply>(Func<CallOptions, AsyncDuplexStreamingCall<TReply, TCallback>> open, Func<TCallback, Task<TReply?>> dispatch)
        where TReply : class
    {
        var call = open(new CallOptions(cancellationToken: _closing.Token));
        return OpenCallbacksAsync(call.ResponseHeadersAsync, call.ResponseStream, call, async callback =>
        {
            if (await dispatch(callback) is { } reply)
            {
                await call.RequestStream.WriteAsync(reply, _closing.Token);
            }
        });
    }

    /// <summary>Opens the Callbacks stream of a contract whose callbacks are all one-way (server streaming).</summary>
    public Task OpenCallbacksAsync<TCallback>(Func<CallOptions, AsyncServerStreamingCall<TCallback>> open, Func<TCallback, Task> dispatch)
    {
        var call = open(new CallOptions(cancellationToken: _closing.Token));
        return OpenCallbacksAsync(call.ResponseHeadersAsync, call.ResponseStream, call, dispatch);
    }

    /// <summary>WCF's Close: ends the session on the server (its PerSession instances are disposed, its callback stream
    /// ends) and stops dispatching callbacks. A server that is already gone is not an error.</summary>
    public async Task CloseAsync()
    {
        if (Interlocked.Exchange(ref _closed, 1) == 1)
        {
            return;
        }

        try
        {
            await new Protocol.Session.SessionClient(CallInvoker).EndAsync(new Google.Protobuf.WellKnownTypes.Empty());
        }
        catch (Exception e) when (e is CommunicationException or TimeoutException or OperationCanceledException)
        {
        }

        // The server completes the stream when the session ends; a broken one is observable through Callbacks.
        await Task.WhenAny(_callbacks, Task.Delay(_options.SendTimeout));
        await _closing.CancelAsync();
    }

    /// <summary>WCF's Abort: stops dispatching callbacks and ends the callback stream without telling the server (the
    /// session ends there when its stream breaks or it times out).</summary>
    public void Abort()
    {
        if (Interlocked.Exchange(ref _closed, 1) == 0)
        {
            _closing.Cancel();
        }
    }

    public ValueTask DisposeAsync() => new(CloseAsync());

    // Off the caller's SynchronizationContext: a WCF client is often a UI thread, which blocking here would deadlock.
    public void Dispose() => Task.Run(CloseAsync).GetAwaiter().GetResult();

    // The server echoes the session header once it has bound the stream; a refused stream has only trailers, whose
    // status the first read throws.
    private async Task OpenCallbacksAsync<TCallback>(Task<Metadata> headers, IAsyncStreamReader<TCallback> stream, IDisposable call, Func<TCallback, Task> dispatch)
    {
        Exception failure;
        try
        {
            if ((await headers).GetValue(ServiceSession.HeaderName) == Id)
            {
                _callbacks = Task.Run(async () =>
                {
                    using (call)
                    {
                        await foreach (var callback in stream.ReadAllAsync(_closing.Token))
                        {
                            await dispatch(callback);
                        }
                    }
                });
                return;
            }

            await stream.MoveNext(CancellationToken.None);
            failure = new CommunicationException("The server ended the Callbacks stream without binding it to the session.");
        }
        catch (RpcException e)
        {
            failure = _options.Faults.ToException(e);
        }

        call.Dispose();
        throw failure;
    }

    private sealed class SessionInterceptor(ClientSession session) : Interceptor
    {
        public override TResponse BlockingUnaryCall<TRequest, TResponse>(TRequest request, ClientInterceptorContext<TRequest, TResponse> context,
            BlockingUnaryCallContinuation<TRequest, TResponse> continuation)
        {
            try
            {
                return continuation(request, With(context, deadline: true));
            }
            catch (RpcException e)
            {
                throw session._options.Faults.ToException(e);
            }
        }

        public override AsyncUnaryCall<TResponse> AsyncUnaryCall<TRequest, TResponse>(TRequest request, ClientInterceptorContext<TRequest, TResponse> context,
            AsyncUnaryCallContinuation<TRequest, TResponse> continuation)
        {
            var call = continuation(request, With(context, deadline: true));
            return new AsyncUnaryCall<TResponse>(Translate(call.ResponseAsync), call.ResponseHeadersAsync, call.GetStatus, call.GetTrailers, call.Dispose);
        }

        public override AsyncClientStreamingCall<TRequest, TResponse> AsyncClientStreamingCall<TRequest, TResponse>(ClientInterceptorContext<TRequest, TResponse> context,
            AsyncClientStreamingCallContinuation<TRequest, TResponse> continuation)
        {
            var call = continuation(With(context, deadline: true));
            return new AsyncClientStreamingCall<TRequest, TResponse>(call.RequestStream, Translate(call.ResponseAsync), call.ResponseHeadersAsync,
                call.GetStatus, call.GetTrailers, call.Dispose);
        }

        public override AsyncServerStreamingCall<TResponse> AsyncServerStreamingCall<TRequest, TResponse>(TRequest request, ClientInterceptorContext<TRequest, TResponse> context,
            AsyncServerStreamingCallContinuation<TRequest, TResponse> continuation)
            => continuation(request, With(context, deadline: false));

        public override AsyncDuplexStreamingCall<TRequest, TResponse> AsyncDuplexStreamingCall<TRequest, TResponse>(ClientInterceptorContext<TRequest, TResponse> context,
            AsyncDuplexStreamingCallContinuation<TRequest, TResponse> continuation)
            => continuation(With(context, deadline: false));

        private async Task<T> Translate<T>(Task<T> response)
        {
            try
            {
                return await response;
            }
            catch (RpcException e)
            {
                throw session._options.Faults.ToException(e);
            }
        }

        // Streams (the Callbacks rpc, Stream parameters) get no default deadline: they live as long as their data.
        private ClientInterceptorContext<TRequest, TResponse> With<TRequest, TResponse>(ClientInterceptorContext<TRequest, TResponse> context, bool deadline)
            where TRequest : class
            where TResponse : class
        {
            var headers = new Metadata { { ServiceSession.HeaderName, session.Id } };
            foreach (var entry in context.Options.Headers ?? [])
            {
                headers.Add(entry);
            }

            var options = context.Options.WithHeaders(headers);
            if (deadline && options.Deadline is null)
            {
                options = options.WithDeadline(DateTime.UtcNow + session._options.SendTimeout);
            }

            return new ClientInterceptorContext<TRequest, TResponse>(context.Method, context.Host, options);
        }
    }
}
