using System.Net.Sockets;
using Microsoft.Extensions.Hosting;

namespace MigrateWcf.Runtime.Internal;

/// <summary>
/// The socket file's life: a private directory before binding, a stale file from a crashed server replaced,
/// mode 0600 once bound, and removal on shutdown.
/// </summary>
internal static class UnixSocketFile
{
    private const UnixFileMode DirectoryMode = UnixFileMode.UserRead | UnixFileMode.UserWrite | UnixFileMode.UserExecute;
    private const UnixFileMode SocketMode = UnixFileMode.UserRead | UnixFileMode.UserWrite;

    public static void PrepareForBind(string path)
    {
        var directory = Path.GetDirectoryName(path);
        if (!string.IsNullOrEmpty(directory) && !Directory.Exists(directory))
        {
            if (OperatingSystem.IsWindows())
            {
                Directory.CreateDirectory(directory);
            }
            else
            {
                Directory.CreateDirectory(directory, DirectoryMode);
                // The umask may have narrowed the mode; it must be exactly owner-only.
                File.SetUnixFileMode(directory, DirectoryMode);
            }
        }

        if (!File.Exists(path)) return;
        if (IsListening(path)) throw new IOException($"Another server is already listening on '{path}'.");
        // Nobody answers: the file is left over from a server that did not shut down cleanly.
        File.Delete(path);
    }

    private static bool IsListening(string path)
    {
        using var probe = new Socket(AddressFamily.Unix, SocketType.Stream, ProtocolType.Unspecified);
        try
        {
            probe.Connect(new UnixDomainSocketEndPoint(path));
            return true;
        }
        catch (SocketException)
        {
            return false;
        }
    }

    public static void RestrictToOwner(string path)
    {
        if (!OperatingSystem.IsWindows() && File.Exists(path)) File.SetUnixFileMode(path, SocketMode);
    }

    public static void Remove(string path)
    {
        try
        {
            if (File.Exists(path)) File.Delete(path);
        }
        catch (IOException)
        {
            // Best effort at shutdown; a later start replaces a stale file anyway.
        }
        catch (UnauthorizedAccessException)
        {
        }
    }
}

/// <summary>Applies the socket file's mode once Kestrel has bound it, and removes the file when the host has stopped.</summary>
internal sealed class UnixSocketLifecycle(string path) : IHostedLifecycleService
{
    public string Path { get; } = path;

    public Task StartingAsync(CancellationToken cancellationToken) => Task.CompletedTask;
    public Task StartAsync(CancellationToken cancellationToken) => Task.CompletedTask;

    public Task StartedAsync(CancellationToken cancellationToken)
    {
        UnixSocketFile.RestrictToOwner(Path);
        return Task.CompletedTask;
    }

    public Task StoppingAsync(CancellationToken cancellationToken) => Task.CompletedTask;
    public Task StopAsync(CancellationToken cancellationToken) => Task.CompletedTask;

    public Task StoppedAsync(CancellationToken cancellationToken)
    {
        UnixSocketFile.Remove(Path);
        return Task.CompletedTask;
    }
}
