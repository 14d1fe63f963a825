using System.Runtime.InteropServices;

namespace MigrateWcf.Windows.Tests;

/// <summary>
/// Ctrl+C as a console delivers it: to every process attached to the console this program runs in, the hosts it started
/// included (scripts/windows-tests.sh runs it in a pseudo-terminal, so under Wine there is a console). This program
/// ignores it meanwhile. Tests that send it are in <see cref="ConsoleSignalCollection"/>, which runs alone, so no other
/// test's host gets it.
/// </summary>
internal static partial class ConsoleSignals
{
    private const uint CtrlCEvent = 0;

    public static void SendCtrlC()
    {
        // Ignoring Ctrl+C is a flag of this process (children made before keep theirs); the event is delivered on a
        // thread of each process, so wait a moment before listening again.
        if (!SetConsoleCtrlHandler(IntPtr.Zero, true))
        {
            throw new InvalidOperationException($"SetConsoleCtrlHandler failed: error {Marshal.GetLastPInvokeError()}");
        }

        try
        {
            if (!GenerateConsoleCtrlEvent(CtrlCEvent, 0))
            {
                throw new InvalidOperationException(
                    $"GenerateConsoleCtrlEvent failed: error {Marshal.GetLastPInvokeError()} (no console? scripts/windows-tests.sh runs the tests in a pseudo-terminal)");
            }

            Thread.Sleep(TimeSpan.FromSeconds(1));
        }
        finally
        {
            SetConsoleCtrlHandler(IntPtr.Zero, false);
        }
    }

    [LibraryImport("kernel32.dll", SetLastError = true)]
    [return: MarshalAs(UnmanagedType.Bool)]
    private static partial bool GenerateConsoleCtrlEvent(uint ctrlEvent, uint processGroupId);

    [LibraryImport("kernel32.dll", SetLastError = true)]
    [return: MarshalAs(UnmanagedType.Bool)]
    private static partial bool SetConsoleCtrlHandler(IntPtr handler, [MarshalAs(UnmanagedType.Bool)] bool add);
}

/// <summary>Tests that send console signals: run after the others, alone.</summary>
[CollectionDefinition(DisableParallelization = true)]
public sealed class ConsoleSignalCollection;
