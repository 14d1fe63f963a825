using System.Diagnostics;
using System.Net.Sockets;
using System.Runtime.Versioning;
using Grpc.Core;
using Grpc.Core.Interceptors;

namespace MigrateWcf.Runtime;

/// <summary>
/// A client channel's end of the bulk lane: opens the session on the first call whose request or response type can hold
/// a bytes value (when the host serves a lane socket, or on Windows a lane pipe, and it belongs to this user), reopens it after it breaks at most
/// every few seconds, and closes it with the channel. Calls of other types never name it.
/// </summary>
[SupportedOSPlatform("linux")]
[SupportedOSPlatform("windows")]
internal sealed class BulkLaneClient(string lanePath, int thresholdBytes, int? maxReceiveMessageBytes) : Interceptor, IDisposable
{
    private static readonly TimeSpan RetryInterval = TimeSpan.FromSeconds(5);
    private static readonly TimeSpan HelloTimeout = TimeSpan.FromSeconds(5);

    // A request's segment is freed when the host has read it or its call ends; the lease only bounds one whose call
    // never ends.
    private static readonly TimeSpan LeaseTimeout = TimeSpan.FromMinutes(1);

    private readonly object _gate = new();
    private LaneConnection? _connection;
    private long _nextAttempt;
    private bool _disposed;

    /// <summary>The open session, opening it if it is time to try; null when there is none (the call goes plain).</summary>
    internal LaneConnection? Connection()
    {
        var connection = Volatile.Read(ref _connection);
        if (connection is { IsOpen: true })
        {
            return connection;
        }

        lock (_gate)
        {
            if (_disposed || Stopwatch.GetTimestamp() < _nextAttempt)
            {
                return null;
            }

            if (_connection is { IsOpen: true })
            {
                return _connection;
            }

            _nextAttempt = Stopwatch.GetTimestamp() + (long)(RetryInterval.TotalSeconds * Stopwatch.Frequency);
            _connection = Open();
            return _connection;
        }
    }

    private LaneConnection? Open()
    {
        LaneTransport? transport = null;
        if (OperatingSystem.IsWindows())
        {
            transport = LaneTransport.ConnectPipe(lanePath);
        }
        else if (OperatingSystem.IsLinux() && File.Exists(lanePath) && OwnerSockets.Connect(lanePath) is { } socket)
        {
            // Only a server run by this user gets our memory (on Windows the pipe's owner is checked as it opens).
            transport = LaneTransport.Of(socket, "unix:" + lanePath);
        }

        if (transport is null)
        {
            return null;
        }

        try
        {
            var token = LaneConnection.ReceiveHello(transport, HelloTimeout);
            var connection = new LaneConnection(transport, token, host: false, LeaseTimeout);
            connection.Start();
            return connection;
        }
        catch (Exception e) when (e is IOException or SocketException or ObjectDisposedException)
        {
            transport.Dispose();
            return null;
        }
    }

    public override TResponse BlockingUnaryCall<TRequest, TResponse>(TRequest request, ClientInterceptorContext<TRequest, TResponse> context,
        BlockingUnaryCallContinuation<TRequest, TResponse> continuation)
    {
        if (!CanCarryBytes<TRequest, TResponse>() || Connection() is not { } connection)
        {
            return continuation(request, context);
        }

        var (outgoing, laneContext, written) = Prepare(connection, request, context);
        try
        {
            var response = continuation(outgoing, laneContext);
            ResolveResponse(connection, response);
            return response;
        }
        finally
        {
            Free(connection, written);
        }
    }

    public override AsyncUnaryCall<TResponse> AsyncUnaryCall<TRequest, TResponse>(TRequest request, ClientInterceptorContext<TRequest, TResponse> context,
        AsyncUnaryCallContinuation<TRequest, TResponse> continuation)
    {
        if (!CanCarryBytes<TRequest, TResponse>() || Connection() is not { } connection)
        {
            return continuation(request, context);
        }

        var (outgoing, laneContext, written) = Prepare(connection, request, context);
        AsyncUnaryCall<TResponse> call;
        try
        {
            call = continuation(outgoing, laneContext);
        }
        catch
        {
            Free(connection, written);
            throw;
        }

        return new AsyncUnaryCall<TResponse>(Complete(connection, call.ResponseAsync, written), call.ResponseHeadersAsync, call.GetStatus, call.GetTrailers, call.Dispose);
    }

    /// <summary>Calls whose messages cannot hold a bytes value neither open the lane nor name it.</summary>
    private static bool CanCarryBytes<TRequest, TResponse>() => LaneMessages.CanCarryBytes<TRequest>() || LaneMessages.CanCarryBytes<TResponse>();

    private async Task<TResponse> Complete<TResponse>(LaneConnection connection, Task<TResponse> response, List<LaneReference>? written)
    {
        try
        {
            var value = await response.ConfigureAwait(false);
            ResolveResponse(connection, value);
            return value;
        }
        finally
        {
            Free(connection, written);
        }
    }

    private (TRequest Request, ClientInterceptorContext<TRequest, TResponse> Context, List<LaneReference>? Written) Prepare<TRequest, TResponse>(
        LaneConnection connection, TRequest request, ClientInterceptorContext<TRequest, TResponse> context)
        where TRequest : class
        where TResponse : class
    {
        List<LaneReference>? written = null;
        try
        {
            request = BulkLane.Offload(connection, request, thresholdBytes, ref written);
        }
        catch (Exception e) when (e is IOException or ObjectDisposedException)
        {
            // The lane broke while the request was written: it goes as plain bytes.
            Free(connection, written);
            return (request, context, null);
        }

        var headers = new Metadata();
        if (context.Options.Headers is { } existing)
        {
            foreach (var entry in existing)
            {
                headers.Add(entry);
            }
        }

        headers.Add(connection.Header);
        return (request, new ClientInterceptorContext<TRequest, TResponse>(context.Method, context.Host, context.Options.WithHeaders(headers)), written);
    }

    private void ResolveResponse<TResponse>(LaneConnection connection, TResponse response)
    {
        if (response is Google.Protobuf.IMessage message && LaneMessages.CanCarryBytes(message.Descriptor))
        {
            // A reference the host sent that this end cannot read is the host's fault, not the caller's argument.
            BulkLane.Resolve(connection, message, maxReceiveMessageBytes, StatusCode.Internal);
        }
    }

    private static void Free(LaneConnection connection, List<LaneReference>? written)
    {
        foreach (var reference in written ?? [])
        {
            connection.Outbox.Free(reference.Segment, reference.Generation);
        }
    }

    public void Dispose()
    {
        LaneConnection? connection;
        lock (_gate)
        {
            _disposed = true;
            (connection, _connection) = (_connection, null);
        }

        connection?.Dispose();
    }
}
