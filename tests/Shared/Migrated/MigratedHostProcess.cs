using System.Diagnostics;
using System.Reflection;
using System.Runtime.InteropServices;
using System.Text;

namespace MigrateWcf.Tests.Shared;

/// <summary>
/// The migrated sample's generated host as a real process (<c>dotnet exec LegacyWcf.Migrated.Host.dll --socket PATH
/// ...</c>), or another migrated host given by its dll, stdout and stderr captured. Disposing kills it if it still runs, so a failing test never leaves a host behind.
/// </summary>
internal sealed class MigratedHostProcess : IDisposable
{
    public const int SigInt = 2;
    public const int SigTerm = 15;

    private static readonly TimeSpan StartTimeout = TimeSpan.FromMinutes(1);

    private readonly Process _process;
    private readonly StringBuilder _stdout = new();
    private readonly StringBuilder _stderr = new();
    private readonly TaskCompletionSource<string> _ready = new(TaskCreationOptions.RunContinuationsAsynchronously);
    private readonly TaskCompletionSource _exited = new(TaskCreationOptions.RunContinuationsAsynchronously);

    private MigratedHostProcess(Process process) => _process = process;

    /// <summary>The host's dll, as built for this test assembly (see tests/Shared/MigratedHost.props).</summary>
    public static string Dll => Assembly.GetExecutingAssembly().GetCustomAttributes<AssemblyMetadataAttribute>()
        .Single(a => a.Key == "Migrated.Host").Value!;

    public int Id => _process.Id;

    public int ExitCode => _process.ExitCode;

    public bool HasExited => _process.HasExited;

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

    /// <summary>Both streams, for failure messages.</summary>
    public string Output => $"--- stdout ---\n{Stdout}--- stderr ---\n{Stderr}";

    /// <summary>Starts the host and waits for its ready line; throws with its output when it exits or stays silent.</summary>
    public static Task<MigratedHostProcess> StartReadyAsync(params string[] arguments) => StartDllReadyAsync(Dll, arguments);

    /// <summary>Starts another migrated host (<paramref name="dll"/>, run with <c>dotnet exec</c>) and waits for its ready line.</summary>
    public static Task<MigratedHostProcess> StartDllReadyAsync(string dll, params string[] arguments) => StartDllReadyAsync(dll, null, arguments);

    /// <summary>Starts a migrated host with variables added to its environment and waits for its ready line.</summary>
    public static Task<MigratedHostProcess> StartDllReadyAsync(string dll, IReadOnlyDictionary<string, string>? environment, params string[] arguments)
        => StartReadyAsync(dll, environment, launcher: [], arguments);

    /// <summary>Starts the host through a launcher that execs its last arguments (<c>prlimit --nofile=400 --</c>), so
    /// <see cref="Id"/> is the host's own process, and waits for its ready line.</summary>
    public static Task<MigratedHostProcess> StartReadyUnderAsync(IReadOnlyList<string> launcher, params string[] arguments)
        => StartReadyAsync(Dll, null, launcher, arguments);

    private static async Task<MigratedHostProcess> StartReadyAsync(string dll, IReadOnlyDictionary<string, string>? environment, IReadOnlyList<string> launcher, string[] arguments)
    {
        var host = Start(dll, arguments, environment, launcher);
        if (await host.WaitForReadyAsync(StartTimeout) is null)
        {
            bool exited = await host.WaitForExitAsync(TimeSpan.FromSeconds(5));
            string how = exited ? "exit code " + host.ExitCode : "still silent after a minute";
            string output = host.Output;
            host.Dispose();
            throw new InvalidOperationException($"{Path.GetFileNameWithoutExtension(dll)} {string.Join(' ', arguments)} did not get ready ({how}):\n{output}");
        }

        return host;
    }

    public static MigratedHostProcess Start(params string[] arguments) => Start(Dll, arguments);

    /// <summary>Starts another migrated host (<paramref name="dll"/>) without waiting for anything.</summary>
    public static MigratedHostProcess StartDll(string dll, params string[] arguments) => Start(dll, arguments);

