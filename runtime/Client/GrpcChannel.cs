using System.Collections.Concurrent;
using System.IO.Pipes;
using System.Net.Sockets;

namespace MigrateWcf.Runtime;

/// <summary>A connection (pool) to one server over HTTP/2: <see cref="HttpMessageInvoker"/> on a <see cref="SocketsHttpHandler"/>.</summary>
public sealed class GrpcChannel : IDisposable
{
    private readonly HttpMessageInvoker _invoker;
    private readonly ConcurrentDictionary<string, Uri> _methodUris = new(StringComparer.Ordinal);
    private volatile bool _disposed;

    private GrpcChannel(Uri address, HttpMessageHandler handler, bool disposeHandler, GrpcChannelOptions options, GrpcEndpoint? endpoint)
    {
        Address = address;
        Endpoint = endpoint;
        Options = options;
        _invoker = new HttpMessageInvoker(handler, disposeHandler);
    }

    public Uri Address { get; }
    public GrpcEndpoint? Endpoint { get; }
    internal GrpcChannelOptions Options { get; }
    internal HttpMessageInvoker Invoker => _invoker;
    internal bool IsDisposed => _disposed;

    /// <summary>A channel to an <c>http://</c> address (HTTP/2 with prior knowledge), or to <c>unix:</c>/<c>pipe:</c> endpoint text.</summary>
    public static GrpcChannel ForAddress(string address, GrpcChannelOptions? options = null)
    {
        ArgumentException.ThrowIfNullOrEmpty(address);
        if (address.StartsWith("unix:", StringComparison.OrdinalIgnoreCase) || address.StartsWith("pipe:", StringComparison.OrdinalIgnoreCase))
        {
            return ForEndpoint(GrpcEndpoint.Parse(address), options);
        }
        return ForAddress(new Uri(address), options);
    }

    public static GrpcChannel ForAddress(Uri address, GrpcChannelOptions? options = null)
    {
        ArgumentNullException.ThrowIfNull(address);
        options ??= new GrpcChannelOptions();
        if (options.HttpHandler is { } handler) return new GrpcChannel(address, handler, options.DisposeHttpHandler, options, null);
        return new GrpcChannel(address, CreateHandler(null), true, options, null);
    }

    /// <summary>A channel to the endpoint a server listens on (same description as the server's).</summary>
    public static GrpcChannel ForEndpoint(GrpcEndpoint endpoint, GrpcChannelOptions? options = null)
    {
        ArgumentNullException.ThrowIfNull(endpoint);
        options ??= new GrpcChannelOptions();
        var address = endpoint.Kind == GrpcEndpointKind.Tcp ? new Uri(endpoint.ToString()) : new Uri("http://localhost");
        if (options.HttpHandler is { } handler) return new GrpcChannel(address, handler, options.DisposeHttpHandler, options, endpoint);
        return new GrpcChannel(address, CreateHandler(endpoint), true, options, endpoint);
    }

    /// <summary>The handler a channel uses by default: HTTP/2 with several connections when streams run out, no proxy, no cookies, and a connect callback for socket and pipe endpoints.</summary>
    public static SocketsHttpHandler CreateHandler(GrpcEndpoint? endpoint)
    {
        var handler = new SocketsHttpHandler
        {
            // Kestrel allows 100 concurrent streams per connection; beyond that, open more connections instead of queueing.
            EnableMultipleHttp2Connections = true,
            UseProxy = false,
            UseCookies = false,
            AllowAutoRedirect = false,
            AutomaticDecompression = System.Net.DecompressionMethods.None,
            PooledConnectionIdleTimeout = Timeout.InfiniteTimeSpan,
            KeepAlivePingPolicy = HttpKeepAlivePingPolicy.WithActiveRequests,
        };
        var socketPath = endpoint?.GetUnixSocketPath();
        if (socketPath is not null)
        {
            handler.ConnectCallback = async (_, cancellationToken) =>
            {
                var socket = new Socket(AddressFamily.Unix, SocketType.Stream, ProtocolType.Unspecified);
                try
                {
                    await socket.ConnectAsync(new UnixDomainSocketEndPoint(socketPath), cancellationToken).ConfigureAwait(false);
                    return new NetworkStream(socket, ownsSocket: true);
                }
                catch
                {
                    socket.Dispose();
                    throw;
                }
            };
        }
        else if (endpoint is { Kind: GrpcEndpointKind.NamedPipe })
        {
            var pipeName = endpoint.PipeName!;
            handler.ConnectCallback = async (_, cancellationToken) =>
            {
                var pipe = new NamedPipeClientStream(".", pipeName, PipeDirection.InOut, PipeOptions.Asynchronous | PipeOptions.CurrentUserOnly);
                try
                {
                    await pipe.ConnectAsync(cancellationToken).ConfigureAwait(false);
                    return pipe;
                }
                catch
                {
                    await pipe.DisposeAsync().ConfigureAwait(false);
                    throw;
                }
            };
        }
        return handler;
    }

    public CallInvoker CreateCallInvoker() => new ChannelCallInvoker(this);

    internal Uri GetMethodUri(IMethod method)
    {
        if (_methodUris.TryGetValue(method.FullName, out var uri)) return uri;
        return _methodUris.GetOrAdd(method.FullName, static (path, self) => new Uri(self.Address, path), this);
    }

    public void Dispose()
    {
        if (_disposed) return;
        _disposed = true;
        _invoker.Dispose();
    }
}
