using System.Runtime.InteropServices;
using System.Runtime.Versioning;

namespace MigrateWcf.Runtime;

/// <summary>The Linux calls the bulk lane needs and .NET does not expose: memfds with seals, shared mappings, and
/// descriptors passed over a Unix socket (SCM_RIGHTS). Struct layouts are the 64-bit Linux ABI; the lane is used only on
/// 64-bit Linux (<see cref="IsSupported"/>).</summary>
[SupportedOSPlatform("linux")]
internal static unsafe partial class LaneNative
{
    public const int EINTR = 4;
    public const int EAGAIN = 11;

    private const uint MfdCloexec = 0x1;
    private const uint MfdAllowSealing = 0x2;
    private const int FAddSeals = 1033;
    private const int FGetSeals = 1034;
    public const int SealSeal = 0x1;
    public const int SealShrink = 0x2;
    public const int SealGrow = 0x4;
    private const int ProtRead = 0x1;
    private const int ProtWrite = 0x2;
    private const int MapShared = 0x1;
    private const int SolSocket = 1;
    private const int ScmRights = 1;
    private const int SoPeerCred = 17;
    private const int MsgCmsgCloexec = 0x40000000;
    private const int MsgNoSignal = 0x4000;
    private const int MsgDontWait = 0x40;
    private const int RlimitNofile = 7;

    /// <summary>How long a send waits for room in the peer's socket buffer: a peer that stops reading loses its session
    /// instead of holding the sender's thread.</summary>
    private const int SendTimeoutMilliseconds = 5000;
    private const short PollIn = 0x1;
    private const short PollOut = 0x4;

    public static bool IsSupported => OperatingSystem.IsLinux() && Environment.Is64BitProcess;

    /// <summary>A sealed memfd of <paramref name="bytes"/> bytes: it can neither shrink nor grow, so a peer that maps
    /// it can never touch a page that is gone (SIGBUS).</summary>
    public static int CreateSealedMemfd(long bytes)
    {
        var fd = memfd_create("migrate-wcf-lane\0"u8, MfdCloexec | MfdAllowSealing);
        if (fd < 0)
        {
            throw Error("memfd_create");
        }

        if (ftruncate(fd, bytes) != 0 || fcntl(fd, FAddSeals, SealShrink | SealGrow | SealSeal) != 0)
        {
            var error = Error("seal a memfd");
            close(fd);
            throw error;
        }

        return fd;
    }

    /// <summary>The seals of <paramref name="fd"/> and its size; -1 seals when it is not a memfd that allows sealing.</summary>
    public static (int Seals, long Size) Inspect(int fd)
    {
        var seals = fcntl(fd, FGetSeals, 0);
        var stat = stackalloc byte[256];
        // struct stat on x86_64 and aarch64 keeps st_size at byte 48.
        return (seals, fstat(fd, stat) == 0 ? *(long*)(stat + 48) : -1);
    }

    public static nint Map(int fd, long bytes, bool writable)
    {
        var address = mmap(0, (nuint)bytes, writable ? ProtRead | ProtWrite : ProtRead, MapShared, fd, 0);
        return address == -1 ? throw Error("mmap") : address;
    }

    public static void Unmap(nint address, long bytes) => munmap(address, (nuint)bytes);

    public static void Close(int fd) => close(fd);

    /// <summary>The user id of the process at the other end of a connected Unix socket.</summary>
    public static uint PeerUserId(SafeHandle socket)
    {
        // struct ucred { pid_t pid; uid_t uid; gid_t gid; }
        var credentials = stackalloc int[3];
        var length = 12u;
        return getsockopt((int)socket.DangerousGetHandle(), SolSocket, SoPeerCred, credentials, &length) == 0
            ? (uint)credentials[1] : throw Error("read the peer's credentials");
    }

    public static uint EffectiveUserId() => geteuid();

    /// <summary>The process's soft limit on open descriptors (RLIMIT_NOFILE); 1,024 when it cannot be read.</summary>
    public static long OpenFileLimit()
    {
        // struct rlimit { rlim_t rlim_cur; rlim_t rlim_max; }
        var limit = stackalloc ulong[2];
        return getrlimit(RlimitNofile, limit) == 0 ? (long)Math.Min(limit[0], long.MaxValue) : 1024;
    }

