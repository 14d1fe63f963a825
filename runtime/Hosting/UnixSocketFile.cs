using System.Net.Sockets;
using System.Runtime.InteropServices;
using System.Text;

namespace MigrateWcf.Runtime;

/// <summary>
/// A server's Unix socket file, owner-only from the moment anyone else could reach it. A missing parent directory is
/// created 0700 before the bind; in a directory that is ours and 0700, the socket is bound there and set to 0600. In a
/// directory others can enter, it is bound and set to 0600 inside a fresh private directory first, then given its name.
/// What already sits at the path is removed only when it is our own socket that nothing listens on; anything else is
/// refused, never deleted. At shutdown the file is removed if it is still the socket we made.
/// </summary>
[System.Runtime.Versioning.SupportedOSPlatform("linux")]
internal sealed class UnixSocketFile(string path)
{
    private const UnixFileMode DirectoryMode = UnixFileMode.UserRead | UnixFileMode.UserWrite | UnixFileMode.UserExecute;
    private const UnixFileMode SocketMode = UnixFileMode.UserRead | UnixFileMode.UserWrite;
    private ulong _inode;

    public string Path { get; } = path;

    /// <summary>Fails with a clear message when the path is taken by something we must not replace.</summary>
    public void CheckAvailable() => Inspect(removeStale: false);

    /// <summary>
    /// Makes the socket's folder (0700) when it is missing, and fails with a clear message when nothing can be created in
    /// it (a read-only file system, a folder of another user): checked before the host starts, since the lane sockets
    /// beside this one are bound first and would each report the same folder.
    /// </summary>
    public void CheckFolder()
    {
        var parent = MakeParent();
        // The probe is what binding does first in a folder others can enter: an exclusive, private directory.
        var probe = System.IO.Path.Combine(parent, $".{Convert.ToHexStringLower(System.Security.Cryptography.RandomNumberGenerator.GetBytes(8))}");
        if (Native.mkdir(Native.Utf8(probe), 0b111_000_000) != 0)
        {
            throw Refused($"nothing can be created in {parent}: {Marshal.GetPInvokeErrorMessage(Marshal.GetLastPInvokeError())}");
        }

        Directory.Delete(probe);
    }

    /// <summary>Creates, binds and publishes the socket (Kestrel listens on the returned socket).</summary>
    public Socket Bind()
    {
        var parent = MakeParent();
        Inspect(removeStale: true);
        var socket = new Socket(AddressFamily.Unix, SocketType.Stream, ProtocolType.Unspecified);
        try
        {
            if (Native.Stat(parent) is { Type: 0x4000, Permissions: 0b111_000_000 } directory && directory.Owner == Native.geteuid())
            {
                // Only we can enter the directory, so the socket's mode before chmod does not matter.
                BindOwnerOnly(socket, Path);
            }
            else
            {
                BindElsewhereThenLink(socket, parent);
            }

            _inode = Native.Stat(Path)!.Value.Inode;
            return socket;
        }
        catch
        {
            socket.Dispose();
            throw;
        }
    }

    private string MakeParent()
    {
        var parent = System.IO.Path.GetDirectoryName(Path)!;
        if (!Directory.Exists(parent))
        {
            Directory.CreateDirectory(parent, DirectoryMode);
            File.SetUnixFileMode(parent, DirectoryMode);
        }

        return parent;
    }

    /// <summary>For a directory others can enter (a pipe name's socket lives in the temp directory): the socket gets its
    /// mode in a fresh private directory and only then its name, by a hard link that never replaces anything.</summary>
    private void BindElsewhereThenLink(Socket socket, string parent)
    {
        // An unguessable name, created exclusively: nobody else can have made it or be inside it. Short (64 random bits),
        // so that the socket's path inside it fits in sun_path wherever the final path does, give or take a few bytes.
        var privateDirectory = System.IO.Path.Combine(parent, $".{Convert.ToHexStringLower(System.Security.Cryptography.RandomNumberGenerator.GetBytes(8))}");
        if (Native.mkdir(Native.Utf8(privateDirectory), 0b111_000_000) != 0)
        {
            throw IoError("create", privateDirectory, Marshal.GetLastPInvokeError());
        }

        var bound = System.IO.Path.Combine(privateDirectory, "s");
        try
        {
            BindOwnerOnly(socket, bound);
            if (Native.link(Native.Utf8(bound), Native.Utf8(Path)) != 0)
            {
                var error = Marshal.GetLastPInvokeError();
                throw error == Native.EEXIST ? Refused("something was created there while the server started") : IoError("link", Path, error);
            }
        }
        finally
        {
            File.Delete(bound);
            Directory.Delete(privateDirectory);
        }
    }

