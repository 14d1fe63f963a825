using System.Collections.Concurrent;

namespace MigrateWcf.Runtime.Tests.Semantics.Legacy;

/// <summary>What the test services did, one per test host (injected into the implementations' constructors).</summary>
public sealed class ServiceLog
{
    private readonly ConcurrentDictionary<string, TaskCompletionSource<int>> _entered = new();
    private readonly ConcurrentDictionary<string, TaskCompletionSource> _released = new();
    private readonly ConcurrentDictionary<string, TaskCompletionSource> _ended = new();
    private int _instances;
    private int _active;
    private int _maxActive;

    public ConcurrentQueue<int> DisposedInstances { get; } = new();
    public TaskCompletionSource<int> FirstDispose { get; } = new(TaskCreationOptions.RunContinuationsAsynchronously);
    public ConcurrentQueue<string> Recorded { get; } = new();
    public TaskCompletionSource<string> RecordStarted { get; } = new(TaskCreationOptions.RunContinuationsAsynchronously);
    public TaskCompletionSource WaitCancelled { get; } = new(TaskCreationOptions.RunContinuationsAsynchronously);
    public List<CounterService> Subscribers { get; } = [];
    public ConcurrentQueue<ICounterCallback> CallbackProxies { get; } = new();
    public ConcurrentDictionary<string, string?> SessionIds { get; } = new();

    /// <summary>What an operation read from OperationContext.Current.IncomingMessageProperties, by probe: the x-tenant
    /// header of its HttpRequestMessageProperty, its method and the Via address's scheme.</summary>
    public ConcurrentDictionary<string, string?> IncomingRequests { get; } = new();

    public int InstancesCreated => Volatile.Read(ref _instances);
    public int MaxActive => Volatile.Read(ref _maxActive);
    public int Active => Volatile.Read(ref _active);

    public int NewInstance() => Interlocked.Increment(ref _instances);

    public void Disposed(int id)
    {
        DisposedInstances.Enqueue(id);
        FirstDispose.TrySetResult(id);
    }

    public int Enter()
    {
        var active = Interlocked.Increment(ref _active);
        int max;
        while (active > (max = Volatile.Read(ref _maxActive)) && Interlocked.CompareExchange(ref _maxActive, active, max) != max)
        {
        }

        return active;
    }

    public void Exit() => Interlocked.Decrement(ref _active);

    public TaskCompletionSource<int> Entered(string probe) => _entered.GetOrAdd(probe, _ => new(TaskCreationOptions.RunContinuationsAsynchronously));

    public TaskCompletionSource Release(string probe) => _released.GetOrAdd(probe, _ => new(TaskCreationOptions.RunContinuationsAsynchronously));

    public TaskCompletionSource SessionEnded(string how) => _ended.GetOrAdd(how, _ => new(TaskCreationOptions.RunContinuationsAsynchronously));
}
