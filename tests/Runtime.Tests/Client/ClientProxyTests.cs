using System.Collections.Concurrent;
using System.ServiceModel;
using Google.Protobuf.WellKnownTypes;
using Grpc.Core;
using MigrateWcf.Runtime.Tests.Protos;

namespace MigrateWcf.Runtime.Tests.Client;

/// <summary>
/// The base of generated client proxies behaves as a WCF proxy: an ICommunicationObject that opens on its first call,
/// closes (and then refuses calls) or aborts, faults when opening fails, and a factory whose proxies share a channel
/// (closed with the factory) or own one each. Real Kestrel on a real socket, a proxy shaped like the generated ones.
/// </summary>
[System.Runtime.Versioning.UnsupportedOSPlatform("windows")]
public sealed class ClientProxyTests : IAsyncLifetime
{
    private readonly TempDirectory _temp = new();
    private GrpcHost? _host;

    private GrpcEndpoint Endpoint => _host!.Endpoint;

    public async Task InitializeAsync()
        => _host = await GrpcHost.StartAsync(GrpcEndpoint.UnixSocket(_temp.Combine("proxy.sock")), h => h.MapService<EchoService>());

    public async Task DisposeAsync()
    {
        if (_host is not null)
        {
            await _host.DisposeAsync();
        }

        _temp.Dispose();
    }

    [Fact]
    public async Task AProxy_OpensOnItsFirstCall_AndRefusesCallsOnceClosed()
    {
        var proxy = new EchoProxy(ProxyChannel.Open(Endpoint));
        var events = Record(proxy);

        Assert.Equal(CommunicationState.Created, proxy.State);
        Assert.Equal("echo:a", proxy.Say("a"));
        Assert.Equal("echo:b", await proxy.SayAsync("b"));
        Assert.Equal(CommunicationState.Opened, proxy.State);
        proxy.Close();
        proxy.Close();

        Assert.Equal(CommunicationState.Closed, proxy.State);
        Assert.Equal(["Opening", "Opened", "Closing", "Closed"], events);
        Assert.Throws<ObjectDisposedException>(() => proxy.Say("c"));
        await Assert.ThrowsAsync<ObjectDisposedException>(() => proxy.SayAsync("c"));
    }

    [Fact]
    public void Abort_ClosesAtOnce_AndOpenOpensExplicitly()
    {
        var proxy = new EchoProxy(ProxyChannel.Open(Endpoint));
        var events = Record(proxy);

        proxy.Open();
        Assert.Equal(CommunicationState.Opened, proxy.State);
        proxy.Abort();

        Assert.Equal(CommunicationState.Closed, proxy.State);
        Assert.Equal(["Opening", "Opened", "Closed"], events);
        Assert.Throws<ObjectDisposedException>(() => proxy.Say("x"));
    }

    [Fact]
    public void AProxyWhoseOpeningFails_IsFaulted_AndDisposeAbortsIt()
    {
        var proxy = new EchoProxy(ProxyChannel.Open(Endpoint), failOpen: true);
        var events = Record(proxy);

        Assert.Throws<CommunicationException>(() => proxy.Say("x"));
        Assert.Equal(CommunicationState.Faulted, proxy.State);
        Assert.Throws<CommunicationObjectFaultedException>(() => proxy.Say("x"));
        proxy.Dispose();

        Assert.Equal(CommunicationState.Closed, proxy.State);
        Assert.Equal(["Opening", "Faulted", "Closed"], events);
    }

