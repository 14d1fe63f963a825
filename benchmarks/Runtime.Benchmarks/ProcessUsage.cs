using System.Runtime.InteropServices;

namespace MigrateWcf.Runtime.Benchmarks;

/// <summary>This process's counters that /proc cannot sum reliably (threads that exit take theirs with them):
/// getrusage(RUSAGE_SELF) keeps the totals of every thread, living or not.</summary>
internal static class ProcessUsage
{
    private const int RusageSelf = 0;

    // struct rusage on 64-bit Linux: two timevals (4 longs) then 14 longs; ru_nvcsw and ru_nivcsw are the last two.
    private const int RusageLongs = 18;

    /// <summary>Voluntary plus involuntary context switches of all threads so far: each a wait for I/O or a lock
    /// (a thread hop) or a preemption.</summary>
    public static long ContextSwitches()
    {
        var usage = new long[RusageLongs];
        return getrusage(RusageSelf, usage) == 0 ? usage[16] + usage[17] : -1;
    }

    // DllImport rather than LibraryImport: the generated marshalling code needs AllowUnsafeBlocks.
    [DllImport("libc", SetLastError = true)]
    private static extern int getrusage(int who, [Out] long[] usage);
}
