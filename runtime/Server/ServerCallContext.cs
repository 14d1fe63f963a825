using Microsoft.AspNetCore.Http;

namespace MigrateWcf.Runtime;

/// <summary>What a service handler knows about its call, and where it sets response headers, trailers and status.</summary>
public abstract class ServerCallContext
{
    /// <summary>The full method name, <c>/package.Service/Method</c>.</summary>
    public abstract string Method { get; }
    public abstract string Host { get; }
    /// <summary>The client's address, e.g. <c>ipv4:127.0.0.1:5000</c> or <c>unix:</c>.</summary>
    public abstract string Peer { get; }
    /// <summary>The UTC deadline from <c>grpc-timeout</c>; <see cref="DateTime.MaxValue"/> when the client set none.</summary>
    public abstract DateTime Deadline { get; }
    public abstract Metadata RequestHeaders { get; }
    /// <summary>Fires when the deadline passes, the client resets the stream or the server shuts down.</summary>
    public abstract CancellationToken CancellationToken { get; }
    /// <summary>Trailers sent with the status at the end of the call.</summary>
    public abstract Metadata ResponseTrailers { get; }
    /// <summary>The status to send when the handler returns normally (OK unless set).</summary>
    public abstract Status Status { get; set; }
    /// <summary>Options for the next response messages (e.g. <see cref="WriteFlags.NoCompress"/>).</summary>
    public abstract WriteOptions? WriteOptions { get; set; }
    /// <summary>The response message encoding (e.g. "gzip"), settable until the first response message or headers are sent. Null: uncompressed.</summary>
    public abstract string? ResponseCompressionAlgorithm { get; set; }
    /// <summary>State a handler or interceptor wants to keep for the call.</summary>
    public abstract IDictionary<object, object> UserState { get; }

    /// <summary>Sends the response headers now; they can be sent once, before the first message.</summary>
    public abstract Task WriteResponseHeadersAsync(Metadata responseHeaders);

    /// <summary>The ASP.NET Core context of the call.</summary>
    public abstract HttpContext GetHttpContext();
}

public static class ServerCallContextExtensions
{
    /// <summary>Whether the request message read last had the compressed flag set (e.g. the interop tests' <c>expect_compressed</c>).</summary>
    public static bool IsLastRequestMessageCompressed(this ServerCallContext context) =>
        context is Internal.HttpContextServerCallContext http && http.LastRequestMessageCompressed;

    /// <summary>The request's <c>grpc-encoding</c> (null when identity or absent).</summary>
    public static string? GetRequestEncoding(this ServerCallContext context) =>
        context is Internal.HttpContextServerCallContext http ? http.RequestEncoding : null;
}
