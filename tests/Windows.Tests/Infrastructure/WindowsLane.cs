namespace MigrateWcf.Windows.Tests;

/// <summary>
/// Where scripts/windows-tests.sh put what these tests run: beside this program's folder (artifacts/windows/tests) the
/// win-x64 publications of the generated host (host/), the migrated client (client/) and migrate-wcf (tool/), and the
/// Linux results to compare with (reference/: the migrated client's tour; the legacy sample's sources, LF and CRLF, with
/// what the Linux tool's analyze and generate made of them).
/// </summary>
internal static class WindowsLane
{
    public static string Artifacts { get; } = Path.GetFullPath(Path.Combine(AppContext.BaseDirectory, ".."));

    public static string HostExe => Required(Path.Combine(Artifacts, "host", "LegacyWcf.Migrated.Host.exe"));

    public static string HostFolder => Path.GetDirectoryName(HostExe)!;

    public static string ClientExe => Required(Path.Combine(Artifacts, "client", "Migrated.Client.exe"));

    public static string ToolExe => Required(Path.Combine(Artifacts, "tool", "migrate-wcf.exe"));

    public static string Reference(params string[] names) => Required(Path.Combine([Artifacts, "reference", .. names]));

    private static string Required(string path) => File.Exists(path) || Directory.Exists(path)
        ? path
        : throw new InvalidOperationException($"{path} is missing: run these tests through scripts/windows-tests.sh, which publishes it.");
}
