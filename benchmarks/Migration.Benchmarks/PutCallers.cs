using Google.Protobuf.WellKnownTypes;
using Grpc.Net.Client;
using LegacyWcf.Contracts;
using LegacyWcf.Contracts.Grpc;
using MigrateWcf.Runtime;
using MigrateWcf.Runtime.Benchmarks;

namespace MigrateWcf.Migration.Benchmarks;

/// <summary>Put through the generated client shim: the original <see cref="ISimple"/> interface, from the generated
/// <see cref="MigratedClientFactory"/>, called synchronously as the legacy callers call it (so on a thread of its own).</summary>
internal sealed class ShimPutCaller(ISimple proxy) : ICaller
{
    public bool IsBlocking => true;

    public ValueTask<bool> CallAsync()
    {
        proxy.Put();
        return ValueTask.FromResult(true);
    }

    public ValueTask DisposeAsync() => ((IAsyncDisposable)proxy).DisposeAsync();
}

/// <summary>Put through the plain generated gRPC client, on a channel of its own or a shared one.</summary>
internal sealed class PlainPutCaller(GrpcChannel channel, bool ownsChannel, TimeSpan deadline) : ICaller
{
    private static readonly Empty Request = new();
    private readonly Simple.SimpleClient _client = new(channel);

    public async ValueTask<bool> CallAsync()
    {
        await _client.PutAsync(Request, deadline: DateTime.UtcNow + deadline);
        return true;
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

/// <summary>A new channel (a new connection and HTTP/2 handshake), one Put by the plain client, then close.</summary>
internal sealed class ConnectCallCloseCaller(GrpcEndpoint endpoint) : ICaller
{
    private static readonly Empty Request = new();

    public async ValueTask<bool> CallAsync()
    {
        using var channel = EndpointChannel.Create(endpoint);
        await new Simple.SimpleClient(channel).PutAsync(Request, deadline: DateTime.UtcNow + TimeSpan.FromSeconds(30));
        return true;
    }

    public ValueTask DisposeAsync() => ValueTask.CompletedTask;
}