    private static MigratedHostProcess Start(string dll, string[] arguments, IReadOnlyDictionary<string, string>? environment = null, IReadOnlyList<string>? launcher = null)
    {
        var start = new ProcessStartInfo(launcher is [var program, ..] ? program : DotnetHost)
        {
            UseShellExecute = false,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
        };
        foreach (var (name, value) in environment ?? new Dictionary<string, string>())
        {
            start.Environment[name] = value;
        }

        if (launcher is { Count: > 0 })
        {
            foreach (string argument in launcher.Skip(1))
            {
                start.ArgumentList.Add(argument);
            }

            start.ArgumentList.Add(DotnetHost);
        }

        start.ArgumentList.Add("exec");
        start.ArgumentList.Add(dll);
        foreach (string argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }

        var process = new Process { StartInfo = start, EnableRaisingEvents = true };
        var host = new MigratedHostProcess(process);
        process.OutputDataReceived += (_, e) => host.OnStdout(e.Data);
        process.ErrorDataReceived += (_, e) => host.OnStderr(e.Data);
        process.Exited += (_, _) => host._exited.TrySetResult();
        process.Start();
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();
        return host;
    }

    /// <summary>Runs the host to its end (a minute at most): for the command lines it refuses.</summary>
    public static async Task<(int ExitCode, string Stdout, string Stderr)> RunAsync(params string[] arguments)
    {
        using var host = Start(arguments);
        if (!await host.WaitForExitAsync(StartTimeout))
        {
            throw new InvalidOperationException($"{Path.GetFileNameWithoutExtension(Dll)} {string.Join(' ', arguments)} still runs after a minute:\n{host.Output}");
        }

        return (host.ExitCode, host.Stdout, host.Stderr);
    }

    /// <summary>The ready line's matcher (docs/hosting.md): a line starting with "ready ". No failure
    /// line starts so, though one may contain the word ("Address already in use").</summary>
    public static bool IsReadyLine(string line) => line.StartsWith("ready ", StringComparison.Ordinal);

    /// <summary>The first stdout line that <see cref="IsReadyLine"/> accepts, or null when the process exits or the timeout passes first.</summary>
    public async Task<string?> WaitForReadyAsync(TimeSpan timeout)
    {
        Task winner = await Task.WhenAny(_ready.Task, _exited.Task, Task.Delay(timeout));
        return winner == _ready.Task ? await _ready.Task : null;
    }

    /// <summary>Waits for exit with stdout and stderr drained; false on timeout.</summary>
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

    /// <summary>Sends a signal (<see cref="SigTerm"/> as a service manager stops it, <see cref="SigInt"/> as Ctrl+C does).</summary>
    public void Signal(int signal)
    {
        if (kill(_process.Id, signal) != 0)
        {
            throw new InvalidOperationException($"kill({_process.Id}, {signal}) failed: errno {Marshal.GetLastPInvokeError()}");
        }
    }

    /// <summary>Stops the host with SIGTERM and waits for it to exit; false if it did not within a minute.</summary>
    public async Task<bool> StopAsync()
    {
        if (!_process.HasExited)
        {
            Signal(SigTerm);
        }

        return await WaitForExitAsync(StartTimeout);
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

        if (IsReadyLine(line))
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

    private static string DotnetHost =>
        Environment.GetEnvironmentVariable("DOTNET_HOST_PATH") is { Length: > 0 } host && File.Exists(host) ? host
        : Environment.ProcessPath is { } self && Path.GetFileNameWithoutExtension(self) == "dotnet" ? self
        : "dotnet";

    [DllImport("libc", SetLastError = true)]
    private static extern int kill(int pid, int signal);
}

[System.Runtime.Versioning.UnsupportedOSPlatform("windows")]
/// <summary>A fresh folder with a short path under /tmp (a socket path must fit in 107 bytes), removed on dispose.</summary>
internal sealed class SocketFolder : IDisposable
{
    public SocketFolder()
    {
        Path = System.IO.Path.Combine("/tmp", "mwmh-" + Guid.NewGuid().ToString("N")[..10]);
        Directory.CreateDirectory(Path, UnixFileMode.UserRead | UnixFileMode.UserWrite | UnixFileMode.UserExecute);
    }

    public string Path { get; }

    public string Combine(params string[] names) => System.IO.Path.Combine([Path, .. names]);

    public void Dispose()
    {
        try
        {
            Directory.Delete(Path, recursive: true);
        }
        catch (IOException)
        {
        }
    }
}
