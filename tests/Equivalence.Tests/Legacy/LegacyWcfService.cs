using System.ServiceModel;
using System.ServiceModel.Channels;
using System.ServiceModel.Description;
using LegacyWcf.Contracts;

namespace MigrateWcf.Equivalence.Tests.Legacy;

/// <summary>
/// The legacy side: the real net472 sample host under Mono on free loopback ports, and the .NET 10 WCF client's channel
/// factories for it: NetTcpBinding with SecurityMode.None from the sample's <see cref="Endpoints.TcpBinding"/>, with
/// <see cref="MonoFaultFixBindingElement"/> on its message encoding. One per test class; disposing closes every client
/// and stops the host.
/// </summary>
public sealed class LegacyWcfService : IAsyncLifetime
{
    private const int OpenAttempts = 3;
    private static readonly TimeSpan OpenTimeout = TimeSpan.FromSeconds(15);

    private readonly Dictionary<string, ChannelFactory> _factories = new(StringComparer.Ordinal);
    private LegacyHost? _host;
    private bool _onePortPerService;

    /// <summary>Clients the suite reuses across tests (Mono accepts about one new connection per second).</summary>
    public SharedClients Clients { get; } = new();

    public async Task InitializeAsync()
    {
        _host = await LegacyHost.StartAsync();

        // The port rule is the host's runtime's, not this process's: the host says in its ready line when it gave each
        // service a port of its own (Mono), and the addresses follow the sample's Endpoints rule with that answer.
        _onePortPerService = _host.ReadyLine.Contains("one port per service", StringComparison.Ordinal);
    }

    /// <summary>A new, opened channel (a new connection and session) to a service.</summary>
    public TContract Create<TContract>(string relative, TimeSpan? operationTimeout = null)
        where TContract : class
    {
        var factory = (ChannelFactory<TContract>)Factory(relative, () => new ChannelFactory<TContract>(Binding<TContract>(), Address(relative)));
        return Open(factory.CreateChannel, operationTimeout);
    }

    /// <summary>
    /// A new, opened channel over the sample's binding exactly as it is, without <see cref="MonoFaultFixBindingElement"/>:
    /// only for the test that shows the fix is still needed.
    /// </summary>
    public TContract CreateWithoutFaultFix<TContract>(string relative, TimeSpan operationTimeout)
        where TContract : class
    {
        var factory = (ChannelFactory<TContract>)Factory(
            "without fault fix: " + relative, () => new ChannelFactory<TContract>(Endpoints.TcpBinding(), Address(relative)));
        return Open(factory.CreateChannel, operationTimeout);
    }

    /// <summary>A new, opened duplex channel whose callbacks go to <paramref name="callback"/>.</summary>
    public TContract CreateDuplex<TContract>(string relative, object callback)
        where TContract : class
    {
        var factory = (DuplexChannelFactory<TContract>)Factory(
            relative, () => new DuplexChannelFactory<TContract>(callback.GetType(), Binding<TContract>(), Address(relative)));
        return Open(() => factory.CreateChannel(new InstanceContext(callback)), operationTimeout: null);
    }

    public async Task DisposeAsync()
    {
        Clients.Dispose();
        lock (_factories)
        {
            foreach (ChannelFactory factory in _factories.Values)
            {
                ClientLifetime.Close(factory);
            }

            _factories.Clear();
        }

        if (_host is not null)
        {
            await _host.DisposeAsync();
        }
    }

    private LegacyHost Host => _host ?? throw new InvalidOperationException("the legacy host did not start");

    /// <summary>The endpoint address of a service, by the sample's rule (<see cref="Endpoints.TcpAddress(Uri, string, bool)"/>).</summary>
    private EndpointAddress Address(string relative) =>
        new(Endpoints.TcpAddress(new Uri(Host.BaseAddress), relative, _onePortPerService));

    private static Binding Binding<TContract>() =>
        MonoFaultFixBindingElement.Apply(Endpoints.TcpBinding(), ContractDescription.GetContract(typeof(TContract)));

    /// <summary>One channel factory per endpoint and binding, made on first use.</summary>
    private ChannelFactory Factory(string key, Func<ChannelFactory> create)
    {
        lock (_factories)
        {
            if (!_factories.TryGetValue(key, out ChannelFactory? factory))
            {
                factory = create();
                _factories.Add(key, factory);
            }

            return factory;
        }
    }

    /// <summary>
    /// Opens a new channel here, under its own open timeout, so an operation timeout covers calls only. Mono 6.8 swallows
    /// the first new connection to a service after a call on that service timed out on the client and its channel was
    /// dropped: it accepts the socket but never answers the framing preamble (measured: the open waits out any timeout,
    /// the next connection opens at once). So an open that times out is retried on a new connection, twice at most; this
    /// concerns connection set-up only, never the behaviour a test asserts.
    /// </summary>
    private static TContract Open<TContract>(Func<TContract> createChannel, TimeSpan? operationTimeout)
    {
        for (int attempt = 1; ; attempt++)
        {
            TContract channel = createChannel();
            var client = (IClientChannel)channel!;
            if (operationTimeout is { } timeout)
            {
                client.OperationTimeout = timeout;
            }

            try
            {
                client.Open(OpenTimeout);
                return channel;
            }
            catch (TimeoutException) when (attempt < OpenAttempts)
            {
                client.Abort();
            }
        }
    }
}
