using System.Net.Sockets;
using Google.Protobuf;
using Google.Protobuf.WellKnownTypes;

namespace MigrateWcf.Runtime.Benchmarks;

/// <summary>The floor: one byte out and one byte back over a connected Unix socket, no framing, no HTTP/2.</summary>
internal sealed class RawEchoCaller : ICaller
{
    private readonly Socket _socket;
    private readonly byte[] _out = [7];
    private readonly byte[] _in = new byte[1];

    private RawEchoCaller(Socket socket) => _socket = socket;

    public static async ValueTask<ICaller> ConnectAsync(string path)
    {
        var socket = new Socket(AddressFamily.Unix, SocketType.Stream, ProtocolType.Unspecified);
        await socket.ConnectAsync(new UnixDomainSocketEndPoint(path));
        return new RawEchoCaller(socket);
    }

    public async ValueTask<bool> CallAsync()
    {
        await _socket.SendAsync(_out, SocketFlags.None);
        return await _socket.ReceiveAsync(_in, SocketFlags.None) == 1 && _in[0] == 7;
    }

    public ValueTask DisposeAsync()
    {
        _socket.Dispose();
        return ValueTask.CompletedTask;
    }
}

/// <summary>A unary echo on a channel that is either shared by all callers or this caller's own.</summary>
internal sealed class UnaryCaller(GrpcChannel channel, bool ownsChannel, int payloadBytes) : ICaller
{
    private readonly CallInvoker _invoker = channel.CreateCallInvoker();
    private readonly BytesValue _request = new() { Value = ByteString.CopyFrom(new byte[payloadBytes]) };

    public async ValueTask<bool> CallAsync()
    {
        var response = await _invoker.AsyncUnaryCall(EchoService.UnaryMethod, null, default, _request);
        return response.Value.Length == _request.Value.Length;
    }

    public ValueTask DisposeAsync()
    {
        if (ownsChannel)
        {
            channel.Dispose();
        }

        return ValueTask.CompletedTask;
    }
}

/// <summary>A new channel (so a new connection and HTTP/2 handshake), one 1-byte unary call, then close.</summary>
internal sealed class ConnectCallCloseCaller(GrpcEndpoint endpoint) : ICaller
{
    private static readonly BytesValue Request = new() { Value = ByteString.CopyFrom([1]) };

    public async ValueTask<bool> CallAsync()
    {
        using var channel = GrpcChannel.ForEndpoint(endpoint);
        var response = await channel.CreateCallInvoker().AsyncUnaryCall(EchoService.UnaryMethod, null, default, Request);
        return response.Value.Length == 1;
    }

    public ValueTask DisposeAsync() => ValueTask.CompletedTask;
}

/// <summary>One server-streaming call that reads <paramref name="messages"/> small messages to the end.</summary>
internal sealed class StreamCaller(GrpcChannel channel, int messages) : ICaller
{
    private readonly CallInvoker _invoker = channel.CreateCallInvoker();
    private readonly Int32Value _request = new() { Value = messages };

    public async ValueTask<bool> CallAsync()
    {
        using var call = _invoker.AsyncServerStreamingCall(EchoService.StreamMethod, null, default, _request);
        var count = 0;
        while (await call.ResponseStream.MoveNext(CancellationToken.None))
        {
            count++;
        }

        return count == messages;
    }

    public ValueTask DisposeAsync()
    {
        channel.Dispose();
        return ValueTask.CompletedTask;
    }
}
