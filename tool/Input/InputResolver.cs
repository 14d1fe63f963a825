using System.Collections.Immutable;
using System.IO.Enumeration;
using MigrateWcf.Tool.Cli;

namespace MigrateWcf.Tool.Input;

/// <summary>
/// Turns the path on the command line into compilations: a .cs file, a .csproj, or a folder, which holds one compilation
/// per project file plus one per tree of loose files (the rules are in tool/README.md, "Projects in a folder").
/// </summary>
internal static class InputResolver
{
    private const string SourceExtension = ".cs";
    private const string ProjectExtension = ".csproj";

    public static InputSet Resolve(string path)
    {
        if (string.IsNullOrWhiteSpace(path))
        {
            throw CommandLineException.Usage("the input path is empty.");
        }

        var fullPath = Path.GetFullPath(path);
        if (Directory.Exists(fullPath))
        {
            return ResolveFolder(fullPath, path);
        }

        if (!File.Exists(fullPath))
        {
            throw CommandLineException.Input($"'{path}' does not exist.");
        }

        var extension = Path.GetExtension(fullPath);
        var folder = Path.GetDirectoryName(fullPath)!;
        if (extension.Equals(SourceExtension, StringComparison.OrdinalIgnoreCase))
        {
            var file = new SourceSet(Path.GetFileNameWithoutExtension(fullPath), LoadMode.LooseFiles, folder, null, [fullPath], NullableEnabled: false);
            return new InputSet(InputKind.SourceFile, folder, [file], ImmutableArray<SourceSet>.Empty);
        }

        if (extension.Equals(ProjectExtension, StringComparison.OrdinalIgnoreCase))
        {
            var project = ProjectFileReader.Read(fullPath, path);
            if (project.Files.IsEmpty)
            {
                throw CommandLineException.Input($"'{path}' has no C# files to compile.");
            }

            return WithReferences(InputKind.Project, folder, [project], Path.GetDirectoryName(path) ?? string.Empty);
        }

        if (extension.Equals(".sln", StringComparison.OrdinalIgnoreCase) || extension.Equals(".slnx", StringComparison.OrdinalIgnoreCase))
        {
            return ResolveSolution(fullPath, path);
        }

        throw CommandLineException.Input($"'{path}' is not a .cs file, a .csproj, a .sln, a .slnx or a folder.");
    }

    /// <summary>
    /// A solution is its C# projects, each one compilation as in a folder (names made unique the same way); paths are
    /// reported relative to the solution's folder. Projects they reference that the solution does not list are compiled
    /// with them, never analysed.
    /// </summary>
    private static InputSet ResolveSolution(string solutionPath, string displayPath)
    {
        var folder = Path.GetDirectoryName(solutionPath)!;
        var displayFolder = Path.GetDirectoryName(displayPath) ?? string.Empty;
        var solution = SolutionFileReader.Read(solutionPath, displayPath);
        var projects = solution.Projects.Select(p => ProjectFileReader.Read(p, DisplayPath(displayFolder, folder, p))).ToList();
        if (projects.All(p => p.Files.IsEmpty))
        {
            throw CommandLineException.Input($"the projects of '{displayPath}' have no C# files to compile.");
        }

        var origin = new InputSet(InputKind.Solution, folder, ImmutableArray<SourceSet>.Empty, ImmutableArray<SourceSet>.Empty);
        return WithReferences(InputKind.Solution, folder, UniqueNames(projects, origin), displayFolder) with
        {
            OtherSolutionEntries = solution.OtherProjects.ToImmutableArray(),
        };
    }

