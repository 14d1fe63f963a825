namespace MigrateWcf.Runtime;

/// <summary>
/// A bounded resource of the lanes: a number of things (connections, mapped segments) and, optionally, their bytes,
/// taken when one is made and returned when it is gone. A budget may sit inside a wider one (a session's segments inside
/// the process's): taking from it takes from both or from neither.
/// </summary>
internal sealed class LaneBudget(long maxCount, long maxBytes = long.MaxValue, LaneBudget? within = null)
{
    private readonly object _gate = new();
    private long _count;
    private long _bytes;

    public long MaxCount { get; } = maxCount;

    public long MaxBytes { get; } = maxBytes;

    public long Count
    {
        get
        {
            lock (_gate)
            {
                return _count;
            }
        }
    }

    /// <summary>Takes one more of <paramref name="bytes"/> bytes; false, taking nothing, when this budget or the one
    /// it sits in would pass its bound.</summary>
    public bool TryTake(long bytes = 0)
    {
        lock (_gate)
        {
            if (_count >= MaxCount || bytes > MaxBytes - _bytes)
            {
                return false;
            }

            if (within is not null && !within.TryTake(bytes))
            {
                return false;
            }

            _count++;
            _bytes += bytes;
            return true;
        }
    }

    /// <summary>Gives back one taken with <paramref name="bytes"/> bytes.</summary>
    public void Return(long bytes = 0)
    {
        lock (_gate)
        {
            _count--;
            _bytes -= bytes;
        }

        within?.Return(bytes);
    }
}
