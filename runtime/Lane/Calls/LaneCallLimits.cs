namespace MigrateWcf.Runtime;

/// <summary>The bounds one host's call lane keeps per connection (defaults: <see cref="LaneLimits"/>).</summary>
/// <param name="MaxFrameBytes">The largest frame it reads (<see cref="LaneCallServer.MaxFrameBytes"/>).</param>
internal sealed record LaneCallLimits(int MaxFrameBytes)
{
    /// <summary>Calls a caller may have running on one connection; the host announces it in its greeting, and a START
    /// past it ends the connection.</summary>
    public int MaxCallsPerConnection { get; init; } = LaneLimits.MaxCallsPerConnection;

    /// <summary>Bytes a connection holds unsent before the calls writing more wait for room.</summary>
    public int MaxUnsentBytes { get; init; } = LaneLimits.MaxUnsentBytes;

    /// <summary>How long a write waits for the peer to take it before the connection ends.</summary>
    public TimeSpan WriteTimeout { get; init; } = LaneLimits.WriteTimeout;
}
