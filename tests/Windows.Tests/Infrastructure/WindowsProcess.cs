using System.Diagnostics;
using System.Text;

namespace MigrateWcf.Windows.Tests;

/// <summary>
/// A Windows program these tests start (the generated host, the migrated client, migrate-wcf), stdout and stderr
/// captured line by line. Disposing kills it if it still runs, so a failing test leaves nothing behind.
/// </summary>
internal sealed class WindowsProcess : IDisposable
{
    public static readonly TimeSpan Patience = TimeSpan.FromMinutes(2);

    private readonly Process _process;
    private readonly StringBuilder _stdout = new();
    private readonly StringBuilder _stderr = new();
    private readonly TaskCompletionSource<string> _ready = new(TaskCreationOptions.RunContinuationsAsynchronously);
    private readonly TaskCompletionSource _exited = new(TaskCreationOptions.RunContinuationsAsynchronously);

    private WindowsProcess(Process process) => _process = process;

    public string Stdout
    {
        get
        {
            lock (_stdout)
            {
                return _stdout.ToString();
            }
        }
    }

    public string Stderr
    {
        get
        {
            lock (_stderr)
            {
                return _stderr.ToString();
            }
        }
    }

    public string Output => $"--- stdout ---\n{Stdout}--- stderr ---\n{Stderr}";

    public int ExitCode => _process.ExitCode;

    public bool HasExited => _process.HasExited;

    public static WindowsProcess Start(string exe, IEnumerable<string> arguments, string? workingDirectory = null)
    {
        var start = new ProcessStartInfo(exe)
        {
            UseShellExecute = false,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            StandardOutputEncoding = Encoding.UTF8,
            StandardErrorEncoding = Encoding.UTF8,
            WorkingDirectory = workingDirectory ?? Path.GetDirectoryName(exe)!,
        };
        foreach (var argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }

        var process = new Process { StartInfo = start, EnableRaisingEvents = true };
        var started = new WindowsProcess(process);
        process.OutputDataReceived += (_, e) => started.OnStdout(e.Data);
        process.ErrorDataReceived += (_, e) => started.OnStderr(e.Data);
        process.Exited += (_, _) => started._exited.TrySetResult();
        process.Start();
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();
        return started;
    }

    /// <summary>Starts the generated host (or a copy of it in <paramref name="hostFolder"/>) and waits for its ready line.</summary>
    public static async Task<WindowsProcess> StartHostAsync(string? hostFolder, params string[] arguments)
    {
        var host = Start(hostFolder is null ? WindowsLane.HostExe : Path.Combine(hostFolder, Path.GetFileName(WindowsLane.HostExe)), arguments);
        if (await host.WaitForReadyAsync() is null)
        {
            var how = await host.WaitForExitAsync(TimeSpan.FromSeconds(10)) ? "exit code " + host.ExitCode : "no ready line";
            var output = host.Output;
            host.Dispose();
            throw new InvalidOperationException($"the host {string.Join(' ', arguments)} did not get ready ({how}):\n{output}");
        }

        return host;
    }

    /// <summary>Runs a program to its end and returns its exit code and output.</summary>
    public static async Task<(int ExitCode, string Stdout, string Stderr)> RunAsync(string exe, IEnumerable<string> arguments, string? workingDirectory = null)
    {
        using var process = Start(exe, arguments, workingDirectory);
        if (!await process.WaitForExitAsync(Patience))
        {
            throw new InvalidOperationException($"{Path.GetFileName(exe)} {string.Join(' ', arguments)} still runs after {Patience}:\n{process.Output}");
        }

        return (process.ExitCode, process.Stdout, process.Stderr);
    }

    /// <summary>The first stdout line starting with "ready " (the host's ready line), or null if it exits or stays silent.</summary>
    public async Task<string?> WaitForReadyAsync()
    {
        var winner = await Task.WhenAny(_ready.Task, _exited.Task, Task.Delay(Patience));
        return winner == _ready.Task ? await _ready.Task : null;
    }

    /// <summary>Waits for the exit with both streams drained; false on timeout.</summary>
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

    private void OnStdout(string? line)
    {
        if (line is null)
        {
            return;
        }

        lock (_stdout)
        {
            _stdout.Append(line).Append('\n');
        }

        if (line.StartsWith("ready ", StringComparison.Ordinal))
        {
            _ready.TrySetResult(line);
        }
    }

    private void OnStderr(string? line)
    {
        if (line is not null)
        {
            lock (_stderr)
            {
                _stderr.Append(line).Append('\n');
            }
        }
    }
}
