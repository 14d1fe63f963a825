using System.Net.Sockets;

namespace MigrateWcf.Runtime.Benchmarks;

/// <summary>The floor: one byte out and one byte back over a connected Unix socket, no framing, no HTTP/2; blocking
/// calls on a thread of its own, as the server's side is.</summary>
internal sealed class RawEchoCaller : ICaller
{
    private readonly Socket _socket;
    private readonly byte[] _out = [7];
    private readonly byte[] _in = new byte[1];

    private RawEchoCaller(Socket socket) => _socket = socket;

    public bool IsBlocking => true;

    public static ValueTask<ICaller> Connect(string path)
    {
        var socket = new Socket(AddressFamily.Unix, SocketType.Stream, ProtocolType.Unspecified);
        socket.Connect(new UnixDomainSocketEndPoint(path));
        return ValueTask.FromResult<ICaller>(new RawEchoCaller(socket));
    }

    public ValueTask<bool> CallAsync()
    {
        _socket.Send(_out);
        return ValueTask.FromResult(_socket.Receive(_in) == 1 && _in[0] == 7);
    }

    public ValueTask DisposeAsync()
    {
        _socket.Dispose();
        return ValueTask.CompletedTask;
    }
}

/// <summary>The floor's server side.</summary>
internal static class RawEchoServer
{
    /// <summary>Accepts on <paramref name="listener"/> on a background thread of its own.</summary>
    public static void Start(Socket listener) => new Thread(() => Accept(listener)) { IsBackground = true }.Start();

    /// <summary>The floor's server: blocking sockets, one thread per connection (the fastest echo; async I/O adds
    /// thread hops).</summary>
    private static void Accept(Socket listener)
    {
        while (true)
        {
            var connection = listener.Accept();
            new Thread(() => Echo(connection)) { IsBackground = true }.Start();
        }
    }

    private static void Echo(Socket connection)
    {
        using (connection)
        {
            var buffer = new byte[1];
            try
            {
                while (connection.Receive(buffer) == 1)
                {
                    connection.Send(buffer);
                }
            }
            catch (SocketException)
            {
                // The driver closed the connection.
            }
        }
    }
}
