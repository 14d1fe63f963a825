using System.Diagnostics;
using System.Globalization;

namespace MigrateWcf.Migration.Benchmarks;

/// <summary>The machine state a cell runs in. On a VM a vCPU that has halted (idle) takes tens of microseconds to wake
/// (measured here: raw_echo.py's 1-byte echo ~68 µs p50 with the machine idle, ~6 µs with another core kept busy), which
/// is a property of the machine, not of any implementation; so every row of a cell runs in one stated state and ratios
/// are taken only within it. <see cref="Idle"/>: the harness adds nothing (other users may keep cores awake: the report
/// shows their CPU share). <see cref="Awake"/>: <see cref="CpuWaker"/> keeps the spare cores busy at the lowest priority.</summary>
internal enum CpuState
{
    Idle,
    Awake,
}

internal static class CpuStates
{
    public static string Label(this CpuState state) => state == CpuState.Awake ? "cpu awake" : "cpu idle";

    public static bool TryParse(string text, out CpuState state)
    {
        state = text == "awake" ? CpuState.Awake : CpuState.Idle;
        return text is "idle" or "awake";
    }
}

/// <summary>Keeps the spare cores awake while it lives: one spinner process (<c>sh</c> looping on <c>:</c>) at the
/// lowest priority (nice 19) per core beyond the one a 1-thread ping-pong uses, so a woken benchmark thread preempts a
/// spinner on a running vCPU instead of waiting for a halted one. Its own processes, killed by their ids on dispose.
/// Spinners are separate processes so their CPU time never counts as the client's.</summary>
internal sealed class CpuWaker : IDisposable
{
    private readonly List<Process> _spinners = [];

    private CpuWaker()
    {
    }

    public static int SpinnerCount => Math.Max(1, Environment.ProcessorCount - 1);

    public static CpuWaker? For(CpuState state) => state == CpuState.Awake ? Start() : null;

    private static CpuWaker Start()
    {
        var waker = new CpuWaker();
        try
        {
            for (var i = 0; i < SpinnerCount; i++)
            {
                var info = new ProcessStartInfo("sh") { UseShellExecute = false };
                info.ArgumentList.Add("-c");
                info.ArgumentList.Add("while :; do :; done");
                var spinner = Process.Start(info) ?? throw new InvalidOperationException("sh did not start.");
                waker._spinners.Add(spinner);
                spinner.PriorityClass = ProcessPriorityClass.Idle;
            }
        }
        catch
        {
            waker.Dispose();
            throw;
        }

        // Let the spinners reach their cores before anything is measured.
        Thread.Sleep(200);
        return waker;
    }

    public void Dispose()
    {
        foreach (var spinner in _spinners)
        {
            try
            {
                spinner.Kill();
                spinner.WaitForExit();
            }
            catch (InvalidOperationException)
            {
                // Already gone.
            }

            spinner.Dispose();
        }

        _spinners.Clear();
    }
}

/// <summary>The machine's busy CPU time (all processes) from /proc/stat; zero where there is none.</summary>
internal static class MachineCpu
{
    private static readonly double TicksPerSecond = 100; // USER_HZ, 100 on every Linux we run on.

    public static TimeSpan Busy()
    {
        if (!File.Exists("/proc/stat"))
        {
            return TimeSpan.Zero;
        }

        using var reader = new StreamReader("/proc/stat");
        // cpu user nice system idle iowait irq softirq steal ...: busy = all but idle and iowait (guest is inside user).
        var fields = reader.ReadLine()!.Split(' ', StringSplitOptions.RemoveEmptyEntries).Skip(1)
            .Select(f => long.Parse(f, CultureInfo.InvariantCulture)).ToArray();
        var busy = fields[0] + fields[1] + fields[2] + fields[5] + fields[6] + (fields.Length > 7 ? fields[7] : 0);
        return TimeSpan.FromSeconds(busy / TicksPerSecond);
    }
}