    /// <summary>
    /// A folder without project files is one compilation, as before. With project files, each project is one, and the
    /// .cs files no project folder holds form one per tree (<see cref="LooseTrees"/>).
    /// </summary>
    private static InputSet ResolveFolder(string folder, string displayPath)
    {
        var linksNotFollowed = new List<string>();
        var entries = EnumerateFiles(folder, IsSourceOrProject, skipNestedProjects: false, linksNotFollowed);
        var sources = entries.Where(f => HasExtension(f, SourceExtension)).Order(StringComparer.Ordinal).ToImmutableArray();
        var projectFiles = entries.Where(f => HasExtension(f, ProjectExtension)).Order(StringComparer.Ordinal).ToList();
        var noSources = $"no C# files found in '{displayPath}' (bin, obj and hidden folders are skipped).";
        if (projectFiles.Count == 0)
        {
            return sources.IsEmpty
                ? throw CommandLineException.Input(noSources)
                : new InputSet(InputKind.Folder, folder, [new SourceSet(Path.GetFileName(folder), LoadMode.LooseFiles, folder, null, sources, NullableEnabled: false) { ConfigurationFiles = ConfigurationFileFinder.InFolders(sources.Select(Path.GetDirectoryName).OfType<string>()) }], ImmutableArray<SourceSet>.Empty)
                {
                    FolderLinksNotFollowed = [.. linksNotFollowed],
                };
        }

        var projects = projectFiles.Select(p => ProjectFileReader.Read(p, DisplayPath(displayPath, folder, p))).ToList();
        var compiled = projects.SelectMany(p => p.Files).ToHashSet(StringComparer.Ordinal);
        projects.AddRange(LooseTrees(folder, sources.Where(f => !compiled.Contains(f)), projectFiles));
        if (projects.All(p => p.Files.IsEmpty))
        {
            throw CommandLineException.Input(noSources);
        }

        var origin = new InputSet(InputKind.Folder, folder, ImmutableArray<SourceSet>.Empty, ImmutableArray<SourceSet>.Empty);
        var ordered = projects.OrderBy(p => origin.Origin(p), StringComparer.Ordinal).ToList();
        return WithReferences(InputKind.Folder, folder, UniqueNames(ordered, origin), displayPath) with { FolderLinksNotFollowed = [.. linksNotFollowed] };
    }

    /// <summary>
    /// Groups the loose files into trees. A file is loose when no project compiles it (a file a project links is that
    /// project's) and no project file lies in its folder or any folder above it, up to the input. A folder is
    /// project-free when no project file lies in it or below it. A loose file's tree is rooted at the highest
    /// project-free folder on its path; a loose file whose own folder is not project-free (a project lies in one of its
    /// subfolders) belongs with the other loose files of that folder alone.
    /// </summary>
    private static IEnumerable<SourceSet> LooseTrees(string inputFolder, IEnumerable<string> sources, IReadOnlyList<string> projectFiles)
    {
        var projectFolders = new HashSet<string>(projectFiles.Select(p => Path.GetDirectoryName(p)!), StringComparer.Ordinal);
        var holdsProjects = new HashSet<string>(StringComparer.Ordinal);
        foreach (var projectFolder in projectFolders)
        {
            for (var current = projectFolder; current is not null && IsSameOrBelow(current, inputFolder); current = Path.GetDirectoryName(current))
            {
                holdsProjects.Add(current);
            }
        }

        var trees = new SortedDictionary<string, List<string>>(StringComparer.Ordinal);
        foreach (var file in sources)
        {
            var folder = Path.GetDirectoryName(file)!;
            if (AncestorsUpTo(folder, inputFolder).Any(projectFolders.Contains))
            {
                continue;
            }

            var root = folder;
            while (!holdsProjects.Contains(root) && Path.GetDirectoryName(root) is { } parent && !holdsProjects.Contains(parent))
            {
                root = parent;
            }

            if (!trees.TryGetValue(root, out var files))
            {
                trees[root] = files = new List<string>();
            }

            files.Add(file);
        }

        return trees.Select(t => new SourceSet(Path.GetFileName(t.Key), LoadMode.LooseFiles, t.Key, null, t.Value.ToImmutableArray(), NullableEnabled: false)
        {
            ConfigurationFiles = ConfigurationFileFinder.InFolders(t.Value.Select(Path.GetDirectoryName).OfType<string>()),
        });
    }

    /// <summary>
    /// Project names become output folders, so they must differ (ignoring case, as on Windows and macOS). Projects that
    /// share a name are named by their path relative to the input instead ('/' → '.', without <c>.csproj</c>), and a
    /// name still taken gets <c>-2</c>, <c>-3</c>… in path order.
    /// </summary>
    private static List<SourceSet> UniqueNames(List<SourceSet> projects, InputSet origin)
    {
        var shared = projects.GroupBy(p => p.Name, StringComparer.OrdinalIgnoreCase).Where(g => g.Count() > 1).SelectMany(g => g).ToHashSet();
        var renamed = projects.Select(p => shared.Contains(p) ? p with { Name = PathName(origin, p) } : p).ToList();
        var taken = new HashSet<string>(StringComparer.OrdinalIgnoreCase);
        for (var i = 0; i < renamed.Count; i++)
        {
            var name = renamed[i].Name;
            for (var suffix = 2; !taken.Add(name); suffix++)
            {
                name = $"{renamed[i].Name}-{suffix}";
            }

            renamed[i] = renamed[i] with { Name = name };
        }

        return renamed;
    }

