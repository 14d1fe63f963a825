namespace MigrateWcf.Windows.Tests;

/// <summary>
/// A copy of the published host in a temporary folder with an appsettings.json of the test's own (the host reads its
/// configuration beside itself, wherever it is started from). Disposing removes it.
/// </summary>
internal sealed class HostCopy : IDisposable
{
    private HostCopy(string path) => Path = path;

    public string Path { get; }

    public static HostCopy Create(string appSettings)
    {
        var copy = new HostCopy(Directory.CreateTempSubdirectory("mw-host-").FullName);
        foreach (var file in Directory.EnumerateFiles(WindowsLane.HostFolder, "*", SearchOption.AllDirectories))
        {
            var target = System.IO.Path.Combine(copy.Path, System.IO.Path.GetRelativePath(WindowsLane.HostFolder, file));
            Directory.CreateDirectory(System.IO.Path.GetDirectoryName(target)!);
            File.Copy(file, target);
        }

        File.WriteAllText(System.IO.Path.Combine(copy.Path, "appsettings.json"), appSettings);
        return copy;
    }

    public void Dispose()
    {
        try
        {
            Directory.Delete(Path, recursive: true);
        }
        catch (IOException)
        {
            // A host still closing holds its files a moment; the prefix is thrown away after the run.
        }
        catch (UnauthorizedAccessException)
        {
        }
    }
}
