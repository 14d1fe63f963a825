using System.Collections.Immutable;
using System.Text.RegularExpressions;
using System.Xml.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.MSBuild;
using Microsoft.CodeAnalysis.Text;

namespace MigrateWcf.Tool.Input;

/// <summary>A project as MSBuild evaluated it: its compilation for one target framework, and its C# files.</summary>
/// <param name="TargetFramework">The framework analysed (the first of &lt;TargetFrameworks&gt;, or the only one).</param>
/// <param name="OtherTargetFrameworks">The frameworks a multi-targeting project also builds for, not analysed.</param>
/// <param name="NotRead">The project's documents left unread (<see cref="SourceFileReader"/>), each with why: compiled as empty, reported as CS1504.</param>
internal sealed record MSBuildProject(CSharpCompilation Compilation, string? TargetFramework, ImmutableArray<string> OtherTargetFrameworks, ImmutableArray<string> Files, ImmutableArray<(string Path, string Reason)> NotRead);

/// <summary>
/// Loads restored SDK-style projects through MSBuild (Roslyn's <see cref="MSBuildWorkspace"/>, whose design-time build
/// runs in its own BuildHost process on the installed .NET SDK): real references (packages, frameworks, other projects),
/// real compile items, conditions and properties, and the preprocessor symbols of the target framework. A project that
/// was never restored (no <c>obj/project.assets.json</c>) cannot be evaluated with its references, and one MSBuild fails
/// on, is read from its project file instead; <see cref="Load"/> says why for each. MSBuild only lists the documents:
/// the tool reads each through <see cref="SourceFileReader"/>, as it reads every other input, before Roslyn would.
/// </summary>
internal static partial class MSBuildProjectLoader
{
    [GeneratedRegex(@"\((?<tfm>[^()]+)\)$", RegexOptions.CultureInvariant)]
    private static partial Regex FrameworkSuffix();

    /// <summary>SDK-style projects with a restore result beside them; others are read from their project file.</summary>
    public static bool IsRestored(SourceSet project)
        => project is { Load: LoadMode.SdkProjectFile, ProjectFile: not null }
           && File.Exists(Path.Combine(project.Folder, "obj", "project.assets.json"));

    /// <summary>
    /// Loads <paramref name="projects"/> (restored SDK-style ones) in one workspace. Returns the projects MSBuild loaded
    /// without failures, by project file, and for the others the reason they were not.
    /// </summary>
    /// <remarks>Cancellation ends the load at once, design-time builds under way included (<see cref="BuildHostProcesses"/>).</remarks>
    public static (Dictionary<string, MSBuildProject> Loaded, Dictionary<string, string> Failed) Load(IReadOnlyList<SourceSet> projects, CancellationToken cancellationToken)
    {
        if (projects.Count == 0)
        {
            return (new Dictionary<string, MSBuildProject>(StringComparer.Ordinal), new Dictionary<string, string>(StringComparer.Ordinal));
        }

        var otherLoads = BuildHostProcesses.Running();
        try
        {
            return LoadInOneWorkspace(projects, cancellationToken);
        }
        catch (OperationCanceledException) when (cancellationToken.IsCancellationRequested)
        {
            BuildHostProcesses.KillAllBut(otherLoads);
            throw;
        }
    }