    private static string PathName(InputSet origin, SourceSet project)
    {
        var relative = project.ProjectFile is { } file ? Path.ChangeExtension(origin.Relative(file), null) : origin.Relative(project.Folder);
        return relative == "." ? project.Name : relative.Replace('/', '.');
    }

    /// <summary>
    /// Adds the projects that the input's projects reference (directly or through each other) but that lie outside the
    /// input, so their types bind; they are compiled, never analysed. A reference cycle is bad input, as for MSBuild.
    /// </summary>
    /// <param name="displayRoot">The input folder as typed, for error messages.</param>
    private static InputSet WithReferences(InputKind kind, string root, List<SourceSet> projects, string displayRoot)
    {
        var byFile = projects.Where(p => p.ProjectFile is not null).ToDictionary(p => p.ProjectFile!, StringComparer.Ordinal);
        var referenced = new List<SourceSet>();
        var pending = new Queue<string>(projects.SelectMany(p => p.ProjectReferences));
        while (pending.TryDequeue(out var file))
        {
            if (byFile.ContainsKey(file))
            {
                continue;
            }

            var project = ProjectFileReader.Read(file, DisplayPath(displayRoot, root, file));
            byFile[file] = project;
            referenced.Add(project);
            foreach (var next in project.ProjectReferences)
            {
                pending.Enqueue(next);
            }
        }

        var input = new InputSet(kind, root, projects.ToImmutableArray(), referenced.OrderBy(p => p.ProjectFile, StringComparer.Ordinal).ToImmutableArray());
        if (FindCycle(byFile) is { } cycle)
        {
            throw CommandLineException.Input($"the project references form a cycle: {string.Join(" → ", cycle.Select(input.Relative))}.");
        }

        return input;
    }

    /// <summary>A reference cycle as the project files along it (the first one repeated at the end), or null.</summary>
    private static List<string>? FindCycle(Dictionary<string, SourceSet> projects)
    {
        var done = new HashSet<string>(StringComparer.Ordinal);
        var path = new List<string>();

        List<string>? Visit(string file)
        {
            var index = path.IndexOf(file);
            if (index >= 0)
            {
                return [.. path.Skip(index), file];
            }

            if (done.Contains(file) || !projects.TryGetValue(file, out var project))
            {
                return null;
            }

            path.Add(file);
            foreach (var reference in project.ProjectReferences)
            {
                if (Visit(reference) is { } cycle)
                {
                    return cycle;
                }
            }

            path.RemoveAt(path.Count - 1);
            done.Add(file);
            return null;
        }

        return projects.Keys.Order(StringComparer.Ordinal).Select(Visit).FirstOrDefault(c => c is not null);
    }

    /// <summary>A project file as error messages name it: below the input folder as typed (<c>repo/A/A.csproj</c>), else relative to the working folder.</summary>
    private static string DisplayPath(string displayRoot, string root, string file)
        => IsSameOrBelow(file, root)
            ? Path.Join(displayRoot, Path.GetRelativePath(root, file))
            : Path.GetRelativePath(Directory.GetCurrentDirectory(), file);

    /// <summary>Folder names never read as sources: build output and hidden folders (.git, .vs), as the .NET SDK's defaults skip them.</summary>
    public static bool IsSkippedFolder(string name)
        => name.Equals("bin", StringComparison.OrdinalIgnoreCase)
           || name.Equals("obj", StringComparison.OrdinalIgnoreCase)
           || name.StartsWith('.');

    /// <summary>
    /// Every .cs file below <paramref name="folder"/>, skipping <see cref="IsSkippedFolder"/> and, when asked, the folders
    /// below it that hold a project file of their own; full paths.
    /// </summary>
    public static IEnumerable<string> EnumerateSources(string folder, bool skipNestedProjects = false)
        => EnumerateFiles(folder, name => name.EndsWith(SourceExtension, StringComparison.OrdinalIgnoreCase), skipNestedProjects, linksNotFollowed: null);

