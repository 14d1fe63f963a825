using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Composition;
using System.IO;
using System.Linq;
using System.Text;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.Text;
using MigrateWcf.Generation;
using MigrateWcf.Generator;
using MigrateWcf.Generator.Rules;

namespace MigrateWcf.CodeFixes.Contracts;

/// <summary>
/// WCFM1014 (a service contract and what it becomes): "Generate gRPC migration". Plans exactly what
/// <c>migrate-wcf generate &lt;project&gt;.csproj</c> plans (<see cref="GenerationPlanner"/>, the one entry point) for the
/// project's sources and those of the projects it references, read as one compilation as the tool reads them, and adds
/// the planned <c>.proto</c> files and <c>migrate-wcf.lock</c> to the project as additional documents under
/// <see cref="ProtoFolder"/>/ (re-applied, it updates them, continuing from the lock file there). The C#, the migrated
/// project file and the manifest are not added: the C# targets .NET with grpc-dotnet, which the legacy project does not
/// reference, so it would stop building, and a Roslyn host cannot add a project. The title names the command line that
/// writes them from the same plan.
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(GenerateGrpcMigrationFixer))]
[Shared]
public sealed class GenerateGrpcMigrationFixer : CodeFixProvider
{
    /// <summary>The project folder the .proto files and lock file go to (grpc-dotnet's convention for .proto files).</summary>
    public const string ProtoFolder = "Protos";

    private static readonly Encoding Utf8NoBom = new UTF8Encoding(encoderShouldEmitUTF8Identifier: false);

    public override ImmutableArray<string> FixableDiagnosticIds { get; } = ImmutableArray.Create(RuleIds.ServiceContractMapped);

    // No FixAll: the action plans the whole project, so one application already holds every contract's files, and
    // FixAll would repeat that whole engine run per contract for the same result. Nor does dotnet format's host
    // (MSBuildWorkspace) accept added additional documents: run headless, the change would be refused.
    public override FixAllProvider? GetFixAllProvider() => null;

    public override Task RegisterCodeFixesAsync(CodeFixContext context)
    {
        var project = context.Document.Project;
        // Only where the host can add additional documents (Visual Studio, an AdhocWorkspace; not MSBuildWorkspace).
        if (!project.Solution.Workspace.CanApplyChange(ApplyChangesKind.AddAdditionalDocument))
        {
            return Task.CompletedTask;
        }

        var names = ProjectNames.Of(project);
        foreach (var diagnostic in context.Diagnostics)
        {
            context.RegisterCodeFix(
                CodeAction.Create(
                    $"Generate gRPC migration: .proto files and {GenerationPlanner.LockFileName} into {ProtoFolder}/; the C# and its project: {names.CommandLine}",
                    ct => ApplyAsync(project, names, ct),
                    EquivalenceKeys.GenerateGrpcMigration),
                diagnostic);
        }

        return Task.CompletedTask;
    }