    private static (Dictionary<string, MSBuildProject> Loaded, Dictionary<string, string> Failed) LoadInOneWorkspace(IReadOnlyList<SourceSet> projects, CancellationToken cancellationToken)
    {
        var loaded = new Dictionary<string, MSBuildProject>(StringComparer.Ordinal);
        var failed = new Dictionary<string, string>(StringComparer.Ordinal);
        using var workspace = MSBuildWorkspace.Create();
        var failures = new List<string>();
        workspace.WorkspaceFailed += (_, e) =>
        {
            if (e.Diagnostic.Kind == WorkspaceDiagnosticKind.Failure)
            {
                lock (failures)
                {
                    failures.Add(e.Diagnostic.Message);
                }
            }
        };

        // Every project is opened first, so the documents are read once, into one solution whose compilations the
        // projects share (a referenced project is compiled once).
        var opened = new List<(string File, ProjectId Chosen, string? Framework, ImmutableArray<string> OtherFrameworks)>();
        foreach (var project in projects)
        {
            var file = project.ProjectFile!;
            lock (failures)
            {
                failures.Clear();
            }

            if (new[] { file }.Concat(project.ProjectReferences).Select(BlockingImport).FirstOrDefault(b => b is not null) is { } blocking)
            {
                failed[file] = $"MSBuild could not load it ({blocking})";
                continue;
            }

            try
            {
                // A project an earlier one references is in the workspace already (with its frameworks): not opened twice.
                if (!workspace.CurrentSolution.Projects.Any(p => string.Equals(p.FilePath, file, StringComparison.Ordinal)))
                {
                    Await(workspace.OpenProjectAsync(file, cancellationToken: cancellationToken), cancellationToken);
                }
            }
            catch (Exception e) when (e is not OperationCanceledException)
            {
                failed[file] = $"MSBuild could not load it ({FirstLine(e.Message)})";
                continue;
            }

            string[] errors;
            lock (failures)
            {
                errors = failures.ToArray();
            }

            var candidates = workspace.CurrentSolution.Projects
                .Where(p => string.Equals(p.FilePath, file, StringComparison.Ordinal) && p.Language == LanguageNames.CSharp)
                .ToList();
            if (errors.Length > 0 || candidates.Count == 0)
            {
                failed[file] = $"MSBuild could not load it ({(errors.Length > 0 ? FirstLine(errors[0]) : "no C# project")})";
                continue;
            }

            var frameworks = candidates.Select(Framework).ToList();
            var order = DeclaredFrameworks(file);
            var chosen = candidates
                .Select((p, i) => (Project: p, Framework: frameworks[i]))
                .OrderBy(c => c.Framework is { } f && order.IndexOf(f) is var index and >= 0 ? index : int.MaxValue)
                .ThenBy(c => c.Framework, StringComparer.Ordinal)
                .First();
            opened.Add((
                file,
                chosen.Project.Id,
                chosen.Framework ?? RestoredFramework(file),
                frameworks.Where(f => f is not null && f != chosen.Framework).Select(f => f!).Distinct(StringComparer.Ordinal).OrderBy(f => order.IndexOf(f)).ToImmutableArray()));
        }

        var (solution, notRead) = WithDocumentsRead(workspace.CurrentSolution, cancellationToken);
        foreach (var (file, chosen, framework, otherFrameworks) in opened)
        {
            var project = solution.GetProject(chosen)!;
            var compilation = (CSharpCompilation)Await(project.GetCompilationAsync(cancellationToken), cancellationToken)!;
            // The files MSBuild generates into obj/ (assembly info, global usings) are compiled, but are not the user's sources.
            var generated = Path.Combine(Path.GetDirectoryName(file)!, "obj") + Path.DirectorySeparatorChar;
            var files = project.Documents
                .Select(d => d.FilePath)
                .OfType<string>()
                .Where(f => f.EndsWith(".cs", StringComparison.OrdinalIgnoreCase) && !f.StartsWith(generated, StringComparison.Ordinal))
                .Order(StringComparer.Ordinal)
                .ToImmutableArray();
            var unread = project.Documents.Concat(project.AdditionalDocuments).Concat(project.AnalyzerConfigDocuments)
                .Select(d => d.FilePath)
                .OfType<string>()
                .Where(notRead.ContainsKey)
                .Distinct(StringComparer.Ordinal)
                .Order(StringComparer.Ordinal)
                .Select(f => (f, notRead[f]))
                .ToImmutableArray();
            loaded[file] = new MSBuildProject(compilation, framework, otherFrameworks, files, unread);
        }

        return (loaded, failed);
    }

    /// <summary>
    /// Why the design-time build of <paramref name="projectFile"/> would block on a file MSBuild imports for every SDK-style
    /// project, or null: the nearest Directory.Build.props, Directory.Build.targets and Directory.Packages.props above it,
    /// its <c>.user</c> file and NuGet's restore outputs in <c>obj/</c>. Evaluation opens each as it is, so a FIFO there
    /// would stall the BuildHost forever. Imports the project names itself are not followed (docs/known-gaps.md).
    /// </summary>
    private static string? BlockingImport(string projectFile)
    {
        var folder = Path.GetDirectoryName(projectFile)!;
        var name = Path.GetFileName(projectFile);
        var imports = new List<string>
        {
            projectFile + ".user",
            Path.Combine(folder, "obj", name + ".nuget.g.props"),
            Path.Combine(folder, "obj", name + ".nuget.g.targets"),
            Path.Combine(folder, "obj", "project.assets.json"),
        };
        foreach (var nearest in new[] { "Directory.Build.props", "Directory.Build.targets", "Directory.Packages.props" })
        {
            for (var current = folder; current is not null; current = Path.GetDirectoryName(current))
            {
                if (File.Exists(Path.Combine(current, nearest)))
                {
                    imports.Add(Path.Combine(current, nearest));
                    break;
                }
            }
        }

        return imports
            .Where(File.Exists)
            .Select(i => SourceFileReader.NotARegularFileBecause(i) is { } reason ? $"its import '{Path.GetRelativePath(folder, i).Replace(Path.DirectorySeparatorChar, '/')}' was not opened: {reason}" : null)
            .FirstOrDefault(b => b is not null);
    }

    /// <summary>
    /// A task's result, or <see cref="OperationCanceledException"/> as soon as <paramref name="cancellationToken"/> is
    /// cancelled, even while the task waits for a BuildHost that does not listen (the caller then ends the BuildHosts).
    /// </summary>
    private static T Await<T>(Task<T> task, CancellationToken cancellationToken) => task.WaitAsync(cancellationToken).GetAwaiter().GetResult();

