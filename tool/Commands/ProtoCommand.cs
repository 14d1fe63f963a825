using System.CommandLine;
using MigrateWcf.Generator;
using MigrateWcf.Tool.Cli;
using MigrateWcf.Tool.Input;
using MigrateWcf.Tool.Output;

namespace MigrateWcf.Tool.Commands;

/// <summary>Options of <c>migrate-wcf proto</c>.</summary>
/// <param name="InputPath">A .cs file, a folder of sources or a .csproj, as typed.</param>
/// <param name="OutputFolder">Where the .proto files and the lock file go, as typed.</param>
/// <param name="Force">Replace existing files whose content differs from the generated one.</param>
internal sealed record ProtoOptions(string InputPath, string OutputFolder, bool Force, bool Restore = false);

/// <summary>
/// <c>migrate-wcf proto &lt;path&gt; --out &lt;dir&gt; [--force]</c>: writes the .proto files and the lock file of each project
/// (in a folder per project when the input holds several).
/// </summary>
internal static class ProtoCommand
{
    /// <summary>Keeps field numbers stable across runs; read back from the output folder and handed to the engine.</summary>
    public const string LockFileName = GenerationPlanner.LockFileName;

    public static Command Create(CliDependencies deps)
    {
        var path = new Argument<string>("path") { Description = "A .cs file, a .csproj, a solution (.sln, .slnx) or a folder of C# sources and projects (bin and obj skipped)." };
        var output = new Option<string>("--out", "-o") { Description = "The folder to write the .proto files and " + LockFileName + " to.", Required = true }.NamesAFolder();
        var force = new Option<bool>("--force") { Description = "Replace existing files that differ from what is generated." };
        var restore = RestoreOption.Create();
        var command = new Command("proto", "Generate .proto files for the WCF contracts in <path>.") { path, output, force, restore };
        Examples.Add(command,
            "migrate-wcf proto MyServices.sln --out protos",
            "migrate-wcf proto src/Orders/Orders.csproj --out protos/Orders --force");
        command.SetAction((parseResult, cancellationToken) =>
        {
            var options = new ProtoOptions(parseResult.GetRequiredValue(path), parseResult.GetRequiredValue(output), parseResult.GetValue(force), parseResult.GetValue(restore));
            return MigrateWcfCommandLine.RunAsync(deps, ct => Task.Run(() => Run(options, deps, ct), ct), cancellationToken);
        });
        return command;
    }

    internal static ExitCode Run(ProtoOptions options, CliDependencies deps, CancellationToken cancellationToken)
    {
        var input = InputResolver.Resolve(options.InputPath);
        var outputFolder = Path.TrimEndingDirectorySeparator(Path.GetFullPath(options.OutputFolder));
        // A solution's folder usually is the repository's: only its projects' folders are input there.
        var inputFolders = input.Kind == InputKind.Solution ? input.Projects.Select(p => p.Folder) : [input.RootDirectory];
        if (input.Kind != InputKind.SourceFile && inputFolders.Any(folder => IsSameOrInside(outputFolder, folder)))
        {
            throw CommandLineException.Usage($"the output folder '{options.OutputFolder}' is inside the input '{options.InputPath}'; choose a folder outside it.");
        }

        input = RestoreOption.Apply(options.InputPath, input, options.Restore, deps, cancellationToken);
        CheckLockFileLayout(input, outputFolder, options.OutputFolder);
        Recover(outputFolder, options.OutputFolder, deps);
        var lockFiles = new Dictionary<string, string?>(StringComparer.Ordinal);
        foreach (var project in input.Projects)
        {
            var folder = ProjectFolder(input, project);
            lockFiles[project.Name] = ReadLockFile(Path.Join(outputFolder, folder), Path.Join(options.OutputFolder, folder));
        }

        var outcome = MigrationRun.Execute(input, p => lockFiles[p.Name], deps, cancellationToken);
        if (outcome.HasErrors)
        {
            WriteFindings(outcome, deps);
            deps.Error.WriteLine($"{MigrateWcfCommandLine.ToolName}: {outcome.Count(FindingSeverity.Error)} error(s); nothing was written to '{options.OutputFolder}'.");
            return ExitCode.FindingsWithErrors;
        }

        // Whether there is anything to migrate at all is the tool's call; how each contract maps is the engine's.
        var summary = outcome.Summary;
        if (summary.ServiceContracts == 0 || outcome.Projects.All(p => p.Result.ProtoFiles.IsEmpty))
        {
            throw CommandLineException.Input($"no WCF service contract ([ServiceContract]) was found in '{options.InputPath}'; nothing to generate.");
        }

        if (summary.Operations == 0)
        {
            throw CommandLineException.Input($"the {summary.ServiceContracts} service contract(s) in '{options.InputPath}' have no operations ([OperationContract], [WebGet], [WebInvoke]); nothing to generate.");
        }

        // A project with no contracts writes nothing, not even a lock file: it has no numbers to keep.
        var files = new List<PlannedFile>();
        foreach (var project in outcome.Projects.Where(p => !p.Result.ProtoFiles.IsEmpty))
        {
            var folder = ProjectFolder(input, project.Project);
            files.AddRange(project.Result.ProtoFiles.Select(f => new PlannedFile(Join(folder, f.RelativePath.Replace('\\', '/')), f.Content)));
            files.Add(new PlannedFile(Join(folder, LockFileName), project.Result.LockFileText, OverwriteWithoutForce: true));
        }

        var written = AtomicOutputWriter.Write(outputFolder, options.OutputFolder, files, options.Force, cancellationToken);

        // Findings after the write, so a run that fails on its output says exactly one thing.
        WriteFindings(outcome, deps);
        foreach (var project in outcome.Projects.Where(p => p.Qualifier is not null))
        {
            deps.Error.WriteLine(
                $"{MigrateWcfCommandLine.ToolName}: note: project '{project.Project.Name}' and {string.Join(", ", project.ClashesWith.Select(n => $"'{n}'"))} define the same" +
                $" proto or C# names differently; the packages of '{project.Project.Name}' that clash start with '{project.Qualifier!.Segment}.'.");
        }

        foreach (var file in written)
        {
            var verb = file.State switch
            {
                PlannedFileState.Created => "created",
                PlannedFileState.Replaced => "replaced",
                _ => "unchanged",
            };
            deps.Output.WriteLine($"{verb,-9} {Path.Join(options.OutputFolder, file.RelativePath)}");
        }

        var projects = input.HasSeveralProjects ? $" in {input.Projects.Length} projects" : string.Empty;
        deps.Output.WriteLine(
            $"{summary.ServiceContracts} service contract(s), {summary.Operations} operation(s), {summary.DataTypes} data type(s){projects}; " +
            $"{outcome.Count(FindingSeverity.Warning)} warning(s).");
        return ExitCode.Success;
    }

