namespace MigrateWcf.Tool.Tests.Infrastructure;

/// <summary>What /proc says about a process the test's run started (Linux): whether it still runs, and its parent.</summary>
public static class LinuxProcesses
{
    /// <summary>Gone, or a zombie: killed and not yet reaped by init.</summary>
    public static bool IsGoneOrZombie(int pid)
    {
        try
        {
            var status = $"/proc/{pid}/stat";
            return !File.Exists(status) || AfterName(File.ReadAllText(status)).StartsWith('Z');
        }
        catch (IOException)
        {
            return true; // Gone between the check and the read.
        }
    }

    /// <summary>
    /// Waits until <paramref name="pid"/> is gone or a zombie and says whether it is. SIGKILL is delivered
    /// asynchronously, so a killed process may still be on its way out; <paramref name="limit"/> only stops a broken run.
    /// </summary>
    public static async Task<bool> EndsWithinAsync(int pid, TimeSpan limit)
    {
        var deadline = DateTime.UtcNow + limit;
        while (!IsGoneOrZombie(pid) && DateTime.UtcNow < deadline)
        {
            await Task.Delay(50);
        }

        return IsGoneOrZombie(pid);
    }

    /// <summary>The parent of a running process, or null when it is gone.</summary>
    public static int? ParentOf(int pid)
    {
        try
        {
            // "pid (name) state ppid …": the name may hold spaces and parentheses, so fields are counted after its last ')'.
            var fields = AfterName(File.ReadAllText($"/proc/{pid}/stat")).Split(' ');
            return int.Parse(fields[1], System.Globalization.CultureInfo.InvariantCulture);
        }
        catch (IOException)
        {
            return null;
        }
    }

    /// <summary>Kills <paramref name="pid"/> if it still runs: the clean-up of a test whose run left it behind.</summary>
    public static void KillIfRunning(int pid)
    {
        if (IsGoneOrZombie(pid))
        {
            return;
        }

        try
        {
            using var process = System.Diagnostics.Process.GetProcessById(pid);
            process.Kill(entireProcessTree: true);
        }
        catch (Exception e) when (e is ArgumentException or InvalidOperationException or System.ComponentModel.Win32Exception)
        {
            // It ended meanwhile.
        }
    }

    private static string AfterName(string stat) => stat[(stat.LastIndexOf(')') + 1)..].Trim();
}
