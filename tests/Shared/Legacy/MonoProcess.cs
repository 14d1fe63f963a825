using System.Diagnostics;
using System.Runtime.InteropServices;
using System.Text;

namespace MigrateWcf.Tests.Shared;

/// <summary>
/// A .NET Framework executable running under Mono, with stdin held open and stdout/stderr captured.
/// Disposing kills the whole process tree if it is still running, so a failing test never leaves a host behind.
/// </summary>
internal sealed class MonoProcess : IDisposable
{
    /// <summary>Time zone given to every legacy process: a +05:45 offset makes DateTimeKind.Local differ from UTC.</summary>
    public const string TimeZone = "Asia/Kathmandu";

    private readonly Process _process;
    private readonly StringBuilder _stdout = new();
    private readonly StringBuilder _stderr = new();
    private readonly object _gate = new();
    private readonly TaskCompletionSource _exited = new(TaskCreationOptions.RunContinuationsAsynchronously);
    private readonly List<(Func<string, bool> Match, TaskCompletionSource<string> Found)> _lineWaiters = new();

    private MonoProcess(Process process)
    {
        _process = process;
    }

    public int Id => _process.Id;

    public string Stdout
    {
        get
        {
            lock (_gate)
            {
                return _stdout.ToString();
            }
        }
    }

    public string Stderr
    {
        get
        {
            lock (_gate)
            {
                return _stderr.ToString();
            }
        }
    }

    public bool HasExited => _process.HasExited;

    public int ExitCode => _process.ExitCode;

    /// <summary>Both streams, for failure messages.</summary>
    public string Output => $"--- stdout ---\n{Stdout}--- stderr ---\n{Stderr}";

    public static MonoProcess Start(string exe, params string[] arguments)
    {
        var start = new ProcessStartInfo(LegacyBinaries.Mono)
        {
            UseShellExecute = false,
            RedirectStandardInput = true,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            WorkingDirectory = Path.GetDirectoryName(exe)!,
        };
        start.ArgumentList.Add("--debug");
        start.ArgumentList.Add(exe);
        foreach (string argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }

        start.Environment["TZ"] = TimeZone;
        var process = new Process { StartInfo = start, EnableRaisingEvents = true };
        var result = new MonoProcess(process);
        process.OutputDataReceived += (_, e) => result.OnLine(e.Data, result._stdout, checkWaiters: true);
        process.ErrorDataReceived += (_, e) => result.OnLine(e.Data, result._stderr, checkWaiters: false);
        process.Exited += (_, _) => result._exited.TrySetResult();
        process.Start();
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();
        return result;
    }

    /// <summary>The first stdout line that matches, or null when the process exits or the timeout passes first.</summary>
    public async Task<string?> WaitForLineAsync(Func<string, bool> match, TimeSpan timeout)
    {
        var found = new TaskCompletionSource<string>(TaskCreationOptions.RunContinuationsAsynchronously);
        lock (_gate)
        {
            string? existing = _stdout.ToString().Split('\n').FirstOrDefault(match);
            if (existing is not null)
            {
                return existing;
            }

            _lineWaiters.Add((match, found));
        }

        Task winner = await Task.WhenAny(found.Task, _exited.Task, Task.Delay(timeout));
        return winner == found.Task ? found.Task.Result : null;
    }

    /// <summary>Waits for exit (after stdout and stderr are drained); false on timeout.</summary>
    public async Task<bool> WaitForExitAsync(TimeSpan timeout)
    {
        using var cancel = new CancellationTokenSource(timeout);
        try
        {
            await _process.WaitForExitAsync(cancel.Token);
            return true;
        }
        catch (OperationCanceledException)
        {
            return false;
        }
    }

    /// <summary>Closes stdin, the host's portable stop signal.</summary>
    public void CloseStdin() => _process.StandardInput.Close();

    /// <summary>Sends SIGTERM, as a service manager would.</summary>
    public void Terminate()
    {
        if (kill(_process.Id, SigTerm) != 0)
        {
            throw new InvalidOperationException($"kill({_process.Id}, SIGTERM) failed: errno {Marshal.GetLastWin32Error()}");
        }
    }

    public void Dispose()
    {
        try
        {
            if (!_process.HasExited)
            {
                _process.Kill(entireProcessTree: true);
                _process.WaitForExit(10_000);
            }
        }
        catch (InvalidOperationException)
        {
            // Exited between the check and the kill.
        }

        _process.Dispose();
    }

    private void OnLine(string? line, StringBuilder buffer, bool checkWaiters)
    {
        if (line is null)
        {
            return;
        }

        lock (_gate)
        {
            buffer.Append(line).Append('\n');
            if (!checkWaiters)
            {
                return;
            }

            foreach (var waiter in _lineWaiters.Where(w => w.Match(line)).ToList())
            {
                waiter.Found.TrySetResult(line);
                _lineWaiters.Remove(waiter);
            }
        }
    }

    private const int SigTerm = 15;

    [DllImport("libc", SetLastError = true)]
    private static extern int kill(int pid, int signal);
}
