using Google.Protobuf.WellKnownTypes;
using Grpc.Core;
using MigrateWcf.Runtime.Tests.Semantics.Grpc;
using MigrateWcf.Runtime.Tests.Semantics.Legacy;

namespace MigrateWcf.Runtime.Tests.Semantics.Migrated;

// Hand-written the way issue 13's emitter will write them: map the request, call through the invoker, map the result.

public sealed class CounterAdapter(ServiceInvoker<CounterService> invoker) : Counter.CounterBase
{
    public override Task<IncrementResponse> Increment(IncrementRequest request, ServerCallContext context)
        => invoker.Invoke(context, (service, _) => new IncrementResponse { Result = service.Increment(request.By) });

    public override Task<Empty> Hold(HoldRequest request, ServerCallContext context)
        => invoker.InvokeAsync(context, async (service, _) =>
        {
            await service.HoldAsync(request.Probe);
            return new Empty();
        });

    public override Task<DivideResponse> Divide(DivideRequest request, ServerCallContext context)
        => invoker.Invoke(context, (service, _) => new DivideResponse { Result = service.Divide(request.Dividend, request.Divisor) });

    public override Task<Empty> Fail(FailRequest request, ServerCallContext context)
        => invoker.Invoke(context, (service, _) =>
        {
            service.Fail(request.Secret, request.AsFault);
            return new Empty();
        });

    // The implementation has an overload taking a CancellationToken: the adapter passes the call's token.
    public override Task<Empty> Wait(Empty request, ServerCallContext context)
        => invoker.InvokeAsync(context, async (service, cancellationToken) =>
        {
            await service.WaitAsync(cancellationToken);
            return new Empty();
        });

    public override Task<Empty> Record(RecordRequest request, ServerCallContext context)
        => invoker.InvokeOneWay(context, (service, cancellationToken) => service.Record(request.Entry, cancellationToken));

    public override Task<SubscribeResponse> Subscribe(SubscribeRequest request, ServerCallContext context)
        => invoker.Invoke(context, (service, _) => new SubscribeResponse { Result = service.Subscribe(request.Count) });

    public override Task<PublishResponse> Publish(PublishRequest request, ServerCallContext context)
        => invoker.Invoke(context, (service, _) => new PublishResponse { Result = service.Publish(request.Value) });

    public override Task Callbacks(IAsyncStreamReader<CounterCallbackReply> requestStream, IServerStreamWriter<CounterCallback> responseStream, ServerCallContext context)
        => invoker.ServeCallbacksAsync(context, requestStream, responseStream, reply => reply.CallId, channel => new CounterCallbackProxy(channel));
}

/// <summary>The server's ICounterCallback: each callback method becomes one envelope on the session's stream.</summary>
internal sealed class CounterCallbackProxy(CallbackChannel<CounterCallback, CounterCallbackReply> channel)
    : CallbackProxy<CounterCallback, CounterCallbackReply>(channel), ICounterCallback
{
    public void Progress(int value) => Channel.Send(new CounterCallback { Progress = new ProgressCallback { Value = value } });

    public string Confirm(string question)
        => Channel.Invoke(callId => new CounterCallback { CallId = callId, Confirm = new ConfirmCallback { Question = question } }).Confirm.Result;
}

public sealed class TickerAdapter(ServiceInvoker<TickerService> invoker) : Ticker.TickerBase
{
    public override Task<Empty> Start(StartRequest request, ServerCallContext context)
        => invoker.Invoke(context, (service, _) =>
        {
            service.Start(request.Count);
            return new Empty();
        });

    public override Task Callbacks(Empty request, IServerStreamWriter<TickerCallback> responseStream, ServerCallContext context)
        => invoker.ServeCallbacksAsync(context, responseStream, channel => new TickerCallbackProxy(channel));
}

internal sealed class TickerCallbackProxy(CallbackChannel<TickerCallback, Empty> channel) : CallbackProxy<TickerCallback, Empty>(channel), ITickerCallback
{
    public void Tick(int n) => Channel.Send(new TickerCallback { Tick = new TickCallback { N = n } });
}

/// <summary>The fault detail types of the contracts, registered on the server and in the client shims.</summary>
public static class CounterFaults
{
    public static FaultDetailRegistry Register(FaultDetailRegistry faults) => faults.Add<Legacy.DivisionFault, Grpc.DivisionFault>(
        StatusCode.InvalidArgument,
        detail => new Grpc.DivisionFault { Dividend = detail.Dividend, Hint = detail.Hint ?? "" },
        message => new Legacy.DivisionFault { Dividend = message.Dividend, Hint = message.Hint });
}
