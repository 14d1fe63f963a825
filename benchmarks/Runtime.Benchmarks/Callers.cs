using Google.Protobuf;
using Google.Protobuf.WellKnownTypes;
using Echo = MigrateWcf.Runtime.Benchmarks.Protos.Echo;
using Grpc.Net.Client;

namespace MigrateWcf.Runtime.Benchmarks;

/// <summary>A unary echo on a grpc-dotnet channel that is either shared by all callers or this caller's own.</summary>
internal sealed class UnaryCaller(GrpcChannel channel, bool ownsChannel, int payloadBytes) : ICaller
{
    private readonly Echo.EchoClient _client = new(channel);
    private readonly BytesValue _request = new() { Value = ByteString.CopyFrom(new byte[payloadBytes]) };

    public async ValueTask<bool> CallAsync() => (await _client.UnaryAsync(_request)).Value.Length == _request.Value.Length;

    public ValueTask DisposeAsync()
    {
        if (ownsChannel)
        {
            channel.Dispose();
        }

        return ValueTask.CompletedTask;
    }
}

/// <summary>A new grpc-dotnet channel (so a new connection and HTTP/2 handshake), one 1-byte unary call, then close.</summary>
internal sealed class ConnectCallCloseCaller(Func<GrpcChannel> createChannel) : ICaller
{
    private static readonly BytesValue Request = new() { Value = ByteString.CopyFrom([1]) };

    public async ValueTask<bool> CallAsync()
    {
        using var channel = createChannel();
        var response = await new Echo.EchoClient(channel).UnaryAsync(Request);
        return response.Value.Length == 1;
    }

    public ValueTask DisposeAsync() => ValueTask.CompletedTask;
}

/// <summary>One server-streaming call on a grpc-dotnet channel that reads <paramref name="messages"/> small messages to the end.</summary>
internal sealed class StreamCaller(GrpcChannel channel, int messages) : ICaller
{
    private readonly Echo.EchoClient _client = new(channel);
    private readonly Int32Value _request = new() { Value = messages };

    public async ValueTask<bool> CallAsync()
    {
        using var call = _client.Stream(_request);
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
