#nullable disable
// Legacy code is not nullable-annotated; OperationContext.Current is null outside an operation, as in WCF.
using System.ServiceModel;
using System.ServiceModel.Channels;

namespace MigrateWcf.Runtime.Tests.Semantics.Legacy;

/// <summary>
/// A legacy-style implementation: the subscription code is shaped like samples/LegacyWcf/Services/StockWatchService.cs
/// (OperationContext.Current, GetCallbackChannel, Channel.Closed/Faulted, a cast to ICommunicationObject). With
/// <c>using System.ServiceModel</c> it compiles unchanged; <c>OperationContext</c> binds to the shadow beside it.
/// </summary>
public sealed class CounterService(ServiceLog log) : ICounter, IDisposable
{
    private readonly int _id = log.NewInstance();
    private int _total;
    private ICounterCallback _callback;

    public int Increment(int by) => Interlocked.Add(ref _total, by);

    public async Task HoldAsync(string probe)
    {
        var active = log.Enter();
        try
        {
            log.Entered(probe).TrySetResult(active);
            await log.Release(probe).Task;

            // Still the caller's session after an await (the context flows like WCF's AsyncLocal one).
            log.SessionIds[probe] = OperationContext.Current?.SessionId;
            log.IncomingRequests[probe] = IncomingRequest();
        }
        finally
        {
            log.Exit();
        }
    }

    public int Divide(int dividend, int divisor)
    {
        if (divisor == 0)
        {
            throw new FaultException<DivisionFault>(
                new DivisionFault { Dividend = dividend, Hint = "use a divisor other than 0" },
                new FaultReason("Division by zero"),
                new FaultCode("Sender", new FaultCode("DivideByZero", "urn:counter")),
                "urn:counter/divide");
        }

        return dividend / divisor;
    }

    public void Fail(string secret, bool asFault)
    {
        if (asFault)
        {
            throw new FaultException("Refused: " + secret);
        }

        throw new InvalidOperationException("Internal detail " + secret);
    }

    public Task WaitAsync() => WaitAsync(CancellationToken.None);

    public async Task WaitAsync(CancellationToken cancellationToken)
    {
        try
        {
            await Task.Delay(Timeout.Infinite, cancellationToken);
        }
        catch (OperationCanceledException)
        {
            log.WaitCancelled.TrySetResult();
            throw;
        }
    }

    public void Record(string entry) => Record(entry, CancellationToken.None);

    public void Record(string entry, CancellationToken cancellationToken)
    {
        log.RecordStarted.TrySetResult(entry);
        switch (entry)
        {
            case "throw":
                throw new InvalidOperationException("one-way failure");
            case "until-stop":
                cancellationToken.WaitHandle.WaitOne();
                log.Recorded.Enqueue("stopped");
                return;
            case "hold":
                log.Release("record").Task.Wait();
                // Read after the call was acknowledged: the request is gone by now.
                log.IncomingRequests["record"] = IncomingRequest();
                break;
        }

        log.Recorded.Enqueue(entry);
    }

    /// <summary>Read the way WCF code reads an HTTP header.</summary>
    private static string IncomingRequest()
    {
        var properties = OperationContext.Current.IncomingMessageProperties;
        var http = (HttpRequestMessageProperty)properties[HttpRequestMessageProperty.Name];
        return $"{http.Headers["x-tenant"]} {http.Method} {properties.Via?.Scheme}";
    }

    public int Subscribe(int count)
    {
        OperationContext context = OperationContext.Current;
        lock (log.Subscribers)
        {
            if (_callback == null)
            {
                _callback = context.GetCallbackChannel<ICounterCallback>();
                log.Subscribers.Add(this);
                log.CallbackProxies.Enqueue(_callback);

                // A closed or faulted session must stop receiving notifications.
                context.Channel.Closed += (sender, e) => Unsubscribe("closed");
                context.Channel.Faulted += (sender, e) => Unsubscribe("faulted");
            }
        }

        for (var i = 1; i <= count; i++)
        {
            _callback.Progress(i);
        }

        return count;
    }

    public string Publish(int value)
    {
        List<CounterService> targets;
        lock (log.Subscribers)
        {
            targets = [.. log.Subscribers];
        }

        var answers = new List<string>();
        foreach (var subscriber in targets)
        {
            var channel = (ICommunicationObject)subscriber._callback;
            if (channel.State != CommunicationState.Opened)
            {
                continue;
            }

            try
            {
                subscriber._callback.Progress(value);
                answers.Add(subscriber._callback.Confirm("value " + value + "?"));
            }
            catch (CommunicationException)
            {
                // The session ended while we were notifying it.
            }
        }

        return string.Join(",", answers);
    }

    public void Dispose() => log.Disposed(_id);

    private void Unsubscribe(string how)
    {
        lock (log.Subscribers)
        {
            log.Subscribers.Remove(this);
        }

        log.SessionEnded(how).TrySetResult();
    }
}

/// <summary>Sends its ticks after Start returned, from another thread, until the session ends.</summary>
public sealed class TickerService(ServiceLog log) : ITicker
{
    public void Start(int count)
    {
        var callback = OperationContext.Current.GetCallbackChannel<ITickerCallback>();
        _ = Task.Run(async () =>
        {
            await log.Release("ticks").Task;
            for (var n = 1; n <= count; n++)
            {
                callback.Tick(n);
            }

            log.Entered("ticks-sent").TrySetResult(count);
        });
    }
}
