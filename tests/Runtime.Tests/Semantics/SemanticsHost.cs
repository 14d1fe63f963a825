using System.Collections.Concurrent;
using Grpc.Core;
using Grpc.Net.Client;
using Microsoft.AspNetCore.Builder;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using MigrateWcf.Runtime.Tests.Semantics.Legacy;
using MigrateWcf.Runtime.Tests.Semantics.Migrated;

namespace MigrateWcf.Runtime.Tests.Semantics;

/// <summary>
/// The test adapters served the way users host them: <see cref="GrpcHost.StartAsync"/> on a Unix socket in a fresh
/// 0700 directory, called through <see cref="EndpointChannel"/> channels.
/// </summary>
internal sealed class SemanticsHost : IAsyncDisposable
{
    private readonly TempDirectory _directory;
    private readonly GrpcHost _host;
    private readonly List<GrpcChannel> _channels = [];
    private readonly List<IDisposable> _owned = [];
    private bool _stopped;

    private SemanticsHost(TempDirectory directory, GrpcHost host)
    {
        (_directory, _host) = (directory, host);
        (Log, Logs) = (host.App.Services.GetRequiredService<ServiceLog>(), host.App.Services.GetRequiredService<CapturedLogs>());
    }

    public GrpcEndpoint Endpoint => _host.Endpoint;

    public ServiceLog Log { get; }

    public CapturedLogs Logs { get; }

    public IServiceProvider Services => _host.App.Services;

    /// <summary>The Counter contract's fault details, as a generated client factory registers them.</summary>
    public static FaultDetailRegistry Faults { get; } = CounterFaults.Register(new FaultDetailRegistry());

    public static ClientProxyOptions ClientOptions(TimeSpan? sendTimeout = null) => new() { SendTimeout = sendTimeout ?? TimeSpan.FromSeconds(30) };

    /// <summary>Serves the Counter contract with the given behavior (and the Ticker contract, PerSession).</summary>
    public static Task<SemanticsHost> StartAsync(InstanceMode instancing, System.ServiceModel.ConcurrencyMode concurrency, Action<WcfServiceOptions>? configure = null)
        => StartAsync(services => services.AddWcfService<CounterService>(instancing, concurrency), configure);

    public static async Task<SemanticsHost> StartAsync(Action<IServiceCollection> addCounter, Action<WcfServiceOptions>? configure = null, Action<GrpcHostOptions>? hostOptions = null)
    {
        var directory = new TempDirectory();
        try
        {
            var host = await GrpcHost.StartAsync(GrpcEndpoint.UnixSocket(directory.Combine("grpc.sock")), h =>
            {
                var logs = new CapturedLogs();
                h.Builder.Logging.ClearProviders().AddProvider(logs);
                h.Services.AddSingleton(logs).AddSingleton<ServiceLog>();
                h.Services.AddWcfSemantics(options =>
                {
                    CounterFaults.Register(options.Faults);
                    configure?.Invoke(options);
                });
                addCounter(h.Services);
                h.Services.AddWcfService<TickerService>(InstanceMode.PerSession, System.ServiceModel.ConcurrencyMode.Single);
                hostOptions?.Invoke(h.Options);
                h.MapService<CounterAdapter>().MapService<TickerAdapter>().Configure(app => app.MapWcfSessions());
            });
            return new SemanticsHost(directory, host);
        }
        catch
        {
            directory.Dispose();
            throw;
        }
    }

    /// <summary>A new channel (its own HTTP/2 connection) to the host, disposed with it.</summary>
    public GrpcChannel NewChannel() => NewChannel(Endpoint);

    public GrpcChannel NewChannel(GrpcEndpoint endpoint)
    {
        var channel = EndpointChannel.Create(endpoint);
        _channels.Add(channel);
        return channel;
    }

    public async Task<CounterClient> NewCounterClientAsync(ICounterCallback? callback = null, TimeSpan? sendTimeout = null)
        => await CounterClient.CreateAsync(NewChannel().CreateCallInvoker(), ClientOptions(sendTimeout), callback);

    /// <summary>A client over a channel as generated proxies open it (<see cref="ProxyChannel.Open(GrpcEndpoint, ClientProxyOptions?)"/>:
    /// the local call lane and the bulk lane when the options and the host have them), closed with the host.</summary>
    public async Task<CounterClient> NewProxyCounterClientAsync(ClientProxyOptions options, ICounterCallback? callback = null)
        => await CounterClient.CreateAsync(NewProxyInvoker(options), options, callback);

    /// <summary>The invoker of a channel as generated proxies open it, closed with the host.</summary>
    public CallInvoker NewProxyInvoker(ClientProxyOptions options)
    {
        var channel = ProxyChannel.Open(Endpoint, options);
        _owned.Add(channel.Owned!);
        return channel.Invoker;
    }

    /// <summary>Stops the host (as ServiceHost.Close), once; the tests then look at what the services did.</summary>
    public async Task StopAsync()
    {
        if (!_stopped)
        {
            _stopped = true;
            await _host.DisposeAsync();
        }
    }

    public async ValueTask DisposeAsync()
    {
        foreach (var channel in _channels)
        {
            channel.Dispose();
        }

        _owned.ForEach(owned => owned.Dispose());

        await StopAsync();
        _directory.Dispose();
    }
}

/// <summary>Logged warnings and errors of a host.</summary>
internal sealed class CapturedLogs : ILoggerProvider
{
    public ConcurrentQueue<(string Category, string Message, Exception? Exception)> Errors { get; } = new();

    public ILogger CreateLogger(string categoryName) => new Logger(this, categoryName);

    public void Dispose()
    {
    }

    private sealed class Logger(CapturedLogs logs, string category) : ILogger
    {
        public IDisposable? BeginScope<TState>(TState state)
            where TState : notnull => null;

        public bool IsEnabled(LogLevel logLevel) => logLevel >= LogLevel.Warning;

        public void Log<TState>(LogLevel logLevel, EventId eventId, TState state, Exception? exception, Func<TState, Exception?, string> formatter)
        {
            if (IsEnabled(logLevel))
            {
                logs.Errors.Enqueue((category, formatter(state, exception), exception));
            }
        }
    }
}
