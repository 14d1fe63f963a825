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

/// <summary>Put through the plain generated gRPC client, on a channel of its own or a shared one: awaited on the
/// thread pool (as a gRPC user writes it), or <paramref name="blocking"/>: its synchronous call on a thread of its own,
/// the shim's threading model without the shim (so shim ÷ this row is the shim's own cost).</summary>
internal sealed class PlainPutCaller(GrpcChannel channel, bool ownsChannel, TimeSpan deadline, bool blocking = false) : ICaller
{
    private static readonly Empty Request = new();
    private readonly Simple.SimpleClient _client = new(channel);

    public bool IsBlocking => blocking;

    public ValueTask<bool> CallAsync()
    {
        if (blocking)
        {
            _client.Put(Request, deadline: DateTime.UtcNow + deadline);
            return ValueTask.FromResult(true);
        }

        return Awaited();
    }

    public ValueTask DisposeAsync()
    {
        if (ownsChannel)
        {
            channel.Dispose();
        }

        return ValueTask.CompletedTask;
    }

    private async ValueTask<bool> Awaited()
    {
        await _client.PutAsync(Request, deadline: DateTime.UtcNow + deadline);
        return true;
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
