using System.IO.Compression;

namespace MigrateWcf.Runtime;

public sealed class GrpcChannelOptions
{
    /// <summary>Largest response message accepted; larger ones end the call with RESOURCE_EXHAUSTED. Default 4 MB; null: no limit.</summary>
    public int? MaxReceiveMessageSize { get; set; } = 4 * 1024 * 1024;

    /// <summary>Largest request message sent; larger ones fail the call with RESOURCE_EXHAUSTED. Default null: no limit.</summary>
    public int? MaxSendMessageSize { get; set; }

    /// <summary>A handler to send requests through. When null the channel builds a <see cref="SocketsHttpHandler"/> for its endpoint.</summary>
    public HttpMessageHandler? HttpHandler { get; set; }

    /// <summary>Dispose <see cref="HttpHandler"/> with the channel.</summary>
    public bool DisposeHttpHandler { get; set; }

    public CompressionLevel RequestCompressionLevel { get; set; } = CompressionLevel.Fastest;
}
