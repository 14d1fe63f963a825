namespace MigrateWcf.Runtime;

public sealed class WcfServiceOptions
{
    /// <summary>A session without calls for this long ends (WCF's receiveTimeout); checked every quarter of it. An
    /// open Callbacks stream keeps its session alive.</summary>
    public TimeSpan SessionTimeout { get; set; } = TimeSpan.FromMinutes(10);

    /// <summary>How long a two-way callback waits for the client's reply (WCF's sendTimeout).</summary>
    public TimeSpan CallbackTimeout { get; set; } = TimeSpan.FromMinutes(1);

    /// <summary>How many one-way calls of one service run at once, each on a thread of its own (a blocking one-way
    /// implementation holds no thread-pool thread); WCF's serviceThrottling maxConcurrentCalls is the natural value.</summary>
    public int OneWayWorkers
    {
        get;
        set => field = value >= 1 ? value : throw new ArgumentOutOfRangeException(nameof(OneWayWorkers), value, "At least one worker is needed.");
    } = 16;

    /// <summary>How many more one-way calls of one service may wait for a worker; a call beyond them is refused at once
    /// with RESOURCE_EXHAUSTED instead of queueing without bound.</summary>
    public int OneWayQueueLimit
    {
        get;
        set => field = value >= 0 ? value : throw new ArgumentOutOfRangeException(nameof(OneWayQueueLimit), value, "The limit cannot be negative.");
    } = 1000;

    public FaultDetailRegistry Faults { get; } = new();
}
