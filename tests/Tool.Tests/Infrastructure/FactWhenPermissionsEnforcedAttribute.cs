namespace MigrateWcf.Tool.Tests.Infrastructure;

/// <summary>
/// A fact that needs the file system to enforce permissions (chmod). It does not for root, which reads and writes
/// regardless, so there the test is skipped with that reason; other tests cover the same paths by other means.
/// </summary>
public sealed class FactWhenPermissionsEnforcedAttribute : FactAttribute
{
    private static readonly Lazy<bool> Enforced = new(Probe);

    public FactWhenPermissionsEnforcedAttribute()
    {
        if (!Enforced.Value)
        {
            Skip = "Unix file permissions are not enforced for this user (root reads and writes mode-000 files); covered by the dangling-symlink and file-as-folder tests";
        }
    }

    private static bool Probe()
    {
        if (OperatingSystem.IsWindows())
        {
            return false;
        }

        var path = Path.Combine(Path.GetTempPath(), $"migrate-wcf-permission-probe-{Guid.NewGuid():N}");
        File.WriteAllText(path, "probe");
        try
        {
            File.SetUnixFileMode(path, UnixFileMode.None);
            File.ReadAllText(path);
            return false;
        }
        catch (UnauthorizedAccessException)
        {
            return true;
        }
        finally
        {
            File.SetUnixFileMode(path, UnixFileMode.UserRead | UnixFileMode.UserWrite);
            File.Delete(path);
        }
    }
}
