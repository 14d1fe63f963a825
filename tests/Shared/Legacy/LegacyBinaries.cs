namespace MigrateWcf.Tests.Shared;

/// <summary>Where Mono and the legacy executables are; fails with set-up advice when something is missing.</summary>
internal static class LegacyBinaries
{
    /// <summary>The folder the test project's build copies Host.exe and Client.exe into.</summary>
    public static string Folder { get; } = Path.Combine(AppContext.BaseDirectory, "legacy");

    public static string HostExe => Existing(Path.Combine(Folder, "LegacyWcf.Host.exe"));

    public static string ClientExe => Existing(Path.Combine(Folder, "LegacyWcf.Client.exe"));

    /// <summary>Full path of the mono executable; looked up on each use so a missing Mono fails each test with the advice.</summary>
    public static string Mono => FindMono();

    private static string FindMono()
    {
        string? path = Environment.GetEnvironmentVariable("PATH");
        foreach (string folder in (path ?? string.Empty).Split(Path.PathSeparator, StringSplitOptions.RemoveEmptyEntries))
        {
            string candidate = Path.Combine(folder, "mono");
            if (File.Exists(candidate))
            {
                return candidate;
            }
        }

        throw new InvalidOperationException(
            "mono is not installed (not on PATH); the legacy WCF tests run .NET Framework WCF under Mono. Run scripts/setup.sh to install it.");
    }

    private static string Existing(string file)
    {
        if (!File.Exists(file))
        {
            throw new InvalidOperationException(
                $"{file} is missing: building a test project that imports tests/Shared/LegacyHost.props copies the legacy executables there. Build the test project (or Migration.sln) first.");
        }

        return file;
    }
}
