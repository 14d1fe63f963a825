using System.Runtime.Versioning;

namespace MigrateWcf.Runtime;

/// <summary>
/// The peer's segments, mapped read-only: values are copied out of them into arrays the caller owns. A segment is
/// accepted only when the peer cannot take pages away from under a read: on Linux a memfd sealed against shrinking and
/// growing with the announced size, on Windows a pagefile-backed section (whose size is fixed) at least that size. A reference is honoured only when it names this session, a segment the peer
/// announced, a length within it, and a generation that is still the segment's after the copy. The segments mapped at
/// once are bounded by <paramref name="segments"/> (the session's, inside the process's): an announcement past it is
/// refused, and the peer loses the session.
/// </summary>
[SupportedOSPlatform("linux")]
[SupportedOSPlatform("windows")]
internal sealed unsafe class LaneInbox(LaneBudget segments)
{
    /// <summary>The largest segment a peer may announce: 1 GiB.</summary>
    public const long MaximumCapacity = 1L << 30;

    /// <summary>How long a reference to a segment not yet announced waits for its announcement (it travels on the lane
    /// socket, the reference on the gRPC connection).</summary>
    private static readonly TimeSpan AnnouncementWait = TimeSpan.FromSeconds(2);

    private readonly object _gate = new();
    private readonly Dictionary<int, Mapping> _mappings = [];
    private int _highestId = -1;
    private bool _closed;

    /// <summary>Maps an announced segment and closes the descriptor. Null when it is mapped; why not (the peer broke
    /// the protocol or a bound, or the mapping failed) otherwise.</summary>
    [SupportedOSPlatform("linux")]
    public string? Add(int id, long capacity, int fd)
    {
        try
        {
            var (seals, size) = LaneNative.Inspect(fd);
            const int required = LaneNative.SealShrink | LaneNative.SealGrow;
            if (seals < 0 || (seals & required) != required || capacity <= 0 || capacity > MaximumCapacity
                || size != LaneOutbox.HeaderBytes + capacity)
            {
                return "a segment is not a memfd sealed against shrinking and growing with the announced size";
            }

            return Admit(id, capacity, () => LaneNative.Map(fd, LaneOutbox.HeaderBytes + capacity, writable: false));
        }
        finally
        {
            LaneNative.Close(fd);
        }
    }

    /// <summary>Maps the announced segment whose section is named <paramref name="sectionName"/>. A section that is gone
    /// already (its writer dropped the segment before this end opened it) is no fault: the id is passed over.</summary>
    [SupportedOSPlatform("windows")]
    public string? Add(int id, long capacity, string sectionName)
    {
        if (capacity <= 0 || capacity > MaximumCapacity)
        {
            return "a segment's announced size is out of range";
        }

        Microsoft.Win32.SafeHandles.SafeFileHandle? section;
        try
        {
            section = LaneSections.OpenForReading(sectionName);
        }
        catch (IOException e)
        {
            return e.Message;
        }

        if (section is null)
        {
            return Admit(id, capacity, null);
        }

        using (section)
        {
            return !LaneSections.IsPagefileBacked(section, LaneOutbox.HeaderBytes + capacity)
                ? "a segment is not a pagefile-backed section of the announced size"
                : Admit(id, capacity, () => LaneSections.Map(section, LaneOutbox.HeaderBytes + capacity, writable: false));
        }
    }

    /// <summary>Takes a checked segment within the bound and maps it (<paramref name="map"/>; null: it is gone, only its
    /// id is counted as announced).</summary>
    private string? Admit(int id, long capacity, Func<nint>? map)
    {
        lock (_gate)
        {
            if (_closed)
            {
                return null;
            }

            if (id <= _highestId)
            {
                return "a segment id was announced out of order";
            }

            if (map is null)
            {
                _highestId = id;
                Monitor.PulseAll(_gate);
                return null;
            }
        }

        if (!segments.TryTake(capacity))
        {
            return $"the session announced more segments than its bound ({segments.MaxCount} mapped at once, {segments.MaxBytes >> 30} GiB in all) or the process's ({LaneLimits.ProcessSegments.MaxCount})";
        }

        nint address;
        try
        {
            address = map();
        }
        catch (IOException e)
        {
            segments.Return(capacity);
            return e.Message;
        }

        lock (_gate)
        {
            if (!_closed)
            {
                _mappings.Add(id, new Mapping(address, capacity));
                _highestId = id;
                Monitor.PulseAll(_gate);
                return null;
            }
        }

        // Closed while it was mapped: nobody will read it.
        LaneOutbox.UnmapView(address, capacity);
        segments.Return(capacity);
        return null;
    }

