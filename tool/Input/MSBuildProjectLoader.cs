using System.Collections.Immutable;
using System.Text.RegularExpressions;
using System.Xml.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.MSBuild;

namespace MigrateWcf.Tool.Input;

/// <summary>A project as MSBuild evaluated it: its compilation for one target framework, and its C# files.</summary>
/// <param name="TargetFramework">The framework analysed (the first of &lt;TargetFrameworks&gt;, or the only one).</param>
/// <param name="OtherTargetFrameworks">The frameworks a multi-targeting project also builds for, not analysed.</param>
internal sealed record MSBuildProject(CSharpCompilation Compilation, string? TargetFramework, ImmutableArray<string> OtherTargetFrameworks, ImmutableArray<string> Files);

/// <summary>
/// Loads restored SDK-style projects through MSBuild (Roslyn's <see cref="MSBuildWorkspace"/>, whose design-time build
/// runs in its own BuildHost process on the installed .NET SDK): real references (packages, frameworks, other projects),
/// real compile items, conditions and properties, and the preprocessor symbols of the target framework. A project that
/// was never restored (no <c>obj/project.assets.json</c>) cannot be evaluated with its references, and one MSBuild fails
/// on, is read from its project file instead; <see cref="Load"/> says why for each.
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
    public static (Dictionary<string, MSBuildProject> Loaded, Dictionary<string, string> Failed) Load(IReadOnlyList<SourceSet> projects, CancellationToken cancellationToken)
    {
        var loaded = new Dictionary<string, MSBuildProject>(StringComparer.Ordinal);
        var failed = new Dictionary<string, string>(StringComparer.Ordinal);
        if (projects.Count == 0)
        {
            return (loaded, failed);
        }

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

        foreach (var project in projects)
        {
            var file = project.ProjectFile!;
            lock (failures)
            {
                failures.Clear();
            }

            try
            {
                // A project an earlier one references is in the workspace already (with its frameworks): not opened twice.
                if (!workspace.CurrentSolution.Projects.Any(p => string.Equals(p.FilePath, file, StringComparison.Ordinal)))
                {
                    workspace.OpenProjectAsync(file, cancellationToken: cancellationToken).GetAwaiter().GetResult();
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
            var compilation = (CSharpCompilation)chosen.Project.GetCompilationAsync(cancellationToken).GetAwaiter().GetResult()!;
            // The files MSBuild generates into obj/ (assembly info, global usings) are compiled, but are not the user's sources.
            var generated = Path.Combine(Path.GetDirectoryName(file)!, "obj") + Path.DirectorySeparatorChar;
            var files = chosen.Project.Documents
                .Select(d => d.FilePath)
                .OfType<string>()
                .Where(f => f.EndsWith(".cs", StringComparison.OrdinalIgnoreCase) && !f.StartsWith(generated, StringComparison.Ordinal))
                .Order(StringComparer.Ordinal)
                .ToImmutableArray();
            loaded[file] = new MSBuildProject(
                compilation,
                chosen.Framework ?? RestoredFramework(file),
                frameworks.Where(f => f is not null && f != chosen.Framework).Select(f => f!).Distinct(StringComparer.Ordinal).OrderBy(f => order.IndexOf(f)).ToImmutableArray(),
                files);
        }

        return (loaded, failed);
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