    /// <summary>
    /// The plan for <paramref name="project"/>, as <c>generate</c> makes it for the same sources and the lock file in
    /// <see cref="ProtoFolder"/>; null when <c>generate</c> would write nothing (errors in the code or the findings, no
    /// contract with an operation).
    /// </summary>
    public static async Task<GenerationPlan?> PlanAsync(Project project, CancellationToken cancellationToken)
    {
        var names = ProjectNames.Of(project);
        var compilation = await CompileAsGenerateDoesAsync(project, cancellationToken).ConfigureAwait(false);
        if (compilation is null || compilation.SyntaxTrees.Any(t => t.GetDiagnostics(cancellationToken).Any(d => d.Severity == DiagnosticSeverity.Error)))
        {
            return null;
        }

        var lockDocument = Existing(project, names, GenerationPlanner.LockFileName);
        var lockText = lockDocument is null ? null : (await lockDocument.GetTextAsync(cancellationToken).ConfigureAwait(false)).ToString();
        var configurations = new List<ConfigurationFile>();
        var configNames = new HashSet<string>(project.AdditionalDocuments.Select(FileName).Where(n => n.EndsWith(".config", StringComparison.OrdinalIgnoreCase)), StringComparer.OrdinalIgnoreCase);
        foreach (var document in project.AdditionalDocuments.Where(d => IsConfiguration(FileName(d), configNames)).OrderBy(d => d.FilePath ?? d.Name, StringComparer.Ordinal))
        {
            var text = await document.GetTextAsync(cancellationToken).ConfigureAwait(false);
            configurations.Add(new ConfigurationFile(document.FilePath ?? document.Name, text.ToString()));
        }

        var sources = compilation.SyntaxTrees.Select(t => t.FilePath).Where(p => p.Length > 0).OrderBy(p => p, StringComparer.Ordinal).ToList();
        // A host whose projects have no file (an AdhocWorkspace) still gets a plan: only the project file's links, which
        // the action does not add, depend on where it is.
        var folder = names.ProjectFolder ?? sources.Where(Path.IsPathRooted).Select(Path.GetDirectoryName).FirstOrDefault() ?? Path.DirectorySeparatorChar.ToString();
        var request = new GenerationRequest(
            Path.Combine(Path.GetDirectoryName(folder) ?? folder, names.MigratedName),
            names.MigratedName,
            sources.Select(s => new OriginalSource(s, Path.GetFileName(s))).ToList(),
            compilation.Options.NullableContextOptions != NullableContextOptions.Disable,
            new RuntimeReference(null),
            CentralPackageVersions: false,
            ToolVersion: typeof(GenerationPlanner).Assembly.GetName().Version?.ToString(3) ?? "0.0.0");
        var plan = GenerationPlanner.Plan(compilation, lockText, configurations, request, cancellationToken);
        return plan.Problem != GenerationProblem.None || plan.Result.Findings.Any(f => f.Severity == FindingSeverity.Error) ? null : plan;
    }

    private static async Task<Solution> ApplyAsync(Project project, ProjectNames names, CancellationToken cancellationToken)
    {
        var solution = project.Solution;
        var plan = await PlanAsync(project, cancellationToken).ConfigureAwait(false);
        if (plan is null)
        {
            return solution;
        }

        foreach (var file in plan.ProtoFiles.Append(plan.LockFile!))
        {
            var text = SourceText.From(file.Content, Utf8NoBom);
            if (Existing(project, names, file.RelativePath) is { } existing)
            {
                solution = solution.WithAdditionalDocumentText(existing.Id, text);
                continue;
            }

            var segments = file.RelativePath.Split('/');
            var folders = new[] { ProtoFolder }.Concat(segments.Take(segments.Length - 1)).ToList();
            var filePath = names.ProjectFolder is { } folder ? Path.Combine(new[] { folder }.Concat(folders).Append(segments[segments.Length - 1]).ToArray()) : null;
            solution = solution.AddAdditionalDocument(DocumentId.CreateNewId(project.Id, file.RelativePath), segments[segments.Length - 1], text, folders, filePath);
        }

        return solution;
    }

    /// <summary>The additional document of <paramref name="project"/> at <see cref="ProtoFolder"/>/<paramref name="relativePath"/>.</summary>
    private static TextDocument? Existing(Project project, ProjectNames names, string relativePath)
    {
        var segments = relativePath.Split('/');
        var folders = new[] { ProtoFolder }.Concat(segments.Take(segments.Length - 1)).ToList();
        var name = segments[segments.Length - 1];
        var filePath = names.ProjectFolder is { } folder ? Path.Combine(new[] { folder }.Concat(folders).Append(name).ToArray()) : null;
        return project.AdditionalDocuments.FirstOrDefault(d => filePath is not null && d.FilePath is not null
            ? string.Equals(d.FilePath, filePath, StringComparison.Ordinal)
            : d.Name == name && d.Folders.SequenceEqual(folders, StringComparer.Ordinal));
    }

