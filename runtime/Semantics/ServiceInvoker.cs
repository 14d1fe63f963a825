using System.ServiceModel;
using Google.Protobuf.WellKnownTypes;
using Grpc.Core;

namespace MigrateWcf.Runtime;

/// <summary>
/// Runs a generated adapter's calls on the legacy implementation with WCF's rules: instancing, concurrency (Single and
/// Reentrant serialize calls on a shared instance, Multiple does not), faults, one-way and the duplex Callbacks stream.
/// Operations get the call's token (deadline, client cancel, shutdown) to pass to an implementation that takes one.
/// </summary>
public sealed class ServiceInvoker<TService> : IDisposable
    where TService : class
{
    private static readonly Task<Empty> Accepted = Task.FromResult(new Empty());
    private readonly WcfServiceRuntime _runtime;
    private readonly InstanceMode _instancing;
    private readonly bool _serialize;
    private readonly Func<TService> _create;
    private readonly Lazy<ServiceInstance> _single;
    private readonly bool _ownsSingle;

    internal ServiceInvoker(WcfServiceRuntime runtime, InstanceMode instancing, ConcurrencyMode concurrency, Func<TService> create, bool owned)
    {
        (_runtime, _instancing, _create, _ownsSingle) = (runtime, instancing, create, owned);
        _serialize = concurrency != ConcurrencyMode.Multiple && instancing != InstanceMode.PerCall;
        _single = new(() => new ServiceInstance(_create(), _serialize));
    }

    internal ServiceInstance SingleInstance => _single.Value;

    public Task<TResponse> Invoke<TResponse>(ServerCallContext context, Func<TService, CancellationToken, TResponse> operation)
        => InvokeAsync(context, (service, token) => Task.FromResult(operation(service, token)));

    public async Task<TResponse> InvokeAsync<TResponse>(ServerCallContext context, Func<TService, CancellationToken, Task<TResponse>> operation)
    {
        var session = _runtime.EnterSession(context);
        ServiceInstance? instance = null;
        try
        {
            instance = Resolve(session);
            await instance.WaitTurnAsync(context.CancellationToken);
            try
            {
                WcfOperationContext.Current = new(session);
                return await operation((TService)instance.Service, context.CancellationToken);
            }
            catch (FaultException fault)
            {
                throw _runtime.Options.Faults.ToRpcException(fault);
            }
            finally
            {
                instance.Gate?.Release();
            }
        }
        finally
        {
            Leave(session, instance);
        }
    }

    /// <summary>An operation whose response is written by the operation itself (a server-streaming rpc: a Stream result).</summary>
    public Task InvokeAsync(ServerCallContext context, Func<TService, CancellationToken, Task> operation)
        => InvokeAsync(context, async (service, token) =>
        {
            await operation(service, token);
            return true;
        });

    public Task<Empty> InvokeOneWay(ServerCallContext context, Action<TService, CancellationToken> operation)
        => InvokeOneWay(context, (service, token) =>
        {
            operation(service, token);
            return Task.CompletedTask;
        });

    /// <summary>
    /// A one-way operation is acknowledged once queued under the instancing and concurrency rules (WCF returns once the
    /// transport accepted the message), then runs in the background with the host's stopping token; its errors are
    /// logged, never returned. One-way calls on one serialized instance run in arrival order.
    /// </summary>
    public Task<Empty> InvokeOneWay(ServerCallContext context, Func<TService, CancellationToken, Task> operation)
    {
        var session = _runtime.EnterSession(context);
        ServiceInstance? instance = null;
        try
        {
            instance = Resolve(session);
            var turn = instance.WaitTurnAsync(_runtime.Stopping);
            _runtime.Track(Task.Run(() => RunOneWayAsync(session, instance, turn, operation)));
            return Accepted;
        }
        catch
        {
            Leave(session, instance);
            throw;
        }
    }

    /// <summary>
    /// Serves a contract's <c>Callbacks</c> rpc for the caller's session: <paramref name="createProxy"/> builds the proxy
    /// that <see cref="WcfOperationContext.GetCallbackChannel{T}"/> returns; replies complete two-way callbacks by call id.
    /// The stream's end ends the session (cleanly when the client completed it or ended the session).
    /// </summary>
    public Task ServeCallbacksAsync<TCallback, TReply>(ServerCallContext context, IAsyncStreamReader<TReply> replies,
        IServerStreamWriter<TCallback> callbacks, Func<TReply, long> callIdOf, Func<CallbackChannel<TCallback, TReply>, object> createProxy)
        where TCallback : class
        where TReply : class
        => ServeCallbacksAsync(context, callbacks, createProxy, async (channel, token) =>
        {
            while (await replies.MoveNext(token))
            {
                channel.Complete(callIdOf(replies.Current), replies.Current);
            }
        });

    /// <summary>The <c>Callbacks</c> rpc of a contract whose callbacks are all one-way (server streaming, no replies).</summary>
    public Task ServeCallbacksAsync<TCallback>(ServerCallContext context, IServerStreamWriter<TCallback> callbacks,
        Func<CallbackChannel<TCallback, Empty>, object> createProxy)
        where TCallback : class
        => ServeCallbacksAsync(context, callbacks, createProxy, (_, token) => Task.Delay(Timeout.Infinite, token));

    private async Task ServeCallbacksAsync<TCallback, TReply>(ServerCallContext context, IServerStreamWriter<TCallback> callbacks,
        Func<CallbackChannel<TCallback, TReply>, object> createProxy, Func<CallbackChannel<TCallback, TReply>, CancellationToken, Task> readReplies)
        where TCallback : class
        where TReply : class
    {
        var session = _runtime.EnterSession(context);
        var channel = new CallbackChannel<TCallback, TReply>(session, callbacks, _runtime.Options.CallbackTimeout);
        bool bound = false, clean = false;
        try
        {
            if (session.IsTransient)
            {
                throw new RpcException(new Status(StatusCode.FailedPrecondition, $"The Callbacks rpc needs the {ServiceSession.HeaderName} header."));
            }

            session.BindCallbacks(createProxy(channel), channel.Abort);
            bound = true;
            await context.WriteResponseHeadersAsync([new(ServiceSession.HeaderName, session.SessionId)]); // bound: the shim may call
            using var ended = CancellationTokenSource.CreateLinkedTokenSource(context.CancellationToken, session.Ended);
            await readReplies(channel, ended.Token);
            clean = true;
        }
        catch (OperationCanceledException) when (session.Ended.IsCancellationRequested)
        {
            clean = true; // ended by the client's Close, by service code or by the host, not by a broken stream
        }
        finally
        {
            if (bound)
            {
                session.End(faulted: !clean);
                await channel.DrainAsync();
            }

            session.Exit();
        }
    }

    private async Task RunOneWayAsync(ServiceSession session, ServiceInstance instance, Task turn, Func<TService, CancellationToken, Task> operation)
    {
        try
        {
            await turn;
            try
            {
                WcfOperationContext.Current = new(session);
                await operation((TService)instance.Service, _runtime.Stopping);
            }
            finally
            {
                instance.Gate?.Release();
            }
        }
        catch (Exception e)
        {
            _runtime.LogOneWayFailure(typeof(TService), e);
        }
        finally
        {
            Leave(session, instance);
        }
    }

    private ServiceInstance Resolve(ServiceSession session) => _instancing switch
    {
        InstanceMode.Single => _single.Value,
        InstanceMode.PerSession => session.GetInstance(this, () => new(_create(), _serialize)),
        _ => new(_create(), serialize: false),
    };

    private void Leave(ServiceSession session, ServiceInstance? instance)
    {
        if (_instancing == InstanceMode.PerCall && instance is not null)
        {
            _runtime.Dispose(instance.Service);
        }

        session.Exit();
    }

    /// <summary>Disposes a Single instance the host created (WCF: at host close), never one the caller supplied.</summary>
    public void Dispose()
    {
        if (_ownsSingle && _single.IsValueCreated)
        {
            _runtime.Dispose(_single.Value.Service);
        }
    }
}
