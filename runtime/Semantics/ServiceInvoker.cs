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
    private readonly Func<TService> _create;
    private readonly Func<ServiceInstance> _createShared;
    private readonly Lazy<ServiceInstance> _single;
    private readonly bool _ownsSingle;
    private readonly OneWayQueue _oneWay;

    internal ServiceInvoker(WcfServiceRuntime runtime, InstanceMode instancing, ConcurrencyMode concurrency, Func<TService> create, bool owned, int? oneWayWorkers = null)
    {
        (_runtime, _instancing, _create, _ownsSingle) = (runtime, instancing, create, owned);
        var serialize = concurrency != ConcurrencyMode.Multiple;
        _createShared = () => new ServiceInstance(_create(), serialize);
        _single = new(_createShared);
        _oneWay = new OneWayQueue(runtime.Options, typeof(TService), oneWayWorkers);
    }

    internal ServiceInstance SingleInstance => _single.Value;

    /// <summary>
    /// Reads an rpc's arguments from its request before the call waits for an instance: the one place where a message
    /// the C# types cannot hold (<see cref="Mapping.MessageMappingException"/>; an <see cref="OverflowException"/>, as
    /// .NET throws for a decimal scale above 28) becomes the caller's error, INVALID_ARGUMENT.
    /// </summary>
    public TArguments ReadRequest<TRequest, TArguments>(TRequest request, Func<TRequest, TArguments> read)
    {
        ArgumentNullException.ThrowIfNull(read);
        try
        {
            return read(request);
        }
        catch (Exception e) when (e is Mapping.MessageMappingException or OverflowException)
        {
            throw new RpcException(new Status(StatusCode.InvalidArgument, e.Message));
        }
    }

    /// <summary>A two-way operation with a synchronous implementation. Unless it must wait for its instance's lock, it
    /// runs on the calling thread and its task is complete when this returns.</summary>
    public Task<TResponse> Invoke<TResponse>(ServerCallContext context, Func<TService, CancellationToken, TResponse> operation)
        => RunAsync(context, operation, static (operation, service, token) => new ValueTask<TResponse>(operation(service, token)));

    public Task<TResponse> InvokeAsync<TResponse>(ServerCallContext context, Func<TService, CancellationToken, Task<TResponse>> operation)
        => RunAsync(context, operation, static (operation, service, token) => new ValueTask<TResponse>(operation(service, token)));

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
    /// logged, never returned. One-way calls on one serialized instance run in arrival order. The service's queue is
    /// bounded: when it is full the call is refused at once with RESOURCE_EXHAUSTED.
    /// </summary>
    public Task<Empty> InvokeOneWay(ServerCallContext context, Func<TService, CancellationToken, Task> operation)
    {
        if (!_oneWay.TryReserve())
        {
            throw new RpcException(new Status(StatusCode.ResourceExhausted, _oneWay.Refusal));
        }

        Call call;
        try
        {
            call = Enter(context);
            call.Context.Detach();
        }
        catch
        {
            _oneWay.Cancel();
            throw;
        }

        _runtime.Track(_oneWay.Add(() => call.WaitTurnAsync(_runtime.Stopping), turn => RunOneWayAsync(call, turn, operation)));
        return Accepted;
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
        var session = _runtime.EnterSession(context)
            ?? throw new RpcException(new Status(StatusCode.FailedPrecondition, $"The Callbacks rpc needs the {ServiceSession.HeaderName} header."));
        var channel = new CallbackChannel<TCallback, TReply>(session, callbacks, _runtime.Options.CallbackTimeout);
        bool bound = false, clean = false;
        try
        {
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

    // One body for sync and async operations, through static lambdas (no delegate per call). When the instance is free
    // and the operation synchronous, nothing awaited suspends, so the method allocates no state machine, only its result
    // task; returning restores the caller's execution context, which setting WcfOperationContext.Current changed.
    private async Task<TResponse> RunAsync<TOperation, TResponse>(ServerCallContext context, TOperation operation,
        Func<TOperation, TService, CancellationToken, ValueTask<TResponse>> run)
    {
        var call = Enter(context);
        try
        {
            await call.WaitTurnAsync(context.CancellationToken);
            try
            {
                WcfOperationContext.Current = call.Context;
                return await run(operation, call.Service, context.CancellationToken);
            }
            catch (FaultException fault)
            {
                throw _runtime.Options.Faults.ToRpcException(fault);
            }
            finally
            {
                call.EndTurn();
            }
        }
        finally
        {
            Leave(call);
        }
    }

    private async Task RunOneWayAsync(Call call, Task turn, Func<TService, CancellationToken, Task> operation)
    {
        try
        {
            await turn;
            try
            {
                WcfOperationContext.Current = call.Context;
                await operation(call.Service, _runtime.Stopping);
            }
            finally
            {
                call.EndTurn();
            }
        }
        catch (Exception e)
        {
            _runtime.LogOneWayFailure(typeof(TService), e);
        }
        finally
        {
            Leave(call);
        }
    }

    /// <summary>Starts a call: its session (when it sent one), its instance, its operation context.</summary>
    private Call Enter(ServerCallContext context)
    {
        var session = _runtime.EnterSession(context);
        try
        {
            var shared = _instancing switch
            {
                InstanceMode.Single => _single.Value,
                InstanceMode.PerSession when session is not null => session.GetInstance(this, _createShared),
                _ => null, // PerCall, and PerSession without a session header: the call is its own session
            };
            return new(shared is null ? _create() : (TService)shared.Service, shared, session is null ? new WcfOperationContext(_runtime, context) : new WcfOperationContext(session, context));
        }
        catch
        {
            session?.Exit();
            throw;
        }
    }

    /// <summary>Ends the call: a PerCall instance is disposed after the call (then its own session ends), a sessionless
    /// PerSession one when its one-call session has ended.</summary>
    private void Leave(Call call)
    {
        if (call.Shared is null && _instancing == InstanceMode.PerCall)
        {
            _runtime.Dispose(call.Service);
        }

        call.Context.EndCall();
        if (call.Shared is null && _instancing == InstanceMode.PerSession)
        {
            _runtime.Dispose(call.Service);
        }
    }

    /// <summary>Disposes a Single instance the host created (WCF: at host close), never one the caller supplied.</summary>
    public void Dispose()
    {
        _oneWay.Dispose();
        if (_ownsSingle && _single.IsValueCreated)
        {
            _runtime.Dispose(_single.Value.Service);
        }
    }

    private readonly record struct Call(TService Service, ServiceInstance? Shared, WcfOperationContext Context)
    {
        /// <summary>Waits for the shared instance's lock when its calls are serialized (completes at once otherwise).</summary>
        public Task WaitTurnAsync(CancellationToken cancellationToken) => Shared?.WaitTurnAsync(cancellationToken) ?? Task.CompletedTask;

        public void EndTurn() => Shared?.Gate?.Release();
    }
}
