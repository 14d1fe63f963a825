using System.Runtime.InteropServices;
using System.Runtime.Versioning;
using System.Security.AccessControl;
using System.Security.Principal;
using Microsoft.Win32.SafeHandles;

namespace MigrateWcf.Runtime;

/// <summary>
/// The Windows calls the bulk lane needs and .NET does not expose: a segment is a pagefile-backed section (its size is
/// fixed when it is made: it can neither shrink nor grow, as a sealed memfd on Linux), named after its session and
/// segment in the user's session namespace (<c>Local\</c>), with a DACL that lets only this user open it. The name holds
/// the session token, which only the two ends know (it travels on owner-only pipes), so another process of the user
/// cannot guess it either. The writer keeps its handle while the segment lives (a section's name goes with its last
/// handle); the reader opens it by name, checks it, maps it read-only and closes its handle.
/// </summary>
[SupportedOSPlatform("windows")]
internal static unsafe partial class LaneSections
{
    private const uint PageReadWrite = 0x04;
    private const uint SecCommit = 0x8000000;
    private const uint SecFile = 0x800000;
    private const uint SectionQuery = 0x0001;
    private const uint FileMapWrite = 0x0002;
    private const uint FileMapRead = 0x0004;
    private const uint SectionAllAccess = 0x000F001F;
    private const int ErrorFileNotFound = 2;
    private const int ErrorAlreadyExists = 183;

    /// <summary>The section of segment <paramref name="id"/> written by one end of session <paramref name="token"/>
    /// (<paramref name="host"/>: the host's end), unique for the session's life: ids are never reused.</summary>
    public static string Name(Guid token, bool host, int id) => $@"Local\migrate-wcf-lane-{token:N}-{(host ? 'h' : 'c')}{id}";

    /// <summary>The self-relative security descriptor every segment is made with: owner and only ACE this user.</summary>
    private static readonly Lazy<byte[]> OwnerOnly = new(() =>
    {
        var user = WindowsIdentity.GetCurrent().User ?? throw new IOException("Bulk lane: this process has no user SID.");
        var dacl = new RawAcl(GenericAcl.AclRevision, 1);
        dacl.InsertAce(0, new CommonAce(AceFlags.None, AceQualifier.AccessAllowed, unchecked((int)SectionAllAccess), user, false, null));
        var descriptor = new RawSecurityDescriptor(ControlFlags.DiscretionaryAclPresent | ControlFlags.DiscretionaryAclProtected, user, null, null, dacl);
        var bytes = new byte[descriptor.BinaryLength];
        descriptor.GetBinaryForm(bytes, 0);
        return bytes;
    });

    /// <summary>A new section of <paramref name="bytes"/> bytes named <paramref name="name"/>, owner-only from the moment
    /// it exists. A name that exists already (nothing of ours makes one twice) is refused, never shared.</summary>
    public static SafeFileHandle Create(string name, long bytes)
    {
        fixed (byte* descriptor = OwnerOnly.Value)
        {
            var attributes = new SecurityAttributes { Length = sizeof(SecurityAttributes), SecurityDescriptor = descriptor };
            var handle = CreateFileMappingW(-1, &attributes, PageReadWrite | SecCommit, (uint)(bytes >> 32), (uint)bytes, name);
            var error = Marshal.GetLastPInvokeError();
            if (handle.IsInvalid)
            {
                handle.Dispose();
                throw Error("CreateFileMapping", error);
            }

            if (error == ErrorAlreadyExists)
            {
                handle.Dispose();
                throw new IOException($"Bulk lane: the section {name} exists already.");
            }

            return handle;
        }
    }

    /// <summary>The section named <paramref name="name"/>, for reading; null when there is none (its writer dropped it).</summary>
    public static SafeFileHandle? OpenForReading(string name)
    {
        var handle = OpenFileMappingW(FileMapRead | SectionQuery, false, name);
        var error = Marshal.GetLastPInvokeError();
        if (!handle.IsInvalid)
        {
            return handle;
        }

        handle.Dispose();
        return error == ErrorFileNotFound ? null : throw Error("OpenFileMapping", error);
    }

    /// <summary>True when <paramref name="section"/> is backed by the paging file (a file's section could lose pages when
    /// the file is cut) and at least <paramref name="bytes"/> long (Windows may round a size up to whole pages).</summary>
    public static bool IsPagefileBacked(SafeFileHandle section, long bytes)
    {
        SectionBasicInformation information;
        var status = NtQuerySection(section, 0, &information, (nuint)sizeof(SectionBasicInformation), null);
        return status == 0 && (information.AllocationAttributes & SecFile) == 0 && information.MaximumSize >= bytes;
    }

    public static nint Map(SafeFileHandle section, long bytes, bool writable)
    {
        var address = MapViewOfFile(section, writable ? FileMapRead | FileMapWrite : FileMapRead, 0, 0, (nuint)bytes);
        return address == 0 ? throw Error("MapViewOfFile", Marshal.GetLastPInvokeError()) : address;
    }

    public static void Unmap(nint address) => UnmapViewOfFile(address);

    private static IOException Error(string call, int error) => new($"Bulk lane: {call} failed: {Marshal.GetPInvokeErrorMessage(error)} ({error}).");

    [StructLayout(LayoutKind.Sequential)]
    private struct SecurityAttributes
    {
        public int Length;
        public void* SecurityDescriptor;
        public int InheritHandle;
    }

    [StructLayout(LayoutKind.Sequential)]
    private struct SectionBasicInformation
    {
        public nint BaseAddress;
        public uint AllocationAttributes;
        public long MaximumSize;
    }

    [LibraryImport("kernel32.dll", SetLastError = true, StringMarshalling = StringMarshalling.Utf16)]
    private static partial SafeFileHandle CreateFileMappingW(nint file, SecurityAttributes* attributes, uint protection, uint maximumSizeHigh, uint maximumSizeLow, string name);

    [LibraryImport("kernel32.dll", SetLastError = true, StringMarshalling = StringMarshalling.Utf16)]
    private static partial SafeFileHandle OpenFileMappingW(uint access, [MarshalAs(UnmanagedType.Bool)] bool inheritHandle, string name);

    [LibraryImport("kernel32.dll", SetLastError = true)]
    private static partial nint MapViewOfFile(SafeFileHandle section, uint access, uint offsetHigh, uint offsetLow, nuint bytes);

    [LibraryImport("kernel32.dll")]
    [return: MarshalAs(UnmanagedType.Bool)]
    private static partial bool UnmapViewOfFile(nint address);

    [LibraryImport("ntdll.dll")]
    private static partial int NtQuerySection(SafeFileHandle section, int informationClass, void* information, nuint length, nuint* returned);
}
