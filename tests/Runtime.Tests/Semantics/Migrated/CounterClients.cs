using Google.Protobuf.WellKnownTypes;
using Grpc.Core;
using MigrateWcf.Runtime.Tests.Semantics.Grpc;
using MigrateWcf.Runtime.Tests.Semantics.Legacy;

namespace MigrateWcf.Runtime.Tests.Semantics.Migrated;

// Client shims as issue 13's emitter will write them: the original interface over the generated gRPC client.

public sealed class CounterClient : ICounter, IDisposable, IAsyncDisposable
{
    private readonly ClientSession _session;
    private readonly Counter.CounterClient _client;

    private CounterClient(CallInvoker invoker, ClientProxyOptions options)
    {
        _session = new ClientSession(invoker, SemanticsHost.Faults, options);
        _client = new Counter.CounterClient(_session.CallInvoker);
    }

    public ClientSession Session => _session;

    /// <summary>WCF's DuplexChannelFactory: with a callback object the callback stream is open before the first call.</summary>
    public static async Task<CounterClient> CreateAsync(CallInvoker invoker, ClientProxyOptions options, ICounterCallback? callback = null)
    {
        var client = new CounterClient(invoker, options);
        if (callback is not null)
        {
            await client._session.OpenCallbacksAsync<CounterCallback, CounterCallbackReply>(
                callOptions => client._client.Callbacks(callOptions),
                envelope => Task.FromResult(Dispatch(callback, envelope)));
        }

        return client;
    }

    private static CounterCallbackReply? Dispatch(ICounterCallback callback, CounterCallback envelope)
    {
        switch (envelope.CallbackCase)
        {
            case CounterCallback.CallbackOneofCase.Progress:
                callback.Progress(envelope.Progress.Value);
                return null;
            case CounterCallback.CallbackOneofCase.Confirm:
                return new CounterCallbackReply
                {
                    CallId = envelope.CallId,
                    Confirm = new ConfirmCallbackResult { Result = callback.Confirm(envelope.Confirm.Question) },
                };
            default:
                return null;
        }
    }

    public int Increment(int by) => _client.Increment(new IncrementRequest { By = by }).Result;

    public async Task HoldAsync(string probe) => await _client.HoldAsync(new HoldRequest { Probe = probe });

    public int Divide(int dividend, int divisor) => _client.Divide(new DivideRequest { Dividend = dividend, Divisor = divisor }).Result;

    public void Fail(string secret, bool asFault) => _client.Fail(new FailRequest { Secret = secret, AsFault = asFault });

    public async Task WaitAsync() => await _client.WaitAsync(new Empty());

    public void Record(string entry) => _client.Record(new RecordRequest { Entry = entry });

    public int Subscribe(int count) => _client.Subscribe(new SubscribeRequest { Count = count }).Result;

    public string Publish(int value) => _client.Publish(new PublishRequest { Value = value }).Result;

    public void Dispose() => _session.Dispose();

    public ValueTask DisposeAsync() => _session.DisposeAsync();
}

public sealed class TickerClient : ITicker, IAsyncDisposable
{
    private readonly ClientSession _session;
    private readonly Ticker.TickerClient _client;

    private TickerClient(CallInvoker invoker, ClientProxyOptions options)
    {
        _session = new ClientSession(invoker, SemanticsHost.Faults, options);
        _client = new Ticker.TickerClient(_session.CallInvoker);
    }

    public ClientSession Session => _session;

    public static async Task<TickerClient> CreateAsync(CallInvoker invoker, ClientProxyOptions options, ITickerCallback callback)
    {
        var client = new TickerClient(invoker, options);
        await client._session.OpenCallbacksAsync<TickerCallback>(
            callOptions => client._client.Callbacks(new Empty(), callOptions),
            envelope =>
            {
                if (envelope.CallbackCase == TickerCallback.CallbackOneofCase.Tick)
                {
                    callback.Tick(envelope.Tick.N);
                }

                return Task.CompletedTask;
            });
        return client;
    }

    public void Start(int count) => _client.Start(new StartRequest { Count = count });

    public ValueTask DisposeAsync() => _session.DisposeAsync();
}
