namespace MigrateWcf.Tool.Tests.Infrastructure;

/// <summary>A fresh temporary folder per test, with helpers to copy fixtures into it; removed on dispose.</summary>
public sealed class TempFolder : IDisposable
{
    public TempFolder()
    {
        Path = System.IO.Path.Combine(System.IO.Path.GetTempPath(), "migrate-wcf-tests", Guid.NewGuid().ToString("N"));
        Directory.CreateDirectory(Path);
    }

    public string Path { get; }

    public string Combine(params string[] parts) => System.IO.Path.Combine([Path, .. parts]);

    /// <summary>Copies Fixtures/<paramref name="fixture"/> (shipped beside the test assembly) to <paramref name="target"/> and returns its full path.</summary>
    public string CopyFixture(string fixture, string? target = null)
    {
        var source = System.IO.Path.Combine(AppContext.BaseDirectory, "Fixtures", fixture);
        var destination = Combine(target ?? fixture);
        CopyFolder(source, destination);
        return destination;
    }

    public string WriteFile(string relativePath, string content)
    {
        var path = Combine(relativePath);
        Directory.CreateDirectory(System.IO.Path.GetDirectoryName(path)!);
        File.WriteAllText(path, content);
        return path;
    }

    /// <summary>Every file below <paramref name="folder"/> with its content, relative paths with '/', for before/after comparisons.</summary>
    public static IReadOnlyDictionary<string, string> Snapshot(string folder)
        => !Directory.Exists(folder)
            ? new Dictionary<string, string>()
            : Directory.EnumerateFiles(folder, "*", SearchOption.AllDirectories)
                .ToDictionary(f => System.IO.Path.GetRelativePath(folder, f).Replace('\\', '/'), File.ReadAllText);

    public void Dispose()
    {
        try
        {
            // Links are neither followed (a test may leave a folder link loop) nor changed.
            var allButLinks = new EnumerationOptions { RecurseSubdirectories = true, AttributesToSkip = FileAttributes.ReparsePoint };
            foreach (var entry in Directory.EnumerateFileSystemEntries(Path, "*", allButLinks))
            {
                // Tests make files and folders unreadable or read-only; give the permissions back so they can be removed.
                if (!OperatingSystem.IsWindows())
                {
                    File.SetUnixFileMode(entry, Directory.Exists(entry) ? (UnixFileMode)0x1ED : (UnixFileMode)0x1A4);
                }
            }

            Directory.Delete(Path, recursive: true);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            // A leftover temporary folder must not fail the test that already ran.
        }
    }

    /// <summary>Copies the folder <paramref name="source"/> to <paramref name="destination"/>, whole.</summary>
    public static void CopyFolder(string source, string destination)
    {
        Directory.CreateDirectory(destination);
        foreach (var file in Directory.EnumerateFiles(source))
        {
            File.Copy(file, System.IO.Path.Combine(destination, System.IO.Path.GetFileName(file)));
        }

        foreach (var folder in Directory.EnumerateDirectories(source))
        {
            CopyFolder(folder, System.IO.Path.Combine(destination, System.IO.Path.GetFileName(folder)));
        }
    }
}