    public void Drop(int id)
    {
        Mapping? unmap = null;
        lock (_gate)
        {
            if (_mappings.Remove(id, out var mapping))
            {
                mapping.Dropped = true;
                unmap = mapping.Readers == 0 ? mapping : null;
                // Counted as gone once the peer dropped it, as the peer counts it; a read still copying keeps the mapping
                // a moment longer.
                segments.Return(mapping.Capacity);
            }
        }

        if (unmap is not null)
        {
            LaneOutbox.UnmapView(unmap.Address, unmap.Capacity);
        }
    }

    /// <summary>Copies the value <paramref name="reference"/> names into a new array.</summary>
    /// <exception cref="LaneReferenceException">The reference cannot be honoured.</exception>
    public byte[] Read(LaneReference reference)
    {
        Mapping mapping;
        lock (_gate)
        {
            var deadline = DateTime.UtcNow + AnnouncementWait;
            while (!_closed && reference.Segment > _highestId)
            {
                // Read the clock once: a deadline passed between a check and the wait would be a negative timeout,
                // which Monitor.Wait refuses with an exception that reached the caller as UNKNOWN.
                var left = deadline - DateTime.UtcNow;
                if (left <= TimeSpan.Zero)
                {
                    break;
                }

                Monitor.Wait(_gate, left);
            }

            if (_closed)
            {
                throw new LaneReferenceException("the bulk lane closed");
            }

            if (reference.Segment < 0 || !_mappings.TryGetValue(reference.Segment, out mapping!))
            {
                throw new LaneReferenceException("the reference names no segment of this session");
            }

            if (reference.Length < 0 || reference.Length > mapping.Capacity || reference.Length > Array.MaxLength)
            {
                throw new LaneReferenceException("the reference's length is out of its segment's range");
            }

            mapping.Readers++;
        }

        try
        {
            var generation = (long*)mapping.Address;
            var value = GC.AllocateUninitializedArray<byte>((int)reference.Length);
            if (Volatile.Read(ref *generation) != reference.Generation)
            {
                throw new LaneReferenceException("the segment no longer holds the value the reference names");
            }

            new ReadOnlySpan<byte>((byte*)mapping.Address + LaneOutbox.HeaderBytes, value.Length).CopyTo(value);
            Interlocked.MemoryBarrier();
            return Volatile.Read(ref *generation) == reference.Generation ? value
                : throw new LaneReferenceException("the segment was reused while the value was read");
        }
        finally
        {
            bool unmap;
            lock (_gate)
            {
                mapping.Readers--;
                unmap = mapping.Dropped && mapping.Readers == 0;
            }

            if (unmap)
            {
                LaneOutbox.UnmapView(mapping.Address, mapping.Capacity);
            }
        }
    }

    /// <summary>Unmaps every segment no read is copying from; those are unmapped when their reads end.</summary>
    public void Close()
    {
        List<Mapping> unmap;
        lock (_gate)
        {
            _closed = true;
            unmap = [.. _mappings.Values.Where(m => m.Readers == 0)];
            foreach (var mapping in _mappings.Values)
            {
                mapping.Dropped = true;
                segments.Return(mapping.Capacity);
            }

            _mappings.Clear();
            Monitor.PulseAll(_gate);
        }

        foreach (var mapping in unmap)
        {
            LaneOutbox.UnmapView(mapping.Address, mapping.Capacity);
        }
    }

    private sealed class Mapping(nint address, long capacity)
    {
        public nint Address { get; } = address;

        public long Capacity { get; } = capacity;

        public int Readers { get; set; }

        public bool Dropped { get; set; }
    }
}
