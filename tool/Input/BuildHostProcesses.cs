using System.ComponentModel;
using System.Diagnostics;
using System.Globalization;

namespace MigrateWcf.Tool.Input;

/// <summary>
/// The BuildHost processes MSBuildWorkspace starts as children of this process for design-time builds. Roslyn cannot
/// stop one: a request it has sent is awaited to its end whatever the cancellation token says, and its shutdown request
/// waits for the build (MSBuild's EndBuild). So a cancelled load kills them, each with every process its build started
/// (an <c>Exec</c> task's command, a code generator), and the run ends at once.
/// </summary>
/// <remarks>
/// Children are found through Linux's <c>/proc</c>; elsewhere none are found, and a BuildHost ends when its build does
/// (docs/known-gaps.md).
/// </remarks>
internal static class BuildHostProcesses
{
    /// <summary>The BuildHost's assembly, on its command line for every kind (<c>.dll</c> on .NET, <c>.exe</c> on .NET Framework and Mono).</summary>
    private const string BuildHostAssembly = "Microsoft.CodeAnalysis.Workspaces.MSBuild.BuildHost.";

    /// <summary>The process ids of this process's BuildHost children now.</summary>
    public static IReadOnlySet<int> Running()
    {
        var running = new HashSet<int>();
        if (!OperatingSystem.IsLinux())
        {
            return running;
        }

        var self = Environment.ProcessId;
        foreach (var entry in Directory.EnumerateDirectories("/proc"))
        {
            if (int.TryParse(Path.GetFileName(entry), NumberStyles.None, CultureInfo.InvariantCulture, out var pid) && IsBuildHostOf(pid, self))
            {
                running.Add(pid);
            }
        }

        return running;
    }

    /// <summary>Kills every BuildHost child of this process not in <paramref name="spared"/> (those of other loads), with its process tree.</summary>
    public static void KillAllBut(IReadOnlySet<int> spared)
    {
        foreach (var pid in Running().Where(p => !spared.Contains(p)))
        {
            try
            {
                using var process = Process.GetProcessById(pid);
                process.Kill(entireProcessTree: true);
            }
            catch (Exception e) when (e is ArgumentException or InvalidOperationException or Win32Exception)
            {
                // It ended meanwhile.
            }
        }
    }

    private static bool IsBuildHostOf(int pid, int parent)
    {
        try
        {
            // "pid (name) state ppid …": the name may hold spaces and parentheses, so fields are counted after its last ')'.
            var stat = File.ReadAllText($"/proc/{pid}/stat");
            var fields = stat[(stat.LastIndexOf(')') + 1)..].Split(' ', StringSplitOptions.RemoveEmptyEntries);
            return fields.Length > 1
                   && int.TryParse(fields[1], NumberStyles.None, CultureInfo.InvariantCulture, out var ppid) && ppid == parent
                   && File.ReadAllText($"/proc/{pid}/cmdline").Contains(BuildHostAssembly, StringComparison.Ordinal);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            // Gone between the listing and the read, or not ours to read.
            return false;
        }
    }
}
