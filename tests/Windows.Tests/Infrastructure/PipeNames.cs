namespace MigrateWcf.Windows.Tests;

internal static class PipeNames
{
    /// <summary>A pipe name no other test uses.</summary>
    public static string New(string purpose) => $"mw-{purpose}-{Guid.NewGuid().ToString("N")[..12]}";
}