    private static string FileName(TextDocument document) => Path.GetFileName(document.FilePath ?? document.Name);

    /// <summary>
    /// A .config file as the tool picks them beside a project: not packages.config, and not a transform
    /// (<c>Web.Release.config</c> beside <c>Web.config</c>).
    /// </summary>
    private static bool IsConfiguration(string name, ISet<string> configNames)
    {
        if (!name.EndsWith(".config", StringComparison.OrdinalIgnoreCase) || string.Equals(name, "packages.config", StringComparison.OrdinalIgnoreCase))
        {
            return false;
        }

        var stem = name.Substring(0, name.Length - ".config".Length);
        var dot = stem.IndexOf('.');
        return !(dot > 0 && configNames.Contains(stem.Substring(0, dot) + ".config"));
    }

    /// <summary>
    /// The compilation <c>generate</c> reads for this project: its sources and those of every project it references
    /// (directly or not), compiled together against their metadata references, as the tool combines a project and
    /// the projects it references into one compilation.
    /// </summary>
    private static async Task<Compilation?> CompileAsGenerateDoesAsync(Project project, CancellationToken cancellationToken)
    {
        var compilation = await project.GetCompilationAsync(cancellationToken).ConfigureAwait(false);
        var solution = project.Solution;
        var referenced = solution.GetProjectDependencyGraph().GetProjectsThatThisProjectTransitivelyDependsOn(project.Id)
            .Select(solution.GetProject)
            .OfType<Project>()
            .Where(p => p.Language == LanguageNames.CSharp)
            .OrderBy(p => p.FilePath ?? p.Name, StringComparer.Ordinal)
            .ToList();
        if (compilation is null || referenced.Count == 0)
        {
            return compilation;
        }

        var trees = new List<SyntaxTree>();
        foreach (var document in referenced.SelectMany(p => p.Documents))
        {
            if (await document.GetSyntaxTreeAsync(cancellationToken).ConfigureAwait(false) is { } tree
                && await tree.GetRootAsync(cancellationToken).ConfigureAwait(false) is { } root)
            {
                // One compilation has one language version: the referenced sources are read as this project reads its own.
                trees.Add(tree.WithRootAndOptions(root, project.ParseOptions ?? tree.Options));
            }
        }

        var references = project.MetadataReferences.Concat(referenced.SelectMany(p => p.MetadataReferences))
            .GroupBy(r => r.Display ?? string.Empty, StringComparer.OrdinalIgnoreCase)
            .Select(g => g.First());
        return compilation.RemoveAllReferences().AddReferences(references).AddSyntaxTrees(trees);
    }

    /// <summary>The names the action and its command line use, from the project file (or the project's name).</summary>
    private sealed class ProjectNames
    {
        private ProjectNames(string? projectFolder, string fileName, string migratedName)
        {
            ProjectFolder = projectFolder;
            MigratedName = migratedName;
            // Quoted where a shell would split or expand it (a project file name with spaces).
            CommandLine = $"migrate-wcf generate {ShellArgument.Quote(fileName)} --out {ShellArgument.Quote("../" + migratedName)}";
        }

        /// <summary>The project file's folder; null in a host whose projects have no file.</summary>
        public string? ProjectFolder { get; }

        /// <summary>What <c>generate</c> names the migrated project by default: the project's name + ".Migrated".</summary>
        public string MigratedName { get; }

        /// <summary>The command line, run in the project's folder, that writes the C# and the project from the same plan.</summary>
        public string CommandLine { get; }

        public static ProjectNames Of(Project project)
        {
            var name = project.FilePath is { } path ? Path.GetFileNameWithoutExtension(path) : project.Name;
            var folder = project.FilePath is { } file ? Path.GetDirectoryName(file) : null;
            return new ProjectNames(folder, project.FilePath is { } p2 ? Path.GetFileName(p2) : name + ".csproj", name + ".Migrated");
        }
    }
}
