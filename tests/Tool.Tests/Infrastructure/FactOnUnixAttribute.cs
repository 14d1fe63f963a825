namespace MigrateWcf.Tool.Tests.Infrastructure;

/// <summary>A fact about Unix file system entries (symbolic links made without privileges, FIFOs): skipped on Windows.</summary>
public sealed class FactOnUnixAttribute : FactAttribute
{
    public FactOnUnixAttribute()
    {
        if (OperatingSystem.IsWindows())
        {
            Skip = "needs Unix symbolic links and FIFOs";
        }
    }
}
