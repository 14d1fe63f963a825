using System.Buffers.Binary;
using System.Net;
using System.Net.Http.Headers;

namespace MigrateWcf.Runtime.Tests;

/// <summary>Hand-made HTTP/2 requests to a test server, for what our own client never sends (bad frames, odd headers, HTTP/1.1).</summary>
internal static class RawHttp
{
    public static HttpMessageInvoker CreateInvoker(GrpcEndpoint endpoint) => new(GrpcChannel.CreateHandler(endpoint), disposeHandler: true);

    public static HttpRequestMessage Request(string path, HttpContent content, Version? version = null)
    {
        var request = new HttpRequestMessage(HttpMethod.Post, "http://localhost" + path)
        {
            Version = version ?? HttpVersion.Version20,
            VersionPolicy = HttpVersionPolicy.RequestVersionExact,
            Content = content,
        };
        request.Headers.TryAddWithoutValidation("te", "trailers");
        return request;
    }

    public static byte[] Frame(byte[] payload, bool compressedFlag = false, int? declaredLength = null)
    {
        var frame = new byte[5 + payload.Length];
        frame[0] = compressedFlag ? (byte)1 : (byte)0;
        BinaryPrimitives.WriteUInt32BigEndian(frame.AsSpan(1), (uint)(declaredLength ?? payload.Length));
        payload.CopyTo(frame, 5);
        return frame;
    }

    /// <summary>Reads the whole response: body bytes, then headers and trailers.</summary>
    public static async Task<RawResponse> SendAsync(HttpMessageInvoker invoker, HttpRequestMessage request, CancellationToken cancellationToken = default)
    {
        using var response = await invoker.SendAsync(request, cancellationToken);
        var body = await response.Content.ReadAsByteArrayAsync(cancellationToken);
        return new RawResponse((int)response.StatusCode, Flatten(response.Headers), Flatten(response.TrailingHeaders), response.Content.Headers.ContentType?.MediaType, body);
    }

    private static Dictionary<string, string> Flatten(HttpHeaders headers) =>
        headers.NonValidated.ToDictionary(h => h.Key.ToLowerInvariant(), h => string.Join(",", h.Value));

    /// <summary>The status wherever it is: in trailers, or in headers for a trailers-only response.</summary>
    public static string? GrpcStatus(this RawResponse response) =>
        response.Trailers.GetValueOrDefault("grpc-status") ?? response.Headers.GetValueOrDefault("grpc-status");

    public static string? GrpcMessage(this RawResponse response) =>
        response.Trailers.GetValueOrDefault("grpc-message") ?? response.Headers.GetValueOrDefault("grpc-message");
}

internal sealed record RawResponse(int StatusCode, Dictionary<string, string> Headers, Dictionary<string, string> Trailers, string? ContentType, byte[] Body);

/// <summary>A request body written in the given chunks, each flushed separately, optionally left open until released.</summary>
internal sealed class ChunkedContent : HttpContent
{
    private readonly IReadOnlyList<byte[]> _chunks;
    private readonly Task? _holdOpenUntil;

    public ChunkedContent(IReadOnlyList<byte[]> chunks, Task? holdOpenUntil = null, string contentType = "application/grpc")
    {
        _chunks = chunks;
        _holdOpenUntil = holdOpenUntil;
        Headers.TryAddWithoutValidation("Content-Type", contentType);
    }

    protected override async Task SerializeToStreamAsync(Stream stream, TransportContext? context)
    {
        foreach (var chunk in _chunks)
        {
            await stream.WriteAsync(chunk);
            await stream.FlushAsync();
        }
        if (_holdOpenUntil is not null) await _holdOpenUntil;
    }

    protected override bool TryComputeLength(out long length)
    {
        length = -1;
        return false;
    }
}