    /// <summary>Sends the whole frame, with <paramref name="fd"/> attached when it is not -1.</summary>
    public static void Send(SafeHandle socket, ReadOnlySpan<byte> frame, int fd)
    {
        // Held for the call: a socket disposed meanwhile keeps its descriptor number until we are done with it.
        var added = false;
        socket.DangerousAddRef(ref added);
        try
        {
            Send((int)socket.DangerousGetHandle(), frame, fd);
        }
        finally
        {
            socket.DangerousRelease();
        }
    }

    private static void Send(int handle, ReadOnlySpan<byte> frame, int fd)
    {
        var control = stackalloc byte[ControlBytes];
        fixed (byte* data = frame)
        {
            var sent = 0;
            while (sent < frame.Length)
            {
                var vector = new IoVector { Base = data + sent, Length = (nuint)(frame.Length - sent) };
                var header = new MessageHeader { Vectors = &vector, VectorCount = 1 };
                if (fd >= 0 && sent == 0)
                {
                    WriteRights(control, fd);
                    header.Control = control;
                    header.ControlLength = ControlBytes;
                }

                var result = sendmsg(handle, &header, MsgNoSignal | MsgDontWait);
                if (result < 0)
                {
                    var errno = Marshal.GetLastPInvokeError();
                    if (errno == EINTR)
                    {
                        continue;
                    }

                    if (errno == EAGAIN && Wait(handle, PollOut, SendTimeoutMilliseconds))
                    {
                        continue;
                    }

                    throw Error("send on the lane", errno);
                }

                sent += (int)result;
            }
        }
    }

    /// <summary>Reads exactly <paramref name="frame"/>'s length; returns false at end of stream. A descriptor that
    /// arrives with the frame is returned in <paramref name="fd"/> (-1 when none; any extra ones are closed). Throws when
    /// nothing arrives for <paramref name="timeoutMilliseconds"/> (-1: wait as long as it takes).</summary>
    public static bool Receive(SafeHandle socket, Span<byte> frame, out int fd, int timeoutMilliseconds = -1)
    {
        var added = false;
        socket.DangerousAddRef(ref added);
        try
        {
            var handle = (int)socket.DangerousGetHandle();
            fd = -1;
            for (var received = 0; received < frame.Length;)
            {
                var result = ReceiveSome(handle, frame[received..], ref fd);
                if (result == 0)
                {
                    CloseIfOpen(fd);
                    fd = -1;
                    return false;
                }

                if (result < 0 && !Wait(handle, PollIn, timeoutMilliseconds))
                {
                    CloseIfOpen(fd);
                    fd = -1;
                    throw Error("receive on the lane", EAGAIN);
                }

                received += Math.Max(result, 0);
            }

            return true;
        }
        finally
        {
            socket.DangerousRelease();
        }
    }

    /// <summary>Receives what has arrived of <paramref name="rest"/> without waiting: the bytes received, 0 at end of
    /// stream, -1 when nothing has arrived yet. A descriptor that comes with them is kept in <paramref name="fd"/> when it
    /// holds none yet; any other is closed.</summary>
    public static int TryReceive(SafeHandle socket, Span<byte> rest, ref int fd)
    {
        var added = false;
        socket.DangerousAddRef(ref added);
        try
        {
            return ReceiveSome((int)socket.DangerousGetHandle(), rest, ref fd);
        }
        finally
        {
            socket.DangerousRelease();
        }
    }

    private static int ReceiveSome(int handle, Span<byte> rest, ref int fd)
    {
        var control = stackalloc byte[ControlSpace];
        fixed (byte* data = rest)
        {
            while (true)
            {
                var vector = new IoVector { Base = data, Length = (nuint)rest.Length };
                var header = new MessageHeader { Vectors = &vector, VectorCount = 1, Control = control, ControlLength = ControlSpace };
                var result = recvmsg(handle, &header, MsgCmsgCloexec | MsgDontWait);
                if (result < 0)
                {
                    var errno = Marshal.GetLastPInvokeError();
                    if (errno == EINTR)
                    {
                        continue;
                    }

                    return errno == EAGAIN ? -1 : throw Error("receive on the lane", errno);
                }

                foreach (var passed in ReadRights(control, (int)header.ControlLength))
                {
                    if (fd < 0)
                    {
                        fd = passed;
                    }
                    else
                    {
                        close(passed);
                    }
                }

                return (int)result;
            }
        }
    }

    private static void CloseIfOpen(int fd)
    {
        if (fd >= 0)
        {
            close(fd);
        }
    }

