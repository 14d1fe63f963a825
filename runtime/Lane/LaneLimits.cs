using System.Globalization;

namespace MigrateWcf.Runtime;

/// <summary>
/// The bounds of both lanes and their defaults, as Kestrel bounds HTTP/2 (<c>KestrelServerLimits</c>,
/// <c>Http2Limits</c>). What each bound does when it is reached is written in docs/call-lane.md and docs/bulk-lane.md
/// ("Bounds").
/// </summary>
internal static class LaneLimits
{
    /// <summary>Calls a caller may have running on one call-lane connection: 100, Kestrel's
    /// <c>Http2Limits.MaxStreamsPerConnection</c>. The host announces it in its greeting.</summary>
    public const int MaxCallsPerConnection = 100;

    /// <summary>Bytes of frames a call-lane connection holds for its peer beyond what the socket took, before the calls
    /// writing more wait for room: 64 KiB, Kestrel's <c>MaxResponseBufferSize</c>.</summary>
    public const int MaxUnsentBytes = 64 * 1024;

    /// <summary>Segments one side of a bulk-lane session may have announced and not dropped: 1,024.</summary>
    public const int MaxSegmentsPerSession = 1024;

    /// <summary>Bytes those segments may hold together: 4 GiB (a segment holds at most 1 GiB).</summary>
    public const long MaxSegmentBytesPerSession = 4L << 30;

    /// <summary>How long a write may wait for the peer to take it before the connection ends: 5 s, Kestrel's grace
    /// period for <c>MinResponseDataRate</c>. A peer that stops reading loses its connection.</summary>
    public static readonly TimeSpan WriteTimeout = TimeSpan.FromSeconds(5);

    /// <summary>How long a client waits for the host's greeting on a new lane connection before it uses HTTP/2.</summary>
    public static readonly TimeSpan GreetingTimeout = TimeSpan.FromSeconds(5);

    /// <summary>
    /// Descriptors a lane leaves the process whatever its connection bound says: a sixteenth of the open-file limit, at
    /// least 32. A .NET process with none left cannot start a thread (the thread pool then aborts it, "Out of memory.")
    /// nor load an assembly; a connection that would leave fewer is closed at accept.
    /// </summary>
    public static long DescriptorHeadroom(long openFileLimit) => Math.Max(32, openFileLimit / 16);

    /// <summary>The longest a failing accept loop waits before it tries again (it starts at 10 ms and doubles).</summary>
    public static readonly TimeSpan MaxAcceptBackoff = TimeSpan.FromSeconds(1);

    /// <summary>
    /// Connections a host's lanes keep open at once, both lanes and every endpoint together, unless
    /// <see cref="GrpcHostOptions.MaxLaneConnections"/> says otherwise: a quarter of the process's open-file limit
    /// (RLIMIT_NOFILE) when it starts, at most 4,096. Each connection holds one descriptor, so three quarters stay for
    /// Kestrel, the services and the runtime itself (an idle host holds about 220). On Windows, where a process's handles
    /// have no such small limit, 4,096.
    /// </summary>
    public static int DefaultMaxConnections() => OperatingSystem.IsLinux() ? (int)Math.Clamp(LaneNative.OpenFileLimit() / 4, 1, 4096) : 4096;

    /// <summary>
    /// Lane segments this process maps at once, every session and both directions together: a quarter of the kernel's
    /// per-process limit on mappings (<c>vm.max_map_count</c>, 65,530 by default), at most 16,384. The runtime needs the
    /// rest for its own memory and code (past the limit, the JIT fails fatally: "Failed to create RW mapping for RX
    /// memory").
    /// </summary>
    public static LaneBudget ProcessSegments { get; } = new(Math.Min(16_384, MaxMapCount() / 4));

    private static long MaxMapCount()
    {
        try
        {
            return long.Parse(File.ReadAllText("/proc/sys/vm/max_map_count").Trim(), CultureInfo.InvariantCulture);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException or FormatException or OverflowException)
        {
            return 65_530;
        }
    }
}