    private static void BindOwnerOnly(Socket socket, string path)
    {
        socket.Bind(new UnixDomainSocketEndPoint(path));
        File.SetUnixFileMode(path, SocketMode);
    }

    /// <summary>Removes the socket file at shutdown, if it is still the one <see cref="Bind"/> made.</summary>
    public void Remove()
    {
        if (_inode != 0 && Native.Stat(Path) is { IsSocket: true } status && status.Inode == _inode)
        {
            File.Delete(Path);
        }
    }

    private void Inspect(bool removeStale)
    {
        if (Native.Stat(Path) is not { } status)
        {
            return;
        }

        if (!status.IsSocket)
        {
            throw Refused(status.Kind + " is there (it is not removed; delete it or choose another path)");
        }

        if (status.Owner != Native.geteuid())
        {
            throw Refused("a socket of another user is there");
        }

        if (IsListening())
        {
            throw Refused("another server is listening on it");
        }

        // Our socket, and nobody accepts on it: left by a server that was killed. Ours to replace.
        if (removeStale)
        {
            File.Delete(Path);
        }
    }

    private bool IsListening()
    {
        using var probe = new Socket(AddressFamily.Unix, SocketType.Stream, ProtocolType.Unspecified);
        try
        {
            probe.Connect(new UnixDomainSocketEndPoint(Path));
            return true;
        }
        catch (SocketException e)
        {
            // Refused: a stale socket. Anything else counts as in use.
            return e.SocketErrorCode != SocketError.ConnectionRefused;
        }
    }

    private IOException Refused(string why) => new GrpcHostingException($"Cannot listen on unix:{Path}: {why}.");

    private static IOException IoError(string operation, string path, int errno) =>
        new($"Cannot {operation} {path}: {Marshal.GetPInvokeErrorMessage(errno)}.");

    private readonly record struct FileStatus(int Type, int Permissions, uint Owner, ulong Inode)
    {
        public bool IsSocket => Type == 0xC000;

        public string Kind => Type switch
        {
            0x4000 => "a directory",
            0xA000 => "a symbolic link",
            0x8000 => "a regular file",
            _ => "a file that is not a socket",
        };
    }

    private static class Native
    {
        public const int EEXIST = 17;
        private const int AtCurrentDirectory = -100;
        private const int AtSymlinkNoFollow = 0x100;
        private const uint StatxTypeModeUidIno = 0x1 | 0x2 | 0x8 | 0x100;

        public static byte[] Utf8(string path) => Encoding.UTF8.GetBytes(path + "\0");

        /// <summary>The file's type, owner and inode, not following a symbolic link; null when nothing is there.</summary>
        public static FileStatus? Stat(string path)
        {
            // struct statx (linux/stat.h) has the same layout on every architecture.
            var buffer = new byte[256];
            if (statx(AtCurrentDirectory, Utf8(path), AtSymlinkNoFollow, StatxTypeModeUidIno, buffer) != 0)
            {
                var error = Marshal.GetLastPInvokeError();
                return error == 2 ? null : throw IoError("inspect", path, error);
            }

            var mode = MemoryMarshal.Read<ushort>(buffer.AsSpan(28));
            return new FileStatus(
                mode & 0xF000,
                mode & 0xFFF,
                MemoryMarshal.Read<uint>(buffer.AsSpan(20)),
                MemoryMarshal.Read<ulong>(buffer.AsSpan(32)));
        }

        // Byte arrays (NUL-terminated UTF-8) rather than strings: no marshalling rules to get wrong.
        [DllImport("libc", SetLastError = true)]
        public static extern int statx(int dirfd, byte[] path, int flags, uint mask, byte[] buffer);

        [DllImport("libc", SetLastError = true)]
        public static extern int link(byte[] oldPath, byte[] newPath);

        [DllImport("libc", SetLastError = true)]
        public static extern int mkdir(byte[] path, uint mode);

        [DllImport("libc")]
        public static extern uint geteuid();
    }
}

/// <summary>The host cannot listen where it was asked to; the message says why, in one line, with the path.</summary>
public sealed class GrpcHostingException(string message) : IOException(message);