    /// <summary>Waits for the socket to be ready; false when poll fails or the time runs out.</summary>
    private static bool Wait(int fd, short events, int timeoutMilliseconds)
    {
        var poll = new PollDescriptor { Fd = fd, Events = events };
        var ready = LaneNative.poll(&poll, 1, timeoutMilliseconds);
        return ready > 0 || (ready < 0 && Marshal.GetLastPInvokeError() == EINTR);
    }

    // struct cmsghdr { size_t cmsg_len; int cmsg_level; int cmsg_type; } then the data, aligned to 8 bytes.
    private const int ControlHeaderBytes = 16;
    private const int ControlBytes = ControlHeaderBytes + 8; // CMSG_SPACE(sizeof(int))
    private const int ControlSpace = ControlHeaderBytes + 64; // room for a few descriptors, to close extras

    private static void WriteRights(byte* control, int fd)
    {
        *(nuint*)control = ControlHeaderBytes + sizeof(int); // CMSG_LEN(sizeof(int))
        *(int*)(control + 8) = SolSocket;
        *(int*)(control + 12) = ScmRights;
        *(int*)(control + 16) = fd;
        *(int*)(control + 20) = 0;
    }

    private static List<int> ReadRights(byte* control, int length)
    {
        var fds = new List<int>();
        var offset = 0;
        while (offset + ControlHeaderBytes <= length)
        {
            var cmsgLength = (int)*(nuint*)(control + offset);
            if (cmsgLength < ControlHeaderBytes || offset + cmsgLength > length)
            {
                break;
            }

            if (*(int*)(control + offset + 8) == SolSocket && *(int*)(control + offset + 12) == ScmRights)
            {
                for (var at = ControlHeaderBytes; at + sizeof(int) <= cmsgLength; at += sizeof(int))
                {
                    fds.Add(*(int*)(control + offset + at));
                }
            }

            offset += (cmsgLength + 7) & ~7;
        }

        return fds;
    }

    private static IOException Error(string operation, int errno = -1)
    {
        errno = errno == -1 ? Marshal.GetLastPInvokeError() : errno;
        return new IOException($"Bulk lane: cannot {operation}: {Marshal.GetPInvokeErrorMessage(errno)}.");
    }

    [StructLayout(LayoutKind.Sequential)]
    private struct IoVector
    {
        public byte* Base;
        public nuint Length;
    }

    [StructLayout(LayoutKind.Sequential)]
    private struct MessageHeader
    {
        public void* Name;
        public uint NameLength;
        public IoVector* Vectors;
        public nuint VectorCount;
        public void* Control;
        public nuint ControlLength;
        public int Flags;
    }

    [StructLayout(LayoutKind.Sequential)]
    private struct PollDescriptor
    {
        public int Fd;
        public short Events;
        public short ReturnedEvents;
    }

    [LibraryImport("libc", SetLastError = true)]
    private static partial int memfd_create(ReadOnlySpan<byte> name, uint flags);

    [LibraryImport("libc", SetLastError = true)]
    private static partial int ftruncate(int fd, long length);

    [LibraryImport("libc", SetLastError = true)]
    private static partial int fcntl(int fd, int command, int argument);

    [LibraryImport("libc", SetLastError = true)]
    private static partial int fstat(int fd, byte* buffer);

    [LibraryImport("libc", SetLastError = true)]
    private static partial nint mmap(nint address, nuint length, int protection, int flags, int fd, long offset);

    [LibraryImport("libc", SetLastError = true)]
    private static partial int munmap(nint address, nuint length);

    [LibraryImport("libc", SetLastError = true)]
    private static partial int close(int fd);

    [LibraryImport("libc", SetLastError = true)]
    private static partial nint sendmsg(int fd, MessageHeader* message, int flags);

    [LibraryImport("libc", SetLastError = true)]
    private static partial nint recvmsg(int fd, MessageHeader* message, int flags);

    [LibraryImport("libc", SetLastError = true)]
    private static partial int getsockopt(int fd, int level, int name, void* value, uint* length);

    [LibraryImport("libc", SetLastError = true)]
    private static partial int poll(PollDescriptor* descriptors, nuint count, int timeout);

    [LibraryImport("libc")]
    private static partial uint geteuid();

    [LibraryImport("libc", SetLastError = true)]
    private static partial int getrlimit(int resource, ulong* limit);
}
