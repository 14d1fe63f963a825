using System.Net;
using System.Net.Http.Headers;

namespace MigrateWcf.Runtime.Internal;

internal static class GrpcContentHeaders
{
    // Shared, never mutated: every request carries the same content type.
    public static readonly MediaTypeHeaderValue ContentType = new(GrpcProtocol.ContentType);
}

/// <summary>The request body of a unary or server-streaming call: one framed message, then end of stream.</summary>
internal sealed class SingleMessageContent : HttpContent
{
    private readonly byte[] _frame;

    public SingleMessageContent(byte[] frame)
    {
        _frame = frame;
        Headers.ContentType = GrpcContentHeaders.ContentType;
    }

    protected override Task SerializeToStreamAsync(Stream stream, TransportContext? context) => stream.WriteAsync(_frame).AsTask();

    protected override Task SerializeToStreamAsync(Stream stream, TransportContext? context, CancellationToken cancellationToken) =>
        stream.WriteAsync(_frame, cancellationToken).AsTask();

    // No content-length: gRPC peers expect a plain stream of DATA frames.
    protected override bool TryComputeLength(out long length)
    {
        length = -1;
        return false;
    }
}

/// <summary>
/// The request body of a client- or duplex-streaming call. HttpClient calls <see cref="SerializeToStreamAsync(Stream, TransportContext?)"/>
/// once and the body stays open until the writer completes it, so messages are pushed into the HTTP/2 stream as the caller writes them.
/// </summary>
internal sealed class PushStreamContent : HttpContent
{
    private readonly TaskCompletionSource<Stream> _stream = new(TaskCreationOptions.RunContinuationsAsynchronously);
    private readonly TaskCompletionSource _complete = new(TaskCreationOptions.RunContinuationsAsynchronously);

    public PushStreamContent() => Headers.ContentType = GrpcContentHeaders.ContentType;

    public Task<Stream> StreamTask => _stream.Task;

    /// <summary>Ends the request body (END_STREAM).</summary>
    public void Complete() => _complete.TrySetResult();

    /// <summary>Abandons the body when the call is cancelled or has ended.</summary>
    public void Abort()
    {
        _stream.TrySetCanceled();
        _complete.TrySetCanceled();
    }

    protected override Task SerializeToStreamAsync(Stream stream, TransportContext? context)
    {
        _stream.TrySetResult(stream);
        return _complete.Task;
    }

    protected override bool TryComputeLength(out long length)
    {
        length = -1;
        return false;
    }
}
