using System.Diagnostics;
using System.Runtime.InteropServices;
using System.Text;

namespace MigrateWcf.Generator.Corpus.Tests.Infrastructure;

/// <summary>The real protoc shipped by Grpc.Tools, run over a set of .proto files written to a temporary folder.</summary>
public static class Protoc
{
    private static readonly Lazy<string> Executable = new(() => PrepareExecutable(OperatingSystem.IsWindows() ? "protoc.exe" : "protoc"));

    // Grpc.Tools' gRPC plugin: the service base and client classes (GrpcServices="Both").
    private static readonly Lazy<string> GrpcPlugin = new(() => PrepareExecutable(OperatingSystem.IsWindows() ? "grpc_csharp_plugin.exe" : "grpc_csharp_plugin"));

    /// <summary>The folder holding google/protobuf/*.proto (the well-known types).</summary>
    public static string WellKnownIncludes => Path.Combine(TestEnvironment.GrpcToolsRoot, "build", "native", "include");

    public sealed record Outcome(int ExitCode, string Output, IReadOnlyList<(string Path, string Text)> CSharpFiles);

    /// <summary>
    /// Writes the files, runs protoc with --csharp_out over all of them and collects the C# it writes, but for
    /// <c>migrate_wcf/common.proto</c> (<see cref="MigrationEngine.RuntimeProtoFile"/>): checked like the rest, its C# is
    /// MigrateWcf.Runtime's, which the compilations reference, as a migrated project does.
    /// </summary>
    /// <param name="grpc">Also run Grpc.Tools' grpc_csharp_plugin (service base and client classes), as GrpcServices="Both" does.</param>
    public static Outcome CompileToCSharp(IEnumerable<GeneratedFile> protoFiles, bool fatalWarnings = false, bool grpc = false)
    {
        var work = Directory.CreateTempSubdirectory("corpus-protoc-");
        try
        {
            var input = Directory.CreateDirectory(Path.Combine(work.FullName, "in")).FullName;
            var output = Directory.CreateDirectory(Path.Combine(work.FullName, "out")).FullName;
            var runtimeOutput = Directory.CreateDirectory(Path.Combine(work.FullName, "runtime-out")).FullName;
            var relativePaths = new List<string>();
            foreach (var file in protoFiles)
            {
                var relative = file.RelativePath.Replace('\\', '/');
                var target = Path.Combine(input, relative);
                Directory.CreateDirectory(Path.GetDirectoryName(target)!);
                File.WriteAllText(target, file.Content);
                relativePaths.Add(relative);
            }

            // One protoc run per file, each writing below a folder that mirrors the file's relative folder: what
            // Grpc.Tools does, so two files with the same name in different packages (a/types.proto, b/types.proto) work.
            var exitCode = 0;
            var text = new StringBuilder();
            foreach (var relative in relativePaths)
            {
                var root = relative == MigrationEngine.RuntimeProtoFile ? runtimeOutput : output;
                var outputFolder = Directory.CreateDirectory(Path.Combine(root, Path.GetDirectoryName(relative) ?? string.Empty)).FullName;
                var arguments = new List<string> { "-I" + input, "-I" + WellKnownIncludes, "-I" + TestEnvironment.GoogleApiProtos, "--csharp_out=" + outputFolder };
                if (grpc)
                {
                    arguments.Add("--plugin=protoc-gen-grpc=" + GrpcPlugin.Value);
                    arguments.Add("--grpc_out=" + outputFolder);
                }

                if (fatalWarnings)
                {
                    arguments.Add("--fatal_warnings");
                }

                arguments.Add(relative);
                var (fileExit, fileOutput) = RunProcess(Executable.Value, arguments, input);
                exitCode = exitCode == 0 ? fileExit : exitCode;
                text.Append(fileOutput.Replace(input + Path.DirectorySeparatorChar, string.Empty));
            }

            var csharp = Directory.EnumerateFiles(output, "*.cs", SearchOption.AllDirectories)
                .OrderBy(f => f, StringComparer.Ordinal)
                .Select(f => (Path.GetRelativePath(output, f), File.ReadAllText(f)))
                .ToList();
            return new Outcome(exitCode, text.ToString(), csharp);
        }
        finally
        {
            work.Delete(recursive: true);
        }
    }

    /// <summary>Runs a program to its end; returns its exit code and its standard output followed by its standard error.</summary>
    internal static (int ExitCode, string Output) RunProcess(string fileName, IEnumerable<string> arguments, string workingDirectory)
    {
        var start = new ProcessStartInfo(fileName)
        {
            WorkingDirectory = workingDirectory,
            RedirectStandardError = true,
            RedirectStandardOutput = true,
            UseShellExecute = false,
        };
        foreach (var argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }

        using var process = Process.Start(start)!;
        var output = new StringBuilder();
        var stderr = process.StandardError.ReadToEndAsync();
        output.Append(process.StandardOutput.ReadToEnd());
        output.Append(stderr.Result);
        process.WaitForExit();
        return (process.ExitCode, output.ToString());
    }

    // The package does not always keep protoc's execute bit, and it may belong to another user: use a private copy.
    private static string PrepareExecutable(string name)
    {
        var folder = (RuntimeInformation.IsOSPlatform(OSPlatform.Windows), RuntimeInformation.IsOSPlatform(OSPlatform.OSX), RuntimeInformation.OSArchitecture) switch
        {
            (true, _, Architecture.X86) => "windows_x86",
            (true, _, _) => "windows_x64",
            (_, true, _) => "macosx_universal",
            (_, _, Architecture.Arm64) => "linux_arm64",
            (_, _, Architecture.X86) => "linux_x86",
            _ => "linux_x64",
        };
        var source = Path.Combine(TestEnvironment.GrpcToolsRoot, "tools", folder, name);
        if (!File.Exists(source))
        {
            throw new InvalidOperationException($"{name} not found at {source}.");
        }

        if (OperatingSystem.IsWindows())
        {
            return source;
        }

        var copyFolder = Directory.CreateTempSubdirectory("corpus-" + Path.GetFileNameWithoutExtension(name) + "-bin-").FullName;
        // The copy is removed when the test process ends (a copy per process, not per call).
        AppDomain.CurrentDomain.ProcessExit += (_, _) => DeleteQuietly(copyFolder);
        var copy = Path.Combine(copyFolder, name);
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
