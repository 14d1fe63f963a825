using System.IO.Pipes;

namespace MigrateWcf.Runtime;

/// <summary>Whether a pipe name is free before a host listens on it (Windows).</summary>
/// <remarks>Kestrel creates its first pipe instance with <see cref="PipeOptions.FirstPipeInstance"/>, so Windows refuses
/// a name another process already serves, but only as "Access to the path is denied", and Wine ignores the flag (two
/// hosts then share one name, each taking some of the connections). A client that reaches a server on the name means it
/// is taken, as a listening Unix socket is never taken over (<see cref="UnixSocketFile"/>).</remarks>
[System.Runtime.Versioning.SupportedOSPlatform("windows")]
internal static class NamedPipeCheck
{
    /// <summary>Throws <see cref="GrpcHostingException"/> when a server, of any user, already listens on <paramref name="pipeName"/>.</summary>
    public static void CheckAvailable(string pipeName)
    {
        try
        {
            using var probe = new NamedPipeClientStream(".", pipeName, PipeDirection.InOut, PipeOptions.None);
            // No wait: a name nobody serves times out at once; a host's Kestrel keeps instances waiting for callers.
            probe.Connect(0);
        }
        catch (TimeoutException)
        {
            return;
        }
        catch (UnauthorizedAccessException)
        {
            // Served, by a process whose pipe does not let us in: another user's.
        }
        catch (IOException)
        {
            // Served with every instance busy.
        }

        throw Taken(pipeName);
    }

    /// <summary>The line for a pipe name another process serves.</summary>
    public static GrpcHostingException Taken(string pipeName) =>
        new($"Cannot listen on pipe:{pipeName}: another process already serves this pipe name (it is not taken over; stop that process or choose another name).");
}