    /// <summary>
    /// Walks the folder tree visiting each real folder and reading each real file once: links are followed, but a folder
    /// link that leads to a folder already walked (a loop such as <c>sub/loop → ..</c>, or a second way into the same
    /// folder) is not entered again, and a file reached twice through links is listed once, by the path first reached.
    /// Entries are walked in ordinal order, so the path kept is the same on every run.
    /// </summary>
    /// <param name="linksNotFollowed">Gets each folder link not entered because its folder was walked already (full paths).</param>
    private static List<string> EnumerateFiles(string folder, Func<string, bool> include, bool skipNestedProjects, List<string>? linksNotFollowed)
    {
        var options = new EnumerationOptions
        {
            RecurseSubdirectories = false,
            // An unreadable folder is an error to report, not something to skip silently.
            IgnoreInaccessible = false,
            AttributesToSkip = 0,
            MatchCasing = MatchCasing.CaseInsensitive,
        };
        var files = new List<string>();
        var realFolders = new HashSet<string>(StringComparer.Ordinal);
        var realFiles = new HashSet<string>(StringComparer.Ordinal);
        var pending = new Stack<(string Path, string RealPath)>();
        pending.Push((folder, InputPaths.RealPath(folder)));
        realFolders.Add(pending.Peek().RealPath);
        try
        {
            while (pending.TryPop(out var current))
            {
                var entries = new FileSystemEnumerable<(string Name, bool IsDirectory, bool IsLink)>(
                        current.Path,
                        (ref FileSystemEntry entry) => (entry.FileName.ToString(), entry.IsDirectory, (entry.Attributes & FileAttributes.ReparsePoint) != 0),
                        options)
                    .OrderBy(e => e.Name, StringComparer.Ordinal)
                    .ToList();
                var subfolders = new List<(string Path, string RealPath)>();
                foreach (var (name, isDirectory, isLink) in entries)
                {
                    var path = Path.Join(current.Path, name);
                    var realPath = isLink ? InputPaths.RealPath(path) : Path.Join(current.RealPath, name);
                    if (isDirectory)
                    {
                        if (IsSkippedFolder(name) || (skipNestedProjects && HoldsProjectFile(path)))
                        {
                            continue;
                        }

                        if (realFolders.Add(realPath))
                        {
                            subfolders.Add((path, realPath));
                        }
                        else if (isLink)
                        {
                            linksNotFollowed?.Add(path);
                        }
                    }
                    else if (include(name) && realFiles.Add(realPath))
                    {
                        files.Add(path);
                    }
                }

                // Pushed in reverse so they are walked in ordinal order, depth first.
                for (var i = subfolders.Count - 1; i >= 0; i--)
                {
                    pending.Push(subfolders[i]);
                }
            }

            return files;
        }
        catch (Exception e) when (e is UnauthorizedAccessException or IOException)
        {
            throw CommandLineException.Input($"cannot read the folder '{folder}': {e.Message}", e);
        }
    }

    private static bool HoldsProjectFile(string folder)
    {
        try
        {
            return Directory.EnumerateFiles(folder, "*" + ProjectExtension, new EnumerationOptions { MatchCasing = MatchCasing.CaseInsensitive }).Any();
        }
        catch (Exception e) when (e is UnauthorizedAccessException or IOException)
        {
            // Not readable: the enumeration that follows reports it.
            return false;
        }
    }

    private static bool IsSourceOrProject(string name) => HasExtension(name, SourceExtension) || HasExtension(name, ProjectExtension);

    private static bool HasExtension(string path, string extension) => path.EndsWith(extension, StringComparison.OrdinalIgnoreCase);

    private static bool IsSameOrBelow(string path, string folder)
        => path == folder || path.StartsWith(folder + Path.DirectorySeparatorChar, StringComparison.Ordinal);

    /// <summary><paramref name="folder"/> and each folder above it, up to and including <paramref name="top"/>.</summary>
    private static IEnumerable<string> AncestorsUpTo(string folder, string top)
    {
        for (var current = folder; current is not null && IsSameOrBelow(current, top); current = Path.GetDirectoryName(current))
        {
            yield return current;
        }
    }
}
