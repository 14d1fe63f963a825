using System.Runtime.Versioning;
using Google.Protobuf;
using Grpc.Core;
using MigrateWcf.Runtime.Protocol;

namespace MigrateWcf.Runtime;

/// <summary>
/// The client's side of a streaming call on the local call lane: the response headers, the streamed responses as they
/// arrive, the caller's credit for its streamed requests, and the frame the call ends with. Its typed reader and
/// writer behave as grpc-dotnet's: messages received before an error are read first, then the error is thrown; a
/// write after the call ended throws its status.
/// </summary>
internal sealed class LaneStreamingCall : LaneCallClient.IPendingCall
{
    private readonly LaneCallClient.Connection _connection;
    private readonly TaskCompletionSource<Metadata> _headers = new(TaskCreationOptions.RunContinuationsAsynchronously);
    private readonly TaskCompletionSource<LaneReplyFrame> _end = new(TaskCreationOptions.RunContinuationsAsynchronously);
    private readonly CancellationTokenSource _ended = new();
    private readonly LaneOutbound? _requestCredit;
    private bool _requestsCompleted;

    public LaneStreamingCall(LaneCallClient.Connection connection, ulong id, bool streamsRequests, bool streamsResponses)
    {
        (_connection, Id) = (connection, id);
        _requestCredit = streamsRequests ? new LaneOutbound() : null;
        Responses = streamsResponses
            ? new LaneInbound(read => connection.Write(new LaneCallFrame { Call = id, Kind = LaneCallFrame.Types.Kind.Credit, Credit = (uint)read }))
            : null;
    }

    public ulong Id { get; }

    /// <summary>The streamed responses, when the method streams them.</summary>
    public LaneInbound? Responses { get; }

    public Task<Metadata> Headers => _headers.Task;

    /// <summary>The frame the call ended with (its status, trailers, and the one response of a client-streaming call).</summary>
    public Task<LaneReplyFrame> Ended => _end.Task;

    public void Receive(LaneReplyFrame frame)
    {
        switch (frame.Kind)
        {
            case LaneReplyFrame.Types.Kind.Headers:
                _headers.TrySetResult(LaneHeaders.ToMetadata(frame.Headers));
                break;
            case LaneReplyFrame.Types.Kind.Message when Responses is { } responses:
                _headers.TrySetResult([]);
                responses.Add(frame.Response);
                break;
            case LaneReplyFrame.Types.Kind.Credit when _requestCredit is { } credit:
                credit.Grant(frame.Credit);
                break;
            default:
                throw new InvalidDataException($"A {frame.Kind} frame does not belong to call {frame.Call}.");
        }
    }

    public void End(LaneReplyFrame end)
    {
        _headers.TrySetResult(LaneHeaders.ToMetadata(end.Headers));
        _end.TrySetResult(end);
        Responses?.Complete();
        _ended.Cancel();
    }

    /// <summary>Cancels the call unless it ended (a disposed call, or a read cancelled by its token).</summary>
    public void Cancel() => _connection.Cancel(Id);

    public Status Status() => Status(_end.Task);

    public Metadata Trailers() => Trailers(_end.Task);

    /// <summary>A call's status once it ended, as grpc-dotnet's GetStatus.</summary>
    public static Status Status(Task<LaneReplyFrame> end) => end.IsCompleted
        ? new Status((StatusCode)end.Result.Status, end.Result.Detail)
        : throw new InvalidOperationException("Unable to get the status because the call is not complete.");

    /// <summary>A call's trailers once it ended, as grpc-dotnet's GetTrailers.</summary>
    public static Metadata Trailers(Task<LaneReplyFrame> end) => end.IsCompleted
        ? LaneHeaders.ToMetadata(end.Result.Trailers)
        : throw new InvalidOperationException("Can't get the call trailers because the call has not completed successfully.");

    /// <summary>The error a call that did not end OK throws.</summary>
    public static RpcException Error(LaneReplyFrame end) => new(new Status((StatusCode)end.Status, end.Detail), LaneHeaders.ToMetadata(end.Trailers));

    /// <summary>The next streamed response's bytes; null once the call ended OK after its last; the call's error when it
    /// ended otherwise. Cancelling <paramref name="cancellationToken"/> cancels the call, as grpc-dotnet's reader does.</summary>
    public async Task<ByteString?> ReadAsync(CancellationToken cancellationToken)
    {
        using (cancellationToken.Register(static state => ((LaneStreamingCall)state!).Cancel(), this))
        {
            if (await Responses!.ReadAsync(CancellationToken.None).ConfigureAwait(false) is { } message)
            {
                return message;
            }
        }

        var end = await _end.Task.ConfigureAwait(false);
        return end.Status == (int)StatusCode.OK ? null : throw Error(end);
    }

    /// <summary>Sends the next streamed request once the host has room for it.</summary>
    public async Task WriteAsync(byte[] message, CancellationToken cancellationToken)
    {
        ThrowIfNotWritable();
        try
        {
            using var both = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken, _ended.Token);
            await _requestCredit!.WaitAsync(message.Length, both.Token).ConfigureAwait(false);
        }
        catch (OperationCanceledException) when (_end.Task.IsCompleted)
        {
            ThrowIfNotWritable();
        }

        _connection.Write(new LaneCallFrame { Call = Id, Kind = LaneCallFrame.Types.Kind.Message, Request = UnsafeByteOperations.UnsafeWrap(message) });
    }

    /// <summary>Tells the host the caller wrote its last request.</summary>
    public Task CompleteAsync()
    {
        if (!_requestsCompleted && !_end.Task.IsCompleted)
        {
            _requestsCompleted = true;
            _connection.Write(new LaneCallFrame { Call = Id, Kind = LaneCallFrame.Types.Kind.HalfClose });
        }

        return Task.CompletedTask;
    }

    private void ThrowIfNotWritable()
    {
        if (_end.Task.IsCompleted)
        {
            throw _end.Task.Result.Status == (int)StatusCode.OK
                ? new InvalidOperationException("Can't write the message because the call is complete.")
                : Error(_end.Task.Result);
        }

        if (_requestsCompleted)
        {
            throw new InvalidOperationException("Request stream has already been completed.");
        }
    }
}
