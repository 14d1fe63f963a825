using Google.Protobuf;
using Google.Protobuf.WellKnownTypes;
using Grpc.Core;
using Echo = MigrateWcf.Runtime.Benchmarks.Protos.Echo;

namespace MigrateWcf.Runtime.Benchmarks;

/// <summary>A blocking unary echo (what a synchronous WCF proxy call becomes) through <paramref name="invoker"/>: the
/// channel's own, <see cref="ClientSession"/>'s interceptor, or the invoker subclass it replaced. Each caller has its
/// own thread, as a blocking WCF caller does.</summary>
internal sealed class BlockingUnaryCaller(CallInvoker invoker) : ICaller
{
    private static readonly BytesValue Request = new() { Value = ByteString.CopyFrom([1]) };
    private readonly Echo.EchoClient _client = new(invoker);

    public bool IsBlocking => true;

    public ValueTask<bool> CallAsync() => ValueTask.FromResult(_client.Unary(Request).Value.Length == 1);

    public ValueTask DisposeAsync() => ValueTask.CompletedTask;
}

/// <summary>
/// The <see cref="CallInvoker"/> subclass <see cref="ClientSession"/> used before its interceptor, kept verbatim (but
/// for reading the session's fields through constructor parameters) as the baseline the interceptor is measured
/// against: session header, default deadline, faults turned into WCF exceptions.
/// </summary>
internal sealed class SessionCallInvoker(string sessionId, FaultDetailRegistry faults, ClientProxyOptions proxyOptions, CallInvoker invoker)
    : CallInvoker
{
    private static readonly TimeSpan WcfInfinite = TimeSpan.FromMilliseconds(int.MaxValue);
    private readonly Metadata.Entry _header = new(ServiceSession.HeaderName, sessionId);

    private bool HasSendTimeout => proxyOptions.SendTimeout != Timeout.InfiniteTimeSpan && proxyOptions.SendTimeout < WcfInfinite;

    public override TResponse BlockingUnaryCall<TRequest, TResponse>(Method<TRequest, TResponse> method, string? host, CallOptions options, TRequest request)
    {
        try
        {
            return invoker.BlockingUnaryCall(method, host, With(options, deadline: true), request);
        }
        catch (RpcException e)
        {
            throw faults.ToException(e);
        }
    }

    public override AsyncUnaryCall<TResponse> AsyncUnaryCall<TRequest, TResponse>(Method<TRequest, TResponse> method, string? host, CallOptions options, TRequest request)
    {
        var call = invoker.AsyncUnaryCall(method, host, With(options, deadline: true), request);
        return new(Translate(call.ResponseAsync), static call => ((AsyncUnaryCall<TResponse>)call).ResponseHeadersAsync,
            static call => ((AsyncUnaryCall<TResponse>)call).GetStatus(), static call => ((AsyncUnaryCall<TResponse>)call).GetTrailers(),
            static call => ((AsyncUnaryCall<TResponse>)call).Dispose(), call);
    }

    public override AsyncClientStreamingCall<TRequest, TResponse> AsyncClientStreamingCall<TRequest, TResponse>(Method<TRequest, TResponse> method, string? host, CallOptions options)
    {
        var call = invoker.AsyncClientStreamingCall(method, host, With(options, deadline: true));
        return new(call.RequestStream, Translate(call.ResponseAsync), static call => ((AsyncClientStreamingCall<TRequest, TResponse>)call).ResponseHeadersAsync,
            static call => ((AsyncClientStreamingCall<TRequest, TResponse>)call).GetStatus(), static call => ((AsyncClientStreamingCall<TRequest, TResponse>)call).GetTrailers(),
            static call => ((AsyncClientStreamingCall<TRequest, TResponse>)call).Dispose(), call);
    }

    public override AsyncServerStreamingCall<TResponse> AsyncServerStreamingCall<TRequest, TResponse>(Method<TRequest, TResponse> method, string? host, CallOptions options, TRequest request)
        => invoker.AsyncServerStreamingCall(method, host, With(options, deadline: false), request);

    public override AsyncDuplexStreamingCall<TRequest, TResponse> AsyncDuplexStreamingCall<TRequest, TResponse>(Method<TRequest, TResponse> method, string? host, CallOptions options)
        => invoker.AsyncDuplexStreamingCall(method, host, With(options, deadline: false));

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

    private CallOptions With(CallOptions callOptions, bool deadline)
    {
        var headers = new Metadata { _header };
        if (callOptions.Headers is { } more)
        {
            foreach (var entry in more)
            {
                headers.Add(entry);
            }
        }

        callOptions = callOptions.WithHeaders(headers);
        return deadline && callOptions.Deadline is null && HasSendTimeout
            ? callOptions.WithDeadline(DateTime.UtcNow + proxyOptions.SendTimeout) : callOptions;
    }
}
