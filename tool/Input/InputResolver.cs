using System.Collections.Immutable;
using System.IO.Enumeration;
using MigrateWcf.Tool.Cli;

namespace MigrateWcf.Tool.Input;

/// <summary>Turns the path on the command line into the set of C# files to read: a .cs file, a folder, or a .csproj.</summary>
internal static class InputResolver
{
    public static SourceSet Resolve(string path)
    {
        if (string.IsNullOrWhiteSpace(path))
        {
            throw CommandLineException.Usage("the input path is empty.");
        }

        var fullPath = Path.GetFullPath(path);
        if (Directory.Exists(fullPath))
        {
            var files = EnumerateSources(fullPath).ToImmutableArray();
            if (files.IsEmpty)
            {
                throw CommandLineException.Input($"no C# files found in '{path}' (bin, obj and hidden folders are skipped).");
            }

            return new SourceSet(InputKind.Folder, fullPath, Sorted(files), NullableEnabled: false);
        }

        if (!File.Exists(fullPath))
        {
            throw CommandLineException.Input($"'{path}' does not exist.");
        }

        var extension = Path.GetExtension(fullPath);
        if (extension.Equals(".cs", StringComparison.OrdinalIgnoreCase))
        {
            return new SourceSet(InputKind.SourceFile, Path.GetDirectoryName(fullPath)!, [fullPath], NullableEnabled: false);
        }

        if (extension.Equals(".csproj", StringComparison.OrdinalIgnoreCase))
        {
            var project = ProjectFileReader.Read(fullPath, path);
            if (project.Files.IsEmpty)
            {
                throw CommandLineException.Input($"'{path}' has no C# files to compile.");
            }

            return project with { Files = Sorted(project.Files) };
        }

        var hint = extension.Equals(".sln", StringComparison.OrdinalIgnoreCase) || extension.Equals(".slnx", StringComparison.OrdinalIgnoreCase)
            ? " (solutions are not supported yet: pass one project or its folder)"
            : string.Empty;
        throw CommandLineException.Input($"'{path}' is not a .cs file, a .csproj or a folder{hint}.");
    }

    /// <summary>Folder names never read as sources: build output and hidden folders (.git, .vs), as the .NET SDK's defaults skip them.</summary>
    public static bool IsSkippedFolder(string name)
        => name.Equals("bin", StringComparison.OrdinalIgnoreCase)
           || name.Equals("obj", StringComparison.OrdinalIgnoreCase)
           || name.StartsWith('.');

    /// <summary>Every .cs file below <paramref name="folder"/>, skipping <see cref="IsSkippedFolder"/>; full paths.</summary>
    public static IEnumerable<string> EnumerateSources(string folder)
    {
        var options = new EnumerationOptions
        {
            RecurseSubdirectories = true,
            // An unreadable folder is an error to report, not something to skip silently.
            IgnoreInaccessible = false,
            AttributesToSkip = 0,
            MatchCasing = MatchCasing.CaseInsensitive,
        };
        var enumerable = new FileSystemEnumerable<string>(folder, (ref FileSystemEntry entry) => entry.ToFullPath(), options)
        {
            ShouldIncludePredicate = (ref FileSystemEntry entry)
                => !entry.IsDirectory && entry.FileName.EndsWith(".cs", StringComparison.OrdinalIgnoreCase),
            ShouldRecursePredicate = (ref FileSystemEntry entry) => !IsSkippedFolder(entry.FileName.ToString()),
        };
        try
        {
            return enumerable.ToList();
        }
        catch (Exception e) when (e is UnauthorizedAccessException or IOException)
        {
            throw CommandLineException.Input($"cannot read the folder '{folder}': {e.Message}", e);
        }
    }

    private static ImmutableArray<string> Sorted(IEnumerable<string> files)
        => files.Distinct(StringComparer.Ordinal).Order(StringComparer.Ordinal).ToImmutableArray();
}
