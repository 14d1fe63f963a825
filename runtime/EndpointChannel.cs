using System.IO.Pipes;
using System.Net.Sockets;
using Grpc.Net.Client;

namespace MigrateWcf.Runtime;

/// <summary>
/// grpc-dotnet channels to a <see cref="GrpcEndpoint"/>, cheap to make (docs/benchmarks/runtime-own-vs-grpc-dotnet.md):
/// the transport reaches grpc-dotnet as an <see cref="HttpClient"/>, which keeps its load-balancing layer (resolver,
/// subchannel, a pick on every call) out, since an endpoint is one address; HTTP/2 with prior knowledge; no proxy
/// lookup, cookies, redirects, decompression or idle-connection timer. The channel owns the handler: disposing the
/// channel closes its connection.
/// </summary>
public static class EndpointChannel
{
    private static readonly Uri LocalAddress = new("http://localhost");

    /// <summary>
    /// The HTTP/2 receive window each call's response stream starts with: 1 MiB. SocketsHttpHandler's default (65,535
    /// bytes) makes a 64 KiB message plus its 5-byte frame header wait a round trip for a window update, and larger
    /// messages wait once per window; measured in docs/benchmarks/payload-transport-settings.md.
    /// </summary>
    public const int ResponseStreamWindowBytes = 1024 * 1024;

    /// <summary>A channel to <paramref name="endpoint"/>. <paramref name="configure"/> sets grpc-dotnet's channel options
    /// (message sizes, logging, service config); the transport (<see cref="GrpcChannelOptions.HttpHandler"/>,
    /// <see cref="GrpcChannelOptions.HttpClient"/>) is the factory's.</summary>
    public static GrpcChannel Create(GrpcEndpoint endpoint, Action<GrpcChannelOptions>? configure = null) =>
        Create(endpoint, CreateHandler(endpoint), configure);

    /// <summary>A channel over a handler chain of your own built on <see cref="CreateHandler"/> (e.g. a
    /// <see cref="DelegatingHandler"/> around it); the channel owns and disposes it.</summary>
    public static GrpcChannel Create(GrpcEndpoint endpoint, HttpMessageHandler handler, Action<GrpcChannelOptions>? configure = null)
    {
        ArgumentNullException.ThrowIfNull(endpoint);
        ArgumentNullException.ThrowIfNull(handler);
        var options = new GrpcChannelOptions();
        configure?.Invoke(options);
        if (options.HttpHandler is not null || options.HttpClient is not null)
        {
            handler.Dispose();
            throw new ArgumentException("The channel's transport comes from the endpoint; set neither HttpHandler nor HttpClient.", nameof(configure));
        }

        options.HttpClient = new HttpClient(handler, disposeHandler: true)
        {
            // grpc-dotnet enforces deadlines itself.
            Timeout = Timeout.InfiniteTimeSpan,
            DefaultRequestVersion = System.Net.HttpVersion.Version20,
            DefaultVersionPolicy = HttpVersionPolicy.RequestVersionExact,
        };
        options.DisposeHttpClient = true;
        var address = endpoint.Kind == GrpcEndpointKind.Tcp ? new Uri(endpoint.ToString()) : LocalAddress;
        return GrpcChannel.ForAddress(address, options);
    }

    /// <summary>The HTTP/2 handler a channel to <paramref name="endpoint"/> uses: a connect callback to the socket or
    /// pipe (no DNS; TCP, <c>https://</c> included, connects as SocketsHttpHandler does), more than one connection when a connection's 100 concurrent streams are in use, a response stream
    /// window of <see cref="ResponseStreamWindowBytes"/>.</summary>
    public static SocketsHttpHandler CreateHandler(GrpcEndpoint endpoint)
    {
        ArgumentNullException.ThrowIfNull(endpoint);
        var handler = CreateTcpHandler();
        if (endpoint.UnixSocketPath is { } path)
        {
            var socketAddress = new UnixDomainSocketEndPoint(path);
            handler.ConnectCallback = (_, cancellationToken) => ConnectAsync(
                new Socket(AddressFamily.Unix, SocketType.Stream, ProtocolType.Unspecified),
                socket => socket.ConnectAsync(socketAddress, cancellationToken), socket => new NetworkStream(socket, ownsSocket: true));
        }
        else if (endpoint.Kind == GrpcEndpointKind.NamedPipe)
        {
            var pipeName = endpoint.PipeName!;
            // CurrentUserOnly: connect only to a pipe server run by the same user.
            handler.ConnectCallback = (_, cancellationToken) => ConnectAsync(
                new NamedPipeClientStream(".", pipeName, PipeDirection.InOut, PipeOptions.Asynchronous | PipeOptions.CurrentUserOnly),
                pipe => new ValueTask(pipe.ConnectAsync(cancellationToken)), pipe => pipe);
        }

        return handler;
    }

    /// <summary>The HTTP/2 settings of <see cref="CreateHandler(GrpcEndpoint)"/> without a connect callback: TCP, for
    /// grpc-dotnet's load balancer, which connects itself.</summary>
    internal static SocketsHttpHandler CreateTcpHandler() => new()
    {
        UseProxy = false,
        UseCookies = false,
        AllowAutoRedirect = false,
        AutomaticDecompression = System.Net.DecompressionMethods.None,
        PooledConnectionIdleTimeout = Timeout.InfiniteTimeSpan,
        EnableMultipleHttp2Connections = true,
        InitialHttp2StreamWindowSize = ResponseStreamWindowBytes,
    };

    private static async ValueTask<Stream> ConnectAsync<T>(T transport, Func<T, ValueTask> connect, Func<T, Stream> stream)
        where T : IDisposable
    {
        try
        {
            await connect(transport).ConfigureAwait(false);
            return stream(transport);
        }
        catch
        {
            transport.Dispose();
            throw;
        }
    }
}
