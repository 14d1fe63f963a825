using System.Collections.Concurrent;

namespace MigrateWcf.Runtime;

/// <summary>
/// One service's one-way work: at most <see cref="WcfServiceOptions.OneWayWorkers"/> items run at once, each on a
/// dedicated thread (a blocking implementation never holds thread-pool threads, so two-way calls keep theirs), and at
/// most <see cref="WcfServiceOptions.OneWayQueueLimit"/> more wait; beyond that a call is refused at once.
/// </summary>
internal sealed class OneWayQueue : IDisposable
{
    private readonly BlockingCollection<WorkItem> _items = new(new ConcurrentQueue<WorkItem>());
    private readonly Lock _order = new();
    private readonly int _workers;
    private readonly int _capacity;
    private readonly string _threadName;
    private int _pending; // accepted and not finished: waiting plus running
    private int _threads;

    // workers: the service's own number of workers (its WCF serviceThrottling maxConcurrentCalls), else the options'.
    public OneWayQueue(WcfServiceOptions options, Type service, int? workers = null)
    {
        if (workers is < 1)
        {
            throw new ArgumentOutOfRangeException(nameof(workers), workers, "At least one worker is needed.");
        }

        _workers = workers ?? options.OneWayWorkers;
        _capacity = checked(_workers + options.OneWayQueueLimit);
        _threadName = "one-way " + service.Name;
        Refusal = $"The one-way queue of {service.Name} is full ({options.OneWayQueueLimit} waiting); try again later.";
    }

    /// <summary>The RESOURCE_EXHAUSTED message of a refused call.</summary>
    public string Refusal { get; }

    /// <summary>Takes a place for one call; false when the queue is full. A place taken is given back by
    /// <see cref="Add"/>'s work ending or by <see cref="Cancel"/>.</summary>
    public bool TryReserve()
    {
        if (Interlocked.Increment(ref _pending) <= _capacity)
        {
            return true;
        }

        Interlocked.Decrement(ref _pending);
        return false;
    }

    public void Cancel() => Interlocked.Decrement(ref _pending);

    /// <summary>
    /// Queues work reserved by <see cref="TryReserve"/>; returns the task that ends with it. <paramref name="takeTurn"/>
    /// (the instance's lock wait) runs under the same lock as the enqueue, so the queue's order is the instances' lock
    /// order: the oldest unfinished item can always take its turn, and workers never wait on items behind them.
    /// </summary>
    public Task Add(Func<Task> takeTurn, Func<Task, Task> run)
    {
        var item = new WorkItem(run, ExecutionContext.Capture());
        lock (_order)
        {
            item.Turn = takeTurn();
            _items.Add(item);
            if (_threads < _workers && Volatile.Read(ref _pending) > _threads)
            {
                _threads++;
                new Thread(Work) { IsBackground = true, Name = _threadName }.Start();
            }
        }

        return item.Done.Task;
    }

    private void Work()
    {
        foreach (var item in _items.GetConsumingEnumerable())
        {
            try
            {
                if (item.Context is { } context)
                {
                    ExecutionContext.Run(context, static state => ((WorkItem)state!).Start(), item);
                }
                else
                {
                    item.Start();
                }

                item.Work!.GetAwaiter().GetResult(); // the operation catches and logs its own failures
            }
            catch (Exception)
            {
                // Nothing escapes a worker: the operation already logged what it could.
            }
            finally
            {
                Interlocked.Decrement(ref _pending);
                item.Done.TrySetResult();
            }
        }
    }

    /// <summary>Ends the workers once the queue is empty (the host has awaited its one-way work before).</summary>
    public void Dispose() => _items.CompleteAdding();

    private sealed class WorkItem(Func<Task, Task> run, ExecutionContext? context)
    {
        public ExecutionContext? Context => context;

        public Task Turn { get; set; } = Task.CompletedTask;

        public Task? Work { get; private set; }

        public TaskCompletionSource Done { get; } = new(TaskCreationOptions.RunContinuationsAsynchronously);

        public void Start() => Work = run(Turn);
    }
}