    /// <summary>
    /// <paramref name="solution"/> with every C# document's text read by <see cref="SourceFileReader"/> (empty when left
    /// unread), and every other document (analyzer configuration, additional files) that is not a regular file made empty,
    /// before the compilation reads anything: MSBuildWorkspace would otherwise open each file as it is, a FIFO included.
    /// Returns the paths left unread, with why. A regular file that cannot be read (missing) is left to Roslyn's loader,
    /// as MSBuild listed it.
    /// </summary>
    private static (Solution Solution, Dictionary<string, string> NotRead) WithDocumentsRead(Solution solution, CancellationToken cancellationToken)
    {
        // The frameworks of a multi-targeting project, and projects that link one file, share it: each path is read once.
        var sources = solution.Projects.SelectMany(p => p.Documents).Select(d => d.FilePath).OfType<string>().Distinct(StringComparer.Ordinal).ToArray();
        var texts = new SourceFileText?[sources.Length];
        Parallel.For(0, sources.Length, new ParallelOptions { CancellationToken = cancellationToken }, i =>
        {
            try
            {
                texts[i] = SourceFileReader.Read(sources[i]);
            }
            catch (Exception e) when (e is IOException or UnauthorizedAccessException)
            {
                texts[i] = null;
            }
        });
        var read = new Dictionary<string, SourceFileText?>(StringComparer.Ordinal);
        for (var i = 0; i < sources.Length; i++)
        {
            read[sources[i]] = texts[i];
        }

        // Loaders, not texts, are replaced: a document given a new text is parsed incrementally from its old one, which
        // Roslyn would first load from the file.
        var notRead = new Dictionary<string, string>(StringComparer.Ordinal);
        TextLoader Loader(SourceText? text, string path) => TextLoader.From(TextAndVersion.Create(text ?? SourceText.From(string.Empty), VersionStamp.Create(), path));
        foreach (var project in solution.Projects.ToList())
        {
            foreach (var document in project.Documents)
            {
                if (document.FilePath is { } path && read[path] is { } text)
                {
                    if (text.NotReadBecause is { } reason)
                    {
                        notRead[path] = reason;
                    }

                    solution = solution.WithDocumentTextLoader(document.Id, Loader(text.Text, path), PreservationMode.PreserveValue);
                }
            }

            foreach (var document in project.AdditionalDocuments.Concat(project.AnalyzerConfigDocuments))
            {
                if (document.FilePath is { } path && SourceFileReader.NotARegularFileBecause(path) is { } reason)
                {
                    notRead[path] = reason;
                    solution = project.AdditionalDocumentIds.Contains(document.Id)
                        ? solution.WithAdditionalDocumentTextLoader(document.Id, Loader(null, path), PreservationMode.PreserveValue)
                        : solution.WithAnalyzerConfigDocumentTextLoader(document.Id, Loader(null, path), PreservationMode.PreserveValue);
                }
            }
        }

        return (solution, notRead);
    }

    /// <summary>The target framework of one of a project's per-framework instances ("Orders(net472)"), or null when it has one.</summary>
    private static string? Framework(Project project)
        => FrameworkSuffix().Match(project.Name) is { Success: true } match ? match.Groups["tfm"].Value : null;

    /// <summary>&lt;TargetFrameworks&gt; as the project file writes it, in its order (empty when it has one framework or uses properties).</summary>
    private static List<string> DeclaredFrameworks(string projectFile)
    {
        try
        {
            var value = XDocument.Load(projectFile).Root?.Elements().Where(e => e.Name.LocalName == "PropertyGroup")
                .SelectMany(g => g.Elements().Where(e => e.Name.LocalName == "TargetFrameworks"))
                .Select(e => e.Value).LastOrDefault();
            return value?.Split(';', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries).ToList() ?? [];
        }
        catch (Exception e) when (e is System.Xml.XmlException or IOException or UnauthorizedAccessException)
        {
            return [];
        }
    }

    /// <summary>
    /// The one framework a single-targeting project was restored for (MSBuild names per-framework projects only when there
    /// are several): the framework alias in <c>obj/project.assets.json</c>, or null when that cannot be read.
    /// </summary>
    private static string? RestoredFramework(string projectFile)
    {
        try
        {
            using var assets = System.Text.Json.JsonDocument.Parse(File.ReadAllBytes(Path.Combine(Path.GetDirectoryName(projectFile)!, "obj", "project.assets.json")));
            var frameworks = assets.RootElement.GetProperty("project").GetProperty("frameworks").EnumerateObject().Select(f => f.Name).ToList();
            return frameworks.Count == 1 ? frameworks[0] : null;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException or System.Text.Json.JsonException or KeyNotFoundException or InvalidOperationException)
        {
            return null;
        }
    }

    private static string FirstLine(string message)
    {
        var line = message.Split('\n', 2)[0].Trim();
        return line.Length > 300 ? line[..300] + "…" : line;
    }
}
