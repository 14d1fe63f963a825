using Grpc.Core;
using Grpc.Core.Interceptors;

namespace MigrateWcf.Runtime;

/// <summary>
/// The client session's interceptor (<see cref="ClientSession.CallInvoker"/>): sends the session header with every
/// call and a default deadline (<see cref="ClientProxyOptions.SendTimeout"/>) with unary and client-streaming calls
/// (streams, such as the Callbacks rpc or Stream parameters, live as long as their data), and turns the failures of
/// calls with a response into the exceptions a WCF caller expects (<see cref="FaultDetailRegistry.ToException"/>).
/// </summary>
internal sealed class ClientSessionInterceptor(string sessionId, FaultDetailRegistry faults, ClientProxyOptions options)
    : Interceptor
{
    private readonly Metadata.Entry _header = new(ServiceSession.HeaderName, sessionId);

    public override TResponse BlockingUnaryCall<TRequest, TResponse>(TRequest request,
        ClientInterceptorContext<TRequest, TResponse> context, BlockingUnaryCallContinuation<TRequest, TResponse> continuation)
    {
        try
        {
            return continuation(request, With(context, deadline: true));
        }
        catch (RpcException e)
        {
            throw faults.ToException(e);
        }
    }

    public override AsyncUnaryCall<TResponse> AsyncUnaryCall<TRequest, TResponse>(TRequest request,
        ClientInterceptorContext<TRequest, TResponse> context, AsyncUnaryCallContinuation<TRequest, TResponse> continuation)
    {
        var call = continuation(request, With(context, deadline: true));
        return new(Translate(call.ResponseAsync), static state => ((AsyncUnaryCall<TResponse>)state).ResponseHeadersAsync,
            static state => ((AsyncUnaryCall<TResponse>)state).GetStatus(),
            static state => ((AsyncUnaryCall<TResponse>)state).GetTrailers(),
            static state => ((AsyncUnaryCall<TResponse>)state).Dispose(), call);
    }

    public override AsyncClientStreamingCall<TRequest, TResponse> AsyncClientStreamingCall<TRequest, TResponse>(
        ClientInterceptorContext<TRequest, TResponse> context, AsyncClientStreamingCallContinuation<TRequest, TResponse> continuation)
    {
        var call = continuation(With(context, deadline: true));
        return new(call.RequestStream, Translate(call.ResponseAsync),
            static state => ((AsyncClientStreamingCall<TRequest, TResponse>)state).ResponseHeadersAsync,
            static state => ((AsyncClientStreamingCall<TRequest, TResponse>)state).GetStatus(),
            static state => ((AsyncClientStreamingCall<TRequest, TResponse>)state).GetTrailers(),
            static state => ((AsyncClientStreamingCall<TRequest, TResponse>)state).Dispose(), call);
    }

    public override AsyncServerStreamingCall<TResponse> AsyncServerStreamingCall<TRequest, TResponse>(TRequest request,
        ClientInterceptorContext<TRequest, TResponse> context, AsyncServerStreamingCallContinuation<TRequest, TResponse> continuation)
        => continuation(request, With(context, deadline: false));

    public override AsyncDuplexStreamingCall<TRequest, TResponse> AsyncDuplexStreamingCall<TRequest, TResponse>(
        ClientInterceptorContext<TRequest, TResponse> context, AsyncDuplexStreamingCallContinuation<TRequest, TResponse> continuation)
        => continuation(With(context, deadline: false));

    private async Task<T> Translate<T>(Task<T> response)
    {
        try
        {
            return await response.ConfigureAwait(false);
        }
        catch (RpcException e)
        {
            throw faults.ToException(e);
        }
    }

    // A new Metadata per call: the caller's may be reused across calls, and an interceptor below may add to the one it
    // is given, so neither the caller's nor a shared one can carry the header.
    private ClientInterceptorContext<TRequest, TResponse> With<TRequest, TResponse>(
        ClientInterceptorContext<TRequest, TResponse> context, bool deadline)
        where TRequest : class
        where TResponse : class
    {
        var callOptions = context.Options;
        var headers = new Metadata { _header };
        if (callOptions.Headers is { Count: > 0 } more)
        {
            for (var i = 0; i < more.Count; i++)
            {
                headers.Add(more[i]);
            }
        }

        callOptions = callOptions.WithHeaders(headers);
        // Read per call, as the options are the caller's and may change after the session is made.
        if (deadline && callOptions.Deadline is null && options.HasSendTimeout)
        {
            callOptions = callOptions.WithDeadline(DateTime.UtcNow + options.SendTimeout);
        }

        return new(context.Method, context.Host, callOptions);
    }
}
