using System.Diagnostics;
using System.Numerics;
using System.Runtime.InteropServices;
using System.Runtime.Versioning;
using Google.Protobuf;

namespace MigrateWcf.Runtime;

/// <summary>
/// The segments one end of a lane writes values into: sealed memfds on Linux, owner-only pagefile-backed sections on
/// Windows (<see cref="LaneSections"/>), each mapped here read-write and announced to the peer (which maps it read-only)
/// once, then reused. A segment holds one value at a time; its first 8 bytes hold the
/// generation of the value in it, written before the value, so a reader that copies while the segment is being reused
/// sees the generation change and discards what it read (a sequence lock). A segment is free again when the peer
/// releases the value, when the writer says so (the call ended), or when its lease runs out; free segments beyond
/// <see cref="IdleLimitBytes"/> are unmapped and dropped at the peer. A new segment is made only within
/// <paramref name="segments"/> (the session's bound, which the peer enforces too, inside the process's): past it, the
/// value is not moved and its call sends it as plain bytes. When the session closes, every segment is unmapped at once
/// except one a value is being copied into, which is unmapped when that copy ends.
/// </summary>
[SupportedOSPlatform("linux")]
[SupportedOSPlatform("windows")]
internal sealed unsafe class LaneOutbox(LaneConnection connection, TimeSpan leaseTimeout, LaneBudget segments)
{
    public const int HeaderBytes = 64;
    private const long MinimumCapacity = 64 * 1024;
    private const long IdleLimitBytes = 64L * 1024 * 1024;

    private readonly object _gate = new();
    private readonly object _announceGate = new();
    private readonly Dictionary<int, Segment> _segments = [];
    private readonly List<Segment> _free = [];
    private long _idleBytes;
    private int _nextId;
    private bool _closed;

    /// <summary>Copies <paramref name="value"/> into a segment and returns the reference that names it there.</summary>
    /// <exception cref="ObjectDisposedException">The session closed (before or during the copy).</exception>
    public LaneReference Write(ByteString value)
    {
        var segment = Lease(value.Length);
        try
        {
            var data = new Span<byte>((byte*)segment.Address + HeaderBytes, value.Length);
            // The generation first, then the value: a reader of the previous value sees the change.
            Volatile.Write(ref *(long*)segment.Address, segment.Generation);
            value.Span.CopyTo(data);
        }
        catch
        {
            Free(segment.Id, segment.Generation);
            throw;
        }

        lock (_gate)
        {
            if (!_closed)
            {
                segment.State = SegmentState.Published;
                return new(connection.Token, segment.Id, segment.Generation, value.Length);
            }
        }

        // Closed during the copy: nobody can read the value any more.
        Free(segment.Id, segment.Generation);
        throw new ObjectDisposedException(nameof(LaneOutbox), "The bulk lane closed.");
    }

    /// <summary>Frees the segment if it still holds the value of <paramref name="generation"/> (a late or repeated release
    /// of a value the segment no longer holds does nothing).</summary>
    public void Free(int id, uint generation)
    {
        Segment? retired = null;
        lock (_gate)
        {
            if (!_segments.TryGetValue(id, out var segment) || segment.State == SegmentState.Free || segment.Generation != generation)
            {
                return;
            }

            segment.State = SegmentState.Free;
            if (_closed || _idleBytes + segment.Capacity > IdleLimitBytes)
            {
                _segments.Remove(id);
                retired = segment;
            }
            else
            {
                _free.Add(segment);
                _idleBytes += segment.Capacity;
            }
        }

        if (retired is not null)
        {
            Unmap(retired);
            connection.TrySend(new LaneFrame(LaneFrameKind.Drop, retired.Id, 0));
            // Only now: a segment announced after this one's drop is counted by the peer after it too.
            segments.Return(retired.Capacity);
        }
    }

    /// <summary>Unmaps every segment but those a value is being copied into (unmapped when their copy ends): the peer is
    /// gone, so a published value will never be read.</summary>
    public void Close()
    {
        List<Segment> unmap;
        lock (_gate)
        {
            _closed = true;
            unmap = [.. _segments.Values.Where(s => s.State != SegmentState.Writing)];
            foreach (var segment in unmap)
            {
                _segments.Remove(segment.Id);
            }

            _free.Clear();
            _idleBytes = 0;
        }

        foreach (var segment in unmap)
        {
            Unmap(segment);
            segments.Return(segment.Capacity);
        }
    }

    private Segment Lease(long length)
    {
        lock (_gate)
        {
            ObjectDisposedException.ThrowIf(_closed, this);
            ReclaimExpiredLeases();
            Segment? best = null;
            foreach (var candidate in _free)
            {
                if (candidate.Capacity >= length && (best is null || candidate.Capacity < best.Capacity))
                {
                    best = candidate;
                }
            }

            if (best is not null)
            {
                _free.Remove(best);
                _idleBytes -= best.Capacity;
                return Take(best);
            }
        }

        return Create(length);
    }

