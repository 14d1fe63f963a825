using System.ServiceModel;
using Grpc.Core;
using Grpc.Core.Interceptors;

namespace MigrateWcf.Runtime;

/// <summary>
/// The client end of a WCF session, one per client shim (WCF: one per proxy): its <see cref="CallInvoker"/> sends the
/// session id and the default deadline with every call and turns failed calls into the exceptions a WCF caller expects;
/// <c>OpenCallbacksAsync</c> dispatches the duplex callback stream; closing ends the session on the server.
/// </summary>
public sealed class ClientSession : IAsyncDisposable, IDisposable
{
    private readonly ClientProxyOptions _options;
    private readonly FaultDetailRegistry _faults;
    private readonly CancellationTokenSource _closing = new();
    private Task _callbacks = Task.CompletedTask;
    private int _closed;

    /// <param name="invoker">The channel's invoker.</param>
    /// <param name="faults">The fault detail types turned back into <see cref="FaultException{TDetail}"/>.</param>
    /// <param name="options">The default deadline (<see cref="ClientProxyOptions.SendTimeout"/>); the rest is the channel's.</param>
    public ClientSession(CallInvoker invoker, FaultDetailRegistry? faults = null, ClientProxyOptions? options = null)
    {
        _options = options ?? new ClientProxyOptions();
        _faults = faults ?? new FaultDetailRegistry();
        CallInvoker = invoker.Intercept(new ClientSessionInterceptor(Id, _faults, _options));
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
        await Task.WhenAny(_callbacks, Task.Delay(_options.HasSendTimeout ? _options.SendTimeout : Timeout.InfiniteTimeSpan));
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
            failure = _faults.ToException(e);
        }

        call.Dispose();
        throw failure;
    }
}
