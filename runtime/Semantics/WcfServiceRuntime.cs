using System.Collections.Concurrent;
using Grpc.AspNetCore.Server;
using Grpc.Core;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;
using Empty = Google.Protobuf.WellKnownTypes.Empty;

namespace MigrateWcf.Runtime;

/// <summary>A service object and, when calls on it are serialized, its lock (async waiters are served in arrival order).</summary>
internal sealed class ServiceInstance(object service, bool serialize)
{
    private int _waiting;

    public object Service { get; } = service;

    public SemaphoreSlim? Gate { get; } = serialize ? new SemaphoreSlim(1, 1) : null;

    /// <summary>Calls queued for the lock (tests observe this rather than timing).</summary>
    public int Waiting => Volatile.Read(ref _waiting);

    public async Task WaitTurnAsync(CancellationToken cancellationToken)
    {
        if (Gate is null || Gate.Wait(0, CancellationToken.None))
        {
            return;
        }

        Interlocked.Increment(ref _waiting);
        try
        {
            await Gate.WaitAsync(cancellationToken);
        }
        finally
        {
            Interlocked.Decrement(ref _waiting);
        }
    }
}

/// <summary>What all invokers share: the sessions and their idle timer, one-way work, disposal and logging.</summary>
internal sealed class WcfServiceRuntime : IHostedService, IDisposable
{
    private readonly ConcurrentDictionary<string, ServiceSession> _sessions = new(StringComparer.Ordinal);
    private readonly ConcurrentDictionary<Task, bool> _oneWayWork = new();
    private readonly CancellationTokenSource _stopping = new();
    private readonly ILogger _logger;
    private readonly Timer _idleCheck;

    public WcfServiceRuntime(IOptions<WcfServiceOptions> options, ILogger<WcfServiceRuntime> logger)
    {
        (Options, _logger) = (options.Value, logger);
        var timeout = Options.SessionTimeout;
        var period = timeout > TimeSpan.Zero && timeout.TotalDays < 180 ? timeout / 4 : Timeout.InfiniteTimeSpan;
        _idleCheck = new Timer(_ => EndIdleSessions((long)timeout.TotalMilliseconds), null, period, period);
    }

    public WcfServiceOptions Options { get; }

    /// <summary>The token of one-way work, which outlives its call: cancelled when the host stops.</summary>
    public CancellationToken Stopping => _stopping.Token;

    /// <summary>Enters the session the call's header names (a new one for a new id); null when the call sent none.</summary>
    public ServiceSession? EnterSession(ServerCallContext context)
    {
        if (SessionIdOf(context) is not { } id)
        {
            return null;
        }

        if (id.Length is 0 or > 128)
        {
            throw new RpcException(new Status(StatusCode.InvalidArgument, $"The {ServiceSession.HeaderName} header must have 1 to 128 characters."));
        }

        while (true)
        {
            var session = _sessions.GetOrAdd(id, static (key, runtime) => new ServiceSession(key, transient: false, runtime), this);
            if (session.TryEnter())
            {
                return session;
            }

            Forget(session); // ended between lookup and entry: the id starts a new session
        }
    }

    /// <summary>The session of one call that sent no session header, entered by it.</summary>
    public ServiceSession StartOwnSession()
    {
        var session = new ServiceSession(Guid.NewGuid().ToString("N"), transient: true, this);
        session.TryEnter();
        return session;
    }

    /// <summary>The session header of a call (the last one, as Metadata.GetValue). Read from the HTTP request where
    /// grpc-dotnet hosts the call: <see cref="ServerCallContext.RequestHeaders"/> would first copy every request header
    /// into a new Metadata (about 200 B a call).</summary>
    public static string? SessionIdOf(ServerCallContext context)
    {
        // grpc-dotnet's own context is the one that is its IServerCallContextFeature, and the one GetHttpContext accepts.
        if (context is IServerCallContextFeature)
        {
            var values = context.GetHttpContext().Request.Headers[ServiceSession.HeaderName];
            return values.Count == 0 ? null : values[^1];
        }

        return context.RequestHeaders.GetValue(ServiceSession.HeaderName);
    }

    public ServiceSession? FindSession(string id) => _sessions.GetValueOrDefault(id);

    public void Forget(ServiceSession session) => _sessions.TryRemove(new(session.SessionId, session));

    public void Track(Task work)
    {
        _oneWayWork.TryAdd(work, true);
        work.ContinueWith(done => _oneWayWork.TryRemove(done, out _), TaskScheduler.Default);
    }

    public void LogOneWayFailure(Type service, Exception exception)
        => _logger.LogError(exception, "A one-way operation of {Service} failed (WCF returns no one-way error to the caller).", service.FullName);

    /// <summary>Disposes a service object as WCF does: what its Dispose throws is logged, not propagated.</summary>
    public void Dispose(object service)
    {
        try
        {
            (service as IDisposable)?.Dispose();
        }
        catch (Exception e)
        {
            _logger.LogError(e, "Dispose of {Service} failed.", service.GetType().FullName);
        }
    }

    public void Raise(EventHandler? handler, ServiceSession session)
    {
        try
        {
            handler?.Invoke(session, EventArgs.Empty);
        }
        catch (Exception e)
        {
            _logger.LogError(e, "A handler of an event of session {Session} failed.", session.SessionId);
        }
    }

    private void EndIdleSessions(long timeoutMilliseconds)
    {
        foreach (var session in _sessions.Values.Where(session => session.IsIdleFor(timeoutMilliseconds)))
        {
            session.End(faulted: true);
        }
    }

    public Task StartAsync(CancellationToken cancellationToken) => Task.CompletedTask;

    /// <summary>As ServiceHost.Close: one-way work sees its token cancelled and is awaited (within the host's shutdown timeout).</summary>
    public async Task StopAsync(CancellationToken cancellationToken)
    {
        await _stopping.CancelAsync();
        await Task.WhenAny(Task.WhenAll(_oneWayWork.Keys), Task.Delay(Timeout.Infinite, cancellationToken));
    }

    public void Dispose()
    {
        _idleCheck.Dispose();
        foreach (var session in _sessions.Values)
        {
            session.End(faulted: false);
        }
    }
}

internal sealed class SessionEndpoint(WcfServiceRuntime runtime) : Protocol.Session.SessionBase
{
    public override Task<Empty> End(Empty request, ServerCallContext context)
    {
        if (WcfServiceRuntime.SessionIdOf(context) is { } id)
        {
            runtime.FindSession(id)?.End(faulted: false);
        }

        return Task.FromResult(request);
    }
}
