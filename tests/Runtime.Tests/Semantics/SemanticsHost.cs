using System.Collections.Concurrent;
using System.Net.Sockets;
using Grpc.Net.Client;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using MigrateWcf.Runtime.Tests.Semantics.Legacy;
using MigrateWcf.Runtime.Tests.Semantics.Migrated;

namespace MigrateWcf.Runtime.Tests.Semantics;

/// <summary>
/// A real Kestrel host (HTTP/2 on a Unix socket in a fresh 0700 directory) serving the test adapters, and grpc-dotnet
/// channels to it. A stand-in until the runtime's own hosting API lands (issue 11, item 2).
/// </summary>
internal sealed class SemanticsHost : IAsyncDisposable
{
    private readonly WebApplication _app;
    private readonly string _directory;
    private readonly List<GrpcChannel> _channels = [];
    private bool _stopped;

    private SemanticsHost(WebApplication app, string directory, string socketPath)
    {
        (_app, _directory, SocketPath) = (app, directory, socketPath);
        (Log, Logs) = (app.Services.GetRequiredService<ServiceLog>(), app.Services.GetRequiredService<CapturedLogs>());
    }

    public string SocketPath { get; }

    public ServiceLog Log { get; }

    public CapturedLogs Logs { get; }

    public IServiceProvider Services => _app.Services;

    public static WcfClientOptions ClientOptions(TimeSpan? sendTimeout = null)
        => new() { SendTimeout = sendTimeout ?? TimeSpan.FromSeconds(30), Faults = CounterFaults.Register(new FaultDetailRegistry()) };

    /// <summary>Serves the Counter contract with the given behavior (and the Ticker contract, PerSession).</summary>
    public static Task<SemanticsHost> StartAsync(InstanceMode instancing, System.ServiceModel.ConcurrencyMode concurrency, Action<WcfServiceOptions>? configure = null)
        => StartAsync(services => services.AddWcfService<CounterService>(instancing, concurrency), configure);

    public static async Task<SemanticsHost> StartAsync(Action<IServiceCollection> addCounter, Action<WcfServiceOptions>? configure = null)
    {
        var directory = Path.Combine("/tmp", "mwsem-" + Guid.NewGuid().ToString("N")[..12]);
        if (OperatingSystem.IsWindows())
        {
            Directory.CreateDirectory(directory);
        }
        else
        {
            Directory.CreateDirectory(directory, UnixFileMode.UserRead | UnixFileMode.UserWrite | UnixFileMode.UserExecute);
        }

        var socketPath = Path.Combine(directory, "grpc.sock");
        var builder = WebApplication.CreateSlimBuilder();
        builder.WebHost.ConfigureKestrel(kestrel => kestrel.ListenUnixSocket(socketPath, listen => listen.Protocols = HttpProtocols.Http2));
        var logs = new CapturedLogs();
        builder.Logging.ClearProviders().AddProvider(logs);
        builder.Services.AddSingleton(logs).AddSingleton<ServiceLog>();
        builder.Services.AddWcfSemantics(options =>
        {
            CounterFaults.Register(options.Faults);
            configure?.Invoke(options);
        });
        addCounter(builder.Services);
        builder.Services.AddWcfService<TickerService>(InstanceMode.PerSession, System.ServiceModel.ConcurrencyMode.Single);
        var app = builder.Build();
        app.MapGrpcService<CounterAdapter>();
        app.MapGrpcService<TickerAdapter>();
        app.MapWcfSessions();
        await app.StartAsync();
        return new SemanticsHost(app, directory, socketPath);
    }

    /// <summary>A new channel (its own HTTP/2 connection) to the host.</summary>
    public GrpcChannel NewChannel() => NewChannel(SocketPath);

    public GrpcChannel NewChannel(string socketPath)
    {
        var handler = new SocketsHttpHandler
        {
            ConnectCallback = async (_, cancellationToken) =>
            {
                var socket = new Socket(AddressFamily.Unix, SocketType.Stream, ProtocolType.Unspecified);
                try
                {
                    await socket.ConnectAsync(new UnixDomainSocketEndPoint(socketPath), cancellationToken);
                    return new NetworkStream(socket, ownsSocket: true);
                }
                catch
                {
                    socket.Dispose();
                    throw;
                }
            },
        };
        var channel = GrpcChannel.ForAddress("http://localhost", new GrpcChannelOptions { HttpHandler = handler, DisposeHttpClient = true });
        _channels.Add(channel);
        return channel;
    }

    public async Task<CounterClient> NewCounterClientAsync(ICounterCallback? callback = null, TimeSpan? sendTimeout = null)
        => await CounterClient.CreateAsync(NewChannel().CreateCallInvoker(), ClientOptions(sendTimeout), callback);

    public async Task StopAsync()
    {
        if (!_stopped)
        {
            _stopped = true;
            await _app.StopAsync();
            await _app.DisposeAsync();
        }
    }

    public async ValueTask DisposeAsync()
    {
        foreach (var channel in _channels)
        {
            channel.Dispose();
        }

        await StopAsync();
        Directory.Delete(_directory, recursive: true);
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

internal static class Eventually
{
    /// <summary>Waits for a condition the test cannot await directly; the bound only keeps a broken build from hanging.</summary>
    public static async Task TrueAsync(Func<bool> condition, string what)
    {
        var deadline = DateTime.UtcNow + TimeSpan.FromSeconds(30);
        while (!condition())
        {
            Assert.True(DateTime.UtcNow < deadline, "Never happened: " + what);
            await Task.Delay(5);
        }
    }

    /// <summary>Awaits a task with the same liveness bound.</summary>
    public static async Task<T> Within<T>(Task<T> task) => await task.WaitAsync(TimeSpan.FromSeconds(30));

    public static async Task Within(Task task) => await task.WaitAsync(TimeSpan.FromSeconds(30));
}
