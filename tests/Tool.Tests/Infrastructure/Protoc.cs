using System.Diagnostics;
using System.Reflection;

namespace MigrateWcf.Tool.Tests.Infrastructure;

/// <summary>
/// Grpc.Tools' real protoc over folders the tool wrote: several proto roots compiled in one run, as a project that
/// consumes the services of several migrated projects compiles them (a name defined twice fails the run).
/// </summary>
public static class Protoc
{
    private static readonly Lazy<string> Executable = new(PrepareExecutable);

    private static string ToolsFolder
        => typeof(Protoc).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>().Single(a => a.Key == "GrpcToolsFolder").Value!;

    /// <summary>
    /// Compiles every .proto below each root in one protoc run, warnings fatal. A relative path found in two roots must
    /// be the same file (as migrate_wcf/common.proto is) and is compiled once; two different files at one path cannot be
    /// compiled together, which is reported like a protoc error (exit code -1). Returns the exit code and the output.
    /// </summary>
    public static (int ExitCode, string Output) CompileTogether(params string[] roots)
    {
        var byPath = roots
            .SelectMany(r => Directory.EnumerateFiles(r, "*.proto", SearchOption.AllDirectories).Select(f => (Path: Path.GetRelativePath(r, f).Replace('\\', '/'), Text: File.ReadAllText(f))))
            .GroupBy(f => f.Path, StringComparer.Ordinal)
            .ToList();
        if (byPath.FirstOrDefault(g => g.Select(f => f.Text).Distinct(StringComparer.Ordinal).Count() > 1) is { } differing)
        {
            return (-1, $"{differing.Key}: different files at this path in two roots");
        }

        var files = byPath.Select(g => g.Key).Order(StringComparer.Ordinal).ToList();
        Assert.NotEmpty(files);
        var descriptors = Path.Combine(Path.GetTempPath(), $"migrate-wcf-protoc-{Guid.NewGuid():N}.pb");
        var start = new ProcessStartInfo(Executable.Value) { RedirectStandardError = true, RedirectStandardOutput = true, UseShellExecute = false };
        foreach (var root in roots)
        {
            start.ArgumentList.Add("--proto_path=" + root);
        }

        start.ArgumentList.Add("--proto_path=" + Path.Combine(ToolsFolder, "build", "native", "include"));
        start.ArgumentList.Add("--descriptor_set_out=" + descriptors);
        start.ArgumentList.Add("--fatal_warnings");
        files.ForEach(start.ArgumentList.Add);
        try
        {
            using var process = Process.Start(start)!;
            var errors = process.StandardError.ReadToEndAsync();
            var output = process.StandardOutput.ReadToEnd();
            process.WaitForExit();
            return (process.ExitCode, output + errors.Result);
        }
        finally
        {
            File.Delete(descriptors);
        }
    }

    /// <summary>
    /// The descriptor set, imports included (<c>--include_imports --descriptor_set_out</c>), of every .proto below
    /// <paramref name="root"/>, with <paramref name="importFolders"/> and the well-known types on the import path;
    /// throws with protoc's output when it fails.
    /// </summary>
    public static byte[] DescriptorSet(string root, params string[] importFolders)
    {
        var files = Directory.EnumerateFiles(root, "*.proto", SearchOption.AllDirectories)
            .Select(f => Path.GetRelativePath(root, f).Replace('\\', '/'))
            .Order(StringComparer.Ordinal)
            .ToList();
        var descriptors = Path.Combine(Path.GetTempPath(), $"migrate-wcf-protoc-{Guid.NewGuid():N}.pb");
        var start = new ProcessStartInfo(Executable.Value) { RedirectStandardError = true, RedirectStandardOutput = true, UseShellExecute = false };
        foreach (var folder in importFolders.Prepend(root).Append(Path.Combine(ToolsFolder, "build", "native", "include")))
        {
            start.ArgumentList.Add("--proto_path=" + folder);
        }

        start.ArgumentList.Add("--include_imports");
        start.ArgumentList.Add("--descriptor_set_out=" + descriptors);
        files.ForEach(start.ArgumentList.Add);
        try
        {
            using var process = Process.Start(start)!;
            var errors = process.StandardError.ReadToEndAsync();
            var output = process.StandardOutput.ReadToEnd();
            process.WaitForExit();
            return process.ExitCode == 0
                ? File.ReadAllBytes(descriptors)
                : throw new InvalidOperationException($"protoc exited {process.ExitCode} on {root}:\n{output}{errors.Result}");
        }
        finally
        {
            File.Delete(descriptors);
        }
    }

    // The package does not always keep protoc's execute bit, and it may belong to another user: use a private copy.
    private static string PrepareExecutable()
    {
        var platform = OperatingSystem.IsWindows() ? "windows_x64" : OperatingSystem.IsMacOS() ? "macosx_x64" : "linux_x64";
        var name = OperatingSystem.IsWindows() ? "protoc.exe" : "protoc";
        var source = Path.Combine(ToolsFolder, "tools", platform, name);
        if (OperatingSystem.IsWindows())
        {
            return source;
        }

        var folder = Directory.CreateTempSubdirectory("migrate-wcf-protoc-bin-").FullName;
        // The copy is removed when the test process ends (a copy per process, not per call).
        AppDomain.CurrentDomain.ProcessExit += (_, _) => DeleteQuietly(folder);
        var copy = Path.Combine(folder, name);
        File.Copy(source, copy);
        File.SetUnixFileMode(copy, UnixFileMode.UserRead | UnixFileMode.UserWrite | UnixFileMode.UserExecute);
        return copy;
    }

    private static void DeleteQuietly(string folder)
    {
        try
        {
            Directory.Delete(folder, recursive: true);
        }
        catch (IOException)
        {
        }
        catch (UnauthorizedAccessException)
        {
        }
    }
}
