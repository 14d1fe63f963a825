using System.Net.Sockets;

namespace MigrateWcf.Runtime.Benchmarks;

/// <summary>Two ways to make a grpc-dotnet channel to a Unix socket, for the before/after comparison.</summary>
internal static class GrpcDotnetChannels
{
    /// <summary>As grpc-dotnet's documentation shows it: a <see cref="SocketsHttpHandler"/> whose ConnectCallback
    /// opens the socket, handed to the channel as its HttpHandler (disposed with the channel).</summary>
    public static Grpc.Net.Client.GrpcChannel Documented(string socketPath)
    {
        var endpoint = new UnixDomainSocketEndPoint(socketPath);
        var handler = new SocketsHttpHandler
        {
            ConnectCallback = async (_, cancellationToken) =>
            {
                var socket = new Socket(AddressFamily.Unix, SocketType.Stream, ProtocolType.Unspecified);
                try
                {
                    await socket.ConnectAsync(endpoint, cancellationToken);
                    return new NetworkStream(socket, ownsSocket: true);
                }
                catch
                {
                    socket.Dispose();
                    throw;
                }
            },
        };
        return Grpc.Net.Client.GrpcChannel.ForAddress("http://localhost", new Grpc.Net.Client.GrpcChannelOptions { HttpHandler = handler, DisposeHttpClient = true });
    }

    private static readonly Uri LocalAddress = new("http://localhost");

    /// <summary>The channel our runtime makes: the handler reaches the channel inside an HttpClient, which keeps
    /// grpc-dotnet's load-balancing layer (resolver, subchannel, picker on every call) out, since a socket path has
    /// one address; no proxy lookup, cookies, redirects or decompression; no idle-connection timer.</summary>
    public static Grpc.Net.Client.GrpcChannel Tuned(string socketPath)
    {
        var endpoint = new UnixDomainSocketEndPoint(socketPath);
        var handler = new SocketsHttpHandler
        {
            UseProxy = false,
            UseCookies = false,
            AllowAutoRedirect = false,
            AutomaticDecompression = System.Net.DecompressionMethods.None,
            PooledConnectionIdleTimeout = Timeout.InfiniteTimeSpan,
            EnableMultipleHttp2Connections = true,
            ConnectCallback = async (_, cancellationToken) =>
            {
                var socket = new Socket(AddressFamily.Unix, SocketType.Stream, ProtocolType.Unspecified);
                try
                {
                    await socket.ConnectAsync(endpoint, cancellationToken);
                    return new NetworkStream(socket, ownsSocket: true);
                }
                catch
                {
                    socket.Dispose();
                    throw;
                }
            },
        };
        var client = new HttpClient(handler, disposeHandler: true)
        {
            Timeout = Timeout.InfiniteTimeSpan,
            DefaultRequestVersion = System.Net.HttpVersion.Version20,
            DefaultVersionPolicy = HttpVersionPolicy.RequestVersionExact,
        };
        return Grpc.Net.Client.GrpcChannel.ForAddress(LocalAddress, new Grpc.Net.Client.GrpcChannelOptions { HttpClient = client, DisposeHttpClient = true });
    }
}