    /// <summary>
    /// Where a project's files and lock file go, relative to <c>--out</c>: the output folder itself for a lone project, a
    /// folder named after the project when the input holds several (each folder is a proto root of its own).
    /// </summary>
    internal static string ProjectFolder(InputSet input, SourceSet project) => input.HasSeveralProjects ? project.Name : string.Empty;

    private static string Join(string folder, string relativePath) => folder.Length == 0 ? relativePath : folder + "/" + relativePath;

    /// <summary>
    /// A lock file where this input would not read it means field numbers about to be handed out afresh: a lone project's
    /// lock file at the top of <c>--out</c> when the input now holds several projects, or the other way round. Nothing
    /// is guessed; the user moves the file (or points <c>--out</c> at the project's folder).
    /// </summary>
    private static void CheckLockFileLayout(InputSet input, string outputFolder, string displayFolder)
    {
        if (!Directory.Exists(outputFolder))
        {
            return;
        }

        var topLock = Path.Join(displayFolder, LockFileName);
        if (input.HasSeveralProjects && File.Exists(Path.Join(outputFolder, LockFileName)))
        {
            throw new CommandLineException(
                ExitCode.OutputConflict,
                $"'{topLock}' holds the field numbers of a run on a single project, but the input holds {input.Projects.Length} projects, each with its lock file in its own folder; move it into the folder of the project it belongs to (e.g. '{Path.Join(displayFolder, input.Projects[0].Name, LockFileName)}') and run again.");
        }

        if (!input.HasSeveralProjects && !File.Exists(Path.Join(outputFolder, LockFileName))
            && Directory.EnumerateDirectories(outputFolder).Select(d => Path.Join(d, LockFileName)).Where(File.Exists).Order(StringComparer.Ordinal).FirstOrDefault() is { } projectLock)
        {
            var projectFolder = Path.Join(displayFolder, Path.GetFileName(Path.GetDirectoryName(projectLock)));
            throw new CommandLineException(
                ExitCode.OutputConflict,
                $"'{displayFolder}' holds the lock files of a run on several projects ('{Path.Join(projectFolder, LockFileName)}'); to update one project's files pass its folder as --out (e.g. '{projectFolder}'), or move its lock file to '{topLock}'.");
        }
    }

    private static void WriteFindings(MigrationOutcome outcome, CliDependencies deps)
    {
        foreach (var (project, finding) in outcome.Findings)
        {
            deps.Error.WriteLine(outcome.Format(project, finding));
        }
    }

    internal static string? ReadLockFile(string folder, string displayFolder)
    {
        var path = Path.Combine(folder, LockFileName);
        if (!File.Exists(path))
        {
            return null;
        }

        string text;
        try
        {
            text = File.ReadAllText(path);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            throw CommandLineException.Input($"cannot read the lock file '{Path.Join(displayFolder, LockFileName)}': {e.Message}", e);
        }

        // A newer format would be read as damaged and written back as version 2, losing what it added (docs/lock-file.md).
        if (MigrationEngine.NewerLockFileVersion(text) is { } version)
        {
            throw CommandLineException.Input($"the lock file '{Path.Join(displayFolder, LockFileName)}' is version {version}, written by a newer migrate-wcf; this one reads versions 1 and 2. Upgrade migrate-wcf; nothing was written.");
        }

        return text;
    }

    /// <summary>Finishes or removes what a killed run left beside the output folder, before it is read (AtomicOutputWriter.RecoverInterruptedRuns).</summary>
    internal static void Recover(string outputFolder, string displayFolder, CliDependencies deps)
    {
        foreach (var note in AtomicOutputWriter.RecoverInterruptedRuns(outputFolder, displayFolder))
        {
            deps.Error.WriteLine($"{MigrateWcfCommandLine.ToolName}: {note}");
        }
    }

    /// <remarks>Compared as written and again with links resolved, so an output folder reached through a link into the input is inside it too.</remarks>
    internal static bool IsSameOrInside(string path, string folder)
        => IsSameOrInsideAsWritten(path, folder) || IsSameOrInsideAsWritten(InputPaths.RealPath(path), InputPaths.RealPath(folder));

    private static bool IsSameOrInsideAsWritten(string path, string folder)
    {
        var relative = Path.GetRelativePath(folder, path);
        var outside = relative == ".." || relative.StartsWith(".." + Path.DirectorySeparatorChar, StringComparison.Ordinal) || Path.IsPathRooted(relative);
        return !outside;
    }
}