    [Fact]
    public void BeginAndEndOpenAndClose_WorkAsWcfsAsynchronousPattern()
    {
        var proxy = new EchoProxy(ProxyChannel.Open(Endpoint));

        proxy.EndOpen(proxy.BeginOpen(null, null));
        Assert.Equal(CommunicationState.Opened, proxy.State);
        proxy.EndClose(proxy.BeginClose(TimeSpan.FromMinutes(1), null, null));

        Assert.Equal(CommunicationState.Closed, proxy.State);
    }

    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public void AFactorysProxies_ShareItsChannel_OrOwnOneEach(bool share)
    {
        var factory = new EchoFactory(Endpoint, new ClientProxyOptions { ShareChannel = share });
        var first = factory.Create();
        var second = factory.Create();
        Assert.Equal("echo:1", first.Say("1"));
        Assert.Equal("echo:2", second.Say("2"));

        factory.Dispose();

        // A shared channel closes with the factory, as WCF's ChannelFactory.Close closes its channels; an owned one does not.
        if (share)
        {
            Assert.ThrowsAny<Exception>(() => first.Say("3"));
        }
        else
        {
            Assert.Equal("echo:3", first.Say("3"));
            first.Close();
            Assert.Equal("echo:4", second.Say("4"));
            second.Close();
        }

        Assert.Throws<ObjectDisposedException>(factory.Create);
    }

    [Theory]
    [InlineData(true, 1)]
    [InlineData(false, 2)]
    public void ConfigureHandler_SeesTheEndpointsSettings_ForEachChannelOpened_AndCannotReplaceTheConnection(bool share, int channels)
    {
        var windows = new ConcurrentQueue<int>();
        var options = new ClientProxyOptions
        {
            ShareChannel = share,
            ConfigureHandler = handler =>
            {
                windows.Enqueue(handler.InitialHttp2StreamWindowSize);
                handler.ConnectCallback = (_, _) => throw new InvalidOperationException("the endpoint's connect callback is kept");
            },
        };
        using var factory = new EchoFactory(Endpoint, options);
        using var first = factory.Create();
        using var second = factory.Create();

        Assert.Equal("echo:1", first.Say("1"));
        Assert.Equal("echo:2", second.Say("2"));
        Assert.Equal(Enumerable.Repeat(EndpointChannel.ResponseStreamWindowBytes, channels), windows);
    }

    [Fact]
    public void TheSendTimeout_IsTheDefaultDeadline_AndATimedOutCallIsATimeoutException()
    {
        var proxy = new EchoProxy(ProxyChannel.Open(Endpoint), new ClientProxyOptions { SendTimeout = TimeSpan.FromTicks(1) });

        Assert.Throws<TimeoutException>(() => proxy.Say("late"));
    }

    private static ConcurrentQueue<string> Record(ICommunicationObject proxy)
    {
        var events = new ConcurrentQueue<string>();
        proxy.Opening += (_, _) => events.Enqueue("Opening");
        proxy.Opened += (_, _) => events.Enqueue("Opened");
        proxy.Closing += (_, _) => events.Enqueue("Closing");
        proxy.Closed += (_, _) => events.Enqueue("Closed");
        proxy.Faulted += (_, _) => events.Enqueue("Faulted");
        return events;
    }

    /// <summary>Shaped like a generated proxy: ensure opened, call the generated client over the session's invoker.</summary>
    private sealed class EchoProxy(ProxyChannel channel, ClientProxyOptions? options = null, bool failOpen = false)
        : ClientProxy(channel, new FaultDetailRegistry(), options)
    {
        private readonly Echo.EchoClient _client = new(channel.Invoker);

        public string Say(string text)
        {
            EnsureOpened();
            return new Echo.EchoClient(CallInvoker).Say(new StringValue { Value = text }).Value;
        }

        public async Task<string> SayAsync(string text)
        {
            await EnsureOpenedAsync();
            return (await new Echo.EchoClient(CallInvoker).SayAsync(new StringValue { Value = text })).Value;
        }

        protected override Task OnOpenAsync()
            => failOpen ? Task.FromException(new CommunicationException("no callback stream")) : _client.SayAsync(new StringValue { Value = "open" }).ResponseAsync;
    }

    private sealed class EchoFactory(GrpcEndpoint endpoint, ClientProxyOptions options) : ClientProxyFactory(endpoint, options)
    {
        public EchoProxy Create() => new(NextChannel(), Options);
    }
}