    private Segment Create(long length)
    {
        var capacity = Math.Max(MinimumCapacity, (long)BitOperations.RoundUpToPowerOf2((ulong)length));
        if (capacity > LaneInbox.MaximumCapacity || !TryTake(capacity))
        {
            // The peer would refuse the segment and end the session; the value goes as plain bytes instead.
            throw new IOException("Bulk lane: the session's segments are at their bound.");
        }

        try
        {
            return OperatingSystem.IsLinux() ? CreateMemfd(capacity)
                : OperatingSystem.IsWindows() ? CreateSection(capacity)
                : throw new PlatformNotSupportedException("The bulk lane runs on Linux and Windows.");
        }
        catch
        {
            segments.Return(capacity);
            throw;
        }
    }

    [SupportedOSPlatform("linux")]
    private Segment CreateMemfd(long capacity)
    {
        var fd = LaneNative.CreateSealedMemfd(HeaderBytes + capacity);
        try
        {
            var address = LaneNative.Map(fd, HeaderBytes + capacity, writable: true);
            return Announce(capacity, address, null, fd);
        }
        finally
        {
            // The mapping here and the peer's copy of the descriptor keep the memory; this descriptor is not needed.
            LaneNative.Close(fd);
        }
    }

    /// <summary>A section is named after its id, so the id is given before it is made; the handle stays open with the
    /// segment (its name lives as long as a handle does), for the peer to open it by that name.</summary>
    [SupportedOSPlatform("windows")]
    private Segment CreateSection(long capacity)
    {
        lock (_announceGate)
        {
            int id;
            lock (_gate)
            {
                id = _nextId++;
            }

            var section = LaneSections.Create(LaneSections.Name(connection.Token, connection.IsHost, id), HeaderBytes + capacity);
            try
            {
                return Announce(capacity, LaneSections.Map(section, HeaderBytes + capacity, writable: true), section, -1, id);
            }
            catch
            {
                section.Dispose();
                throw;
            }
        }
    }

    /// <summary>Registers a mapped segment and announces it. Ids are announced in the order they are given, so the reader
    /// knows an id above its highest is yet to come.</summary>
    private Segment Announce(long capacity, nint address, SafeHandle? section, int fd, int id = -1)
    {
        lock (_announceGate)
        {
            Segment segment;
            lock (_gate)
            {
                segment = Take(new Segment(id >= 0 ? id : _nextId++, capacity, address, section));
                _segments.Add(segment.Id, segment);
            }

            try
            {
                connection.Send(new LaneFrame(LaneFrameKind.Segment, segment.Id, capacity), fd);
            }
            catch
            {
                lock (_gate)
                {
                    _segments.Remove(segment.Id);
                }

                Unmap(segment);
                throw;
            }

            return segment;
        }
    }

    /// <summary>Unmaps a segment this end no longer writes; on Windows its section's name goes with the handle.</summary>
    private static void Unmap(Segment segment)
    {
        UnmapView(segment.Address, segment.Capacity);
        segment.Section?.Dispose();
    }

    /// <summary>Unmaps a segment's view of <paramref name="capacity"/> bytes (and its header), this end's or the peer's.</summary>
    internal static void UnmapView(nint address, long capacity)
    {
        if (OperatingSystem.IsLinux())
        {
            LaneNative.Unmap(address, HeaderBytes + capacity);
        }
        else if (OperatingSystem.IsWindows())
        {
            LaneSections.Unmap(address);
        }
    }

    /// <summary>Takes a new segment's room from the bound, dropping free segments (smallest first) while that makes
    /// room: a pool of idle segments never keeps a value from the lane.</summary>
    private bool TryTake(long capacity)
    {
        while (!segments.TryTake(capacity))
        {
            Segment? retired;
            lock (_gate)
            {
                retired = _free.Count == 0 ? null : _free.MinBy(s => s.Capacity);
                if (retired is not null)
                {
                    _free.Remove(retired);
                    _idleBytes -= retired.Capacity;
                    _segments.Remove(retired.Id);
                }
            }

            if (retired is null)
            {
                return false;
            }

            Unmap(retired);
            connection.TrySend(new LaneFrame(LaneFrameKind.Drop, retired.Id, 0));
            segments.Return(retired.Capacity);
        }

        return true;
    }

    private static Segment Take(Segment segment)
    {
        segment.State = SegmentState.Writing;
        segment.Generation++;
        segment.LeasedAt = Stopwatch.GetTimestamp();
        return segment;
    }

    /// <summary>Values nobody released within the lease (a caller that cancelled before reading its response): their
    /// segments are reused; a reader that comes later still sees the generation change.</summary>
    private void ReclaimExpiredLeases()
    {
        var now = Stopwatch.GetTimestamp();
        foreach (var segment in _segments.Values)
        {
            if (segment.State == SegmentState.Published && Stopwatch.GetElapsedTime(segment.LeasedAt, now) > leaseTimeout)
            {
                segment.State = SegmentState.Free;
                _free.Add(segment);
                _idleBytes += segment.Capacity;
            }
        }
    }

    private sealed class Segment(int id, long capacity, nint address, SafeHandle? section)
    {
        public int Id { get; } = id;

        public long Capacity { get; } = capacity;

        public nint Address { get; } = address;

        /// <summary>Windows: the section's handle, kept while the segment lives.</summary>
        public SafeHandle? Section { get; } = section;

        public uint Generation { get; set; }

        public SegmentState State { get; set; }

        public long LeasedAt { get; set; }
    }

    private enum SegmentState
    {
        Free,

        /// <summary>A value is being copied in.</summary>
        Writing,

        /// <summary>Holds a value a reference names, until the reader releases it.</summary>
        Published,
    }
}
