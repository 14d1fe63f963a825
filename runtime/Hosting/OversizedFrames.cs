using System.Buffers;
using System.Buffers.Binary;
using System.IO.Pipelines;
using Grpc.Core;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Http.Features;

namespace MigrateWcf.Runtime;

/// <summary>
/// A gRPC frame whose length prefix is above 2 GiB answers RESOURCE_EXHAUSTED. grpc-dotnet rejects such a prefix while
/// reading the frame header (an IOException, answered UNKNOWN with the exception logged), before any marshaller or
/// interceptor could; so the request body of every gRPC call is read through <see cref="FrameLengthCheck"/>, which
/// looks at each 5-byte header as it arrives. Prefixes up to 2 GiB are left to grpc-dotnet, which answers
/// RESOURCE_EXHAUSTED itself above the receive limit.
/// </summary>
internal sealed class OversizedFrames(MalformedRequestLog log) : IStartupFilter
{
    public Action<IApplicationBuilder> Configure(Action<IApplicationBuilder> next) => app =>
    {
        app.Use((context, nextMiddleware) =>
        {
            if (IsGrpcFramed(context.Request.ContentType) && context.Features.Get<IRequestBodyPipeFeature>() is { } body)
            {
                context.Features.Set<IRequestBodyPipeFeature>(new CheckedBody(body, context.Request.Path.Value ?? string.Empty, log));
            }

            return nextMiddleware(context);
        });
        next(app);
    };

    /// <summary>gRPC and binary gRPC-Web bodies; gRPC-Web text is base64 until grpc-dotnet's middleware decodes it.</summary>
    private static bool IsGrpcFramed(string? contentType)
        => contentType is not null
            && contentType.StartsWith("application/grpc", StringComparison.OrdinalIgnoreCase)
            && !contentType.StartsWith("application/grpc-web-text", StringComparison.OrdinalIgnoreCase);

    /// <summary>The body reader, checked. Asked for when read, not when this middleware runs: a later middleware that
    /// replaces <c>Request.Body</c> (a tap, a logger) changes the reader the server's feature gives, and that one is read.</summary>
    private sealed class CheckedBody(IRequestBodyPipeFeature inner, string method, MalformedRequestLog log) : IRequestBodyPipeFeature
    {
        private PipeReader? _innerReader;
        private FrameLengthCheck? _checked;

        public PipeReader Reader
        {
            get
            {
                var reader = inner.Reader;
                if (_checked is null || !ReferenceEquals(reader, _innerReader))
                {
                    _innerReader = reader;
                    _checked = new FrameLengthCheck(reader, method, log);
                }

                return _checked;
            }
        }
    }
}

/// <summary>
/// Reads a gRPC request body unchanged while checking the length prefix of each frame it passes: the position of the
/// next frame header is tracked across reads, so every header is checked once, whatever the reads' sizes.
/// </summary>
internal sealed class FrameLengthCheck(PipeReader inner, string method, MalformedRequestLog log) : PipeReader
{
    private const int HeaderLength = 5;

    /// <summary>Body offset of the first byte of the last buffer returned.</summary>
    private long _bufferStart;

    /// <summary>Body offset of the next frame header not yet checked.</summary>
    private long _nextHeader;

    private ReadOnlySequence<byte> _buffer;

    public override ValueTask<ReadResult> ReadAsync(CancellationToken cancellationToken = default)
    {
        var read = inner.ReadAsync(cancellationToken);
        if (read.IsCompletedSuccessfully)
        {
            var result = read.Result;
            Check(result.Buffer);
            return new ValueTask<ReadResult>(result);
        }

        return Awaited(read);
    }

    private async ValueTask<ReadResult> Awaited(ValueTask<ReadResult> read)
    {
        var result = await read.ConfigureAwait(false);
        Check(result.Buffer);
        return result;
    }

    public override bool TryRead(out ReadResult result)
    {
        if (!inner.TryRead(out result))
        {
            return false;
        }

        Check(result.Buffer);
        return true;
    }

    public override void AdvanceTo(SequencePosition consumed)
    {
        _bufferStart += _buffer.Slice(_buffer.Start, consumed).Length;
        _buffer = default;
        inner.AdvanceTo(consumed);
    }

    public override void AdvanceTo(SequencePosition consumed, SequencePosition examined)
    {
        _bufferStart += _buffer.Slice(_buffer.Start, consumed).Length;
        _buffer = default;
        inner.AdvanceTo(consumed, examined);
    }

    public override void CancelPendingRead() => inner.CancelPendingRead();

    public override void Complete(Exception? exception = null) => inner.Complete(exception);

    public override ValueTask CompleteAsync(Exception? exception = null) => inner.CompleteAsync(exception);

    private void Check(ReadOnlySequence<byte> buffer)
    {
        _buffer = buffer;
        Span<byte> header = stackalloc byte[HeaderLength];
        while (_nextHeader - _bufferStart + HeaderLength <= buffer.Length)
        {
            buffer.Slice(_nextHeader - _bufferStart, HeaderLength).CopyTo(header);
            var length = BinaryPrimitives.ReadUInt32BigEndian(header[1..]);
            if (length > int.MaxValue)
            {
                const string Reason = "The request message is larger than 2 GiB.";
                log.Refused(method, Reason);
                // The read is given back so the body can still be completed when the call ends.
                inner.AdvanceTo(buffer.Start, buffer.End);
                _buffer = default;
                throw new RpcException(new Status(StatusCode.ResourceExhausted, Reason));
            }

            _nextHeader += HeaderLength + length;
        }
    }
}
