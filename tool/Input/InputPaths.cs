using System.Runtime.InteropServices;

namespace MigrateWcf.Tool.Input;

/// <summary>
/// What a path really is on disk: the path with its symbolic links resolved, and whether a file is a regular file (a
/// FIFO, a device or a socket named <c>.cs</c> must never be opened: reading a FIFO waits for a writer forever).
/// </summary>
internal static class InputPaths
{
    /// <summary>Linux's limit on links followed while resolving one path; more means a loop.</summary>
    private const int MaxLinksFollowed = 40;

    /// <summary>
    /// <paramref name="path"/> made absolute with every symbolic link along it resolved, like realpath(3); the part below
    /// the deepest existing folder is kept as written, so a folder still to be created resolves too. A link that loops
    /// or cannot be read is kept as it is.
    /// </summary>
    public static string RealPath(string path) => RealPath(Path.GetFullPath(path), MaxLinksFollowed);

    private static string RealPath(string fullPath, int linksLeft)
    {
        var root = Path.GetPathRoot(fullPath) ?? string.Empty;
        var parts = fullPath[root.Length..].Split(Path.DirectorySeparatorChar, Path.AltDirectorySeparatorChar);
        var resolved = root;
        for (var i = 0; i < parts.Length; i++)
        {
            if (parts[i].Length == 0)
            {
                continue;
            }

            var next = Path.Join(resolved, parts[i]);
            FileSystemInfo info = Directory.Exists(next) ? new DirectoryInfo(next) : new FileInfo(next);
            if (info.LinkTarget is null)
            {
                if (!info.Exists)
                {
                    // Nothing below exists: no links to resolve there.
                    return Path.Join([next, .. parts[(i + 1)..]]);
                }

                resolved = next;
                continue;
            }

            if (linksLeft == 0)
            {
                return fullPath;
            }

            // The link's target, relative to the folder holding the link, may itself pass through links.
            var target = Path.GetFullPath(info.LinkTarget, resolved);
            resolved = RealPath(target, linksLeft - 1);
            linksLeft--;
        }

        return resolved;
    }

    /// <summary>What kind of file system entry a path is once links are followed.</summary>
    public enum EntryKind
    {
        RegularFile,
        Fifo,
        Device,
        Socket,
        Other,
    }

    /// <summary>
    /// The kind of the entry at <paramref name="path"/>, links followed. .NET has no public API for it (a FIFO's attributes
    /// read "Normal"), so on Unix this asks the runtime's own native stat, whose file-type bits are portable
    /// (<c>S_IFMT</c>); where that is not available every file counts as regular.
    /// </summary>
    public static EntryKind KindOf(string path)
    {
        if (OperatingSystem.IsWindows())
        {
            return EntryKind.RegularFile;
        }

        // The runtime's FileStatus is well under 256 bytes; its second 32-bit field is the mode.
        var status = new byte[256];
        try
        {
            if (SystemNativeStat(path, status) != 0)
            {
                return EntryKind.RegularFile;
            }
        }
        catch (Exception e) when (e is DllNotFoundException or EntryPointNotFoundException)
        {
            return EntryKind.RegularFile;
        }

        return (BitConverter.ToInt32(status, 4) & 0xF000) switch
        {
            0x8000 => EntryKind.RegularFile,
            0x1000 => EntryKind.Fifo,
            0x2000 or 0x6000 => EntryKind.Device,
            0xC000 => EntryKind.Socket,
            _ => EntryKind.Other,
        };
    }

    [DllImport("libSystem.Native", EntryPoint = "SystemNative_Stat", CharSet = CharSet.Ansi, BestFitMapping = false, ThrowOnUnmappableChar = true)]
    private static extern int SystemNativeStat(string path, [Out] byte[] output);
}
