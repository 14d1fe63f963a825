using System.CommandLine;
using System.Xml.Linq;
using MigrateWcf.Generation;
using MigrateWcf.Generator;
using MigrateWcf.Tool.Cli;
using MigrateWcf.Tool.Output;

namespace MigrateWcf.Tool.Commands;

/// <summary>
/// <c>migrate-wcf emit &lt;path&gt;... --project &lt;dir&gt; --into &lt;obj dir&gt;</c>: what a build-time migrated project's
/// build runs (<c>tool/build/MigrateWcf.Build.targets</c>, docs/build-time-generation.md). The same plan as
/// <c>generate</c>, but only the engine's .proto and C# files go out, into an intermediate folder the build owns, with
/// three lists the targets read back: the C# to compile (the original sources in place and the generated files), the
/// .proto files for Grpc.Tools, and every file the run read (the target's up-to-date inputs); and the warnings it
/// printed, which builds that skip it repeat. Untouched outputs keep their timestamps. The lock file stays in the
/// project folder: updated there, or with <c>--locked</c> (a CI build) never changed: the run fails naming each line
/// that would change. Where the scaffold no longer fits the contracts, it warns.
/// </summary>
internal static class EmitCommand
{
    /// <summary>The C# files the migrated project compiles, one full path per line.</summary>
    public const string CompileListName = "migrate-wcf.compile.txt";

    /// <summary>The .proto files Grpc.Tools compiles, one full path per line; the intermediate folder is their proto root.</summary>
    public const string ProtobufListName = "migrate-wcf.protobuf.txt";

    /// <summary>Every file the run read, one full path per line: when none is newer than the last run, the build skips it.</summary>
    public const string InputListName = "migrate-wcf.inputs.txt";

    /// <summary>
    /// The warnings the run printed, one line each as printed: a build that skips the run (nothing changed) prints the
    /// file again through MSBuild's Exec task, which reads them as warnings at their places, as the compiler repeats its
    /// own on every build. (MSBuild's Warning task takes no line or column.)
    /// </summary>
    public const string WarningsListName = "migrate-wcf.warnings.txt";

    public static Command Create(CliDependencies deps)
    {
        var paths = new Argument<string[]>("path")
        {
            Description = "The original projects (.csproj), folders of sources or .cs files, read together as generate reads them.",
            Arity = ArgumentArity.OneOrMore,
        }.RejectsUnknownOptions();
        var project = new Option<string>("--project") { Description = "The migrated project's folder: its migrate-wcf.lock is read and kept up to date there.", Required = true }.NamesAFolder();
        var into = new Option<string>("--into") { Description = "The intermediate folder the .proto files, the C# and the lists go into (the build's obj/…/migrate-wcf/).", Required = true }.NamesAFolder();
        var projectName = new Option<string?>("--project-name") { Description = "The migrated project's name (default: the first input's name + '.Migrated')." };
        var locked = new Option<bool>("--locked") { Description = "Fail, naming each change, when the lock file would change, and change nothing (a CI build: ContinuousIntegrationBuild)." };
        var noFindings = new Option<bool>("--no-findings") { Description = "Do not print the engine's findings (the project's build runs the MigrateWcf analyzers, which report the same ones)." };
        var packageReferences = new Option<string?>("--package-references") { Description = "The migrated project's PackageReference ids, ';'-separated (the build passes them): a package the contracts now need that is not among them is a warning." };
        var googleApiProtos = new Option<string?>("--include-google-api-common-protos") { Description = "The migrated project's IncludeGoogleApiCommonProtos (the build passes it): anything but true while the .proto files import google/api/annotations.proto is a warning." };
        var command = new Command("emit", "What a migrated project's build runs when it generates at build time: writes the .proto files and C# for the WCF contracts in <path> into --into, keeps --project's lock file up to date (or, with --locked, fails when it would change), and prints findings as MSBuild reads them.")
        {
            paths, project, into, projectName, locked, noFindings, packageReferences, googleApiProtos,
        };
        Examples.Add(command, "migrate-wcf emit src/Contracts/Contracts.csproj src/Services/Services.csproj --project migrated/Service --into migrated/Service/obj/Debug/net10.0/migrate-wcf");
        command.SetAction((parseResult, cancellationToken) =>
        {
            var options = new GenerateOptions(
                [.. parseResult.GetRequiredValue(paths)],
                parseResult.GetRequiredValue(project),
                parseResult.GetValue(projectName),
                RuntimeProject: null,
                Force: false,
                DryRun: false,
                // The host is the scaffold's, never written here: planned only to tell whether generate would now write it differently.
                Host: true,
                MSBuildFindings: true)
            {
                // Copies of original sources are written there too: their #line directives point back from there.
                EmitInto = Path.TrimEndingDirectorySeparator(Path.GetFullPath(parseResult.GetRequiredValue(into))),
            };
            var intoFolder = parseResult.GetRequiredValue(into);
            var lockedMode = parseResult.GetValue(locked);
            var findings = !parseResult.GetValue(noFindings);
            var state = new ProjectState(
                parseResult.GetValue(packageReferences) is { } ids ? ids.Split(';', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries).ToHashSet(StringComparer.OrdinalIgnoreCase) : null,
                parseResult.GetValue(googleApiProtos));
            return MigrateWcfCommandLine.RunAsync(deps, ct => Task.Run(() => Run(options, intoFolder, lockedMode, findings, deps, ct, state), ct), cancellationToken);
        });
        return command;
    }

    /// <summary>
    /// What the build says of the migrated project as it is evaluated: its PackageReference ids and its
    /// IncludeGoogleApiCommonProtos; null when not given (no check).
    /// </summary>
    internal sealed record ProjectState(IReadOnlySet<string>? PackageReferences, string? IncludeGoogleApiCommonProtos);

    internal static ExitCode Run(GenerateOptions options, string into, bool locked, bool findings, CliDependencies deps, CancellationToken cancellationToken, ProjectState? project = null)
    {
        var generation = GenerateCommand.Prepare(options, deps, cancellationToken);
        if (generation.Failure is { } failure)
        {
            return failure;
        }

        var plan = generation.Plan!;
        var projectFolder = generation.OutputFolder;
        var lockPath = Path.Combine(projectFolder, GenerationPlanner.LockFileName);
        var newLock = plan.LockFile!.Content;
        var oldLock = File.Exists(lockPath) ? File.ReadAllText(lockPath) : null;
        if (oldLock != newLock && locked)
        {
            var before = LockLines(oldLock);
            var after = LockLines(newLock);
            var removed = before.Where(l => !after.Contains(l, StringComparer.Ordinal)).ToList();
            deps.Error.WriteLine($"{lockPath}: error {MigrateWcfCommandLine.ToolName}: the lock file is not what this build would write, and a locked build (ContinuousIntegrationBuild) changes nothing: build once without it and commit {GenerationPlanner.LockFileName}. It would change:");
            foreach (var line in removed)
            {
                deps.Error.WriteLine($"{lockPath}: error {MigrateWcfCommandLine.ToolName}: would remove: {line}");
            }

            foreach (var line in after.Where(l => !before.Contains(l, StringComparer.Ordinal)))
            {
                deps.Error.WriteLine($"{lockPath}: error {MigrateWcfCommandLine.ToolName}: would add: {line}");
            }

            return ExitCode.CheckFailed;
        }

        var intoFolder = Path.TrimEndingDirectorySeparator(Path.GetFullPath(into));
        var scaffold = ScaffoldWarnings(generation, project).ToList();
        var repeated = (findings ? GenerateCommand.MSBuildFindings(generation.Outcome!, generation.PlanFindings).Where(f => f.Severity == FindingSeverity.Warning) : [])
            .Select(GenerateCommand.MSBuildFormat)
            .Concat(scaffold)
            .ToList();
        var files = Outputs(plan, generation, intoFolder, repeated);
        // The folder is the build's: a file there that differs from what the last run wrote is replaced all the same.
        var changes = AtomicOutputWriter.Plan(intoFolder, into, files, GenerationManifest.Read(intoFolder, into));
        var written = AtomicOutputWriter.Apply(intoFolder, into, changes, force: true, cancellationToken);
        if (oldLock != newLock)
        {
            AtomicOutputWriter.Write(projectFolder, options.OutputFolder, [plan.LockFile], force: true, cancellationToken);
            deps.Output.WriteLine($"{MigrateWcfCommandLine.ToolName}: updated {lockPath}: commit it.");
        }

        if (findings)
        {
            GenerateCommand.WriteFindings(generation.Outcome!, deps, generation.PlanFindings, msbuild: true);
        }

        foreach (var warning in scaffold)
        {
            deps.Output.WriteLine(warning);
        }

        var generated = written.Count(w => w.State != PlannedFileState.Unchanged && !IsList(w.RelativePath));
        deps.Output.WriteLine($"{MigrateWcfCommandLine.ToolName}: {plan.Result.Summary.ServiceContracts} service contract(s); {generated} generated file(s) written, {files.Count(f => !IsList(f.RelativePath)) - generated} unchanged, into {intoFolder}");
        // An error of the plan (WCFM4007: an API .NET 10 lacks) stops the build here, at the original line, with what
        // replaces the API; unprinted (the analyzers or generate report it), the compiler's own error stops it.
        var errors = generation.PlanFindings.Count(f => f.Severity == FindingSeverity.Error);
        return errors > 0 && findings ? ExitCode.NeedsEdits : ExitCode.Success;
    }

    /// <summary>
    /// The plan's build outputs (<see cref="GenerationPlan.BuildOutputs"/>), the three lists, the warnings, and the
    /// manifest of them all, which tells the next run what it may replace or delete.
    /// </summary>
    private static List<PlannedFile> Outputs(GenerationPlan plan, GenerateCommand.Generation generation, string intoFolder, IReadOnlyList<string> warnings)
    {
        var generated = plan.BuildOutputs;
        string FullPath(PlannedFile file) => Path.Combine(intoFolder, file.RelativePath.Replace('/', Path.DirectorySeparatorChar));
        var compile = plan.Sources!.InPlace.Select(s => s.Path)
            .Concat(generated.Where(f => f.RelativePath.EndsWith(".cs", StringComparison.Ordinal)).Select(FullPath));
        var protos = generated.Where(f => f.RelativePath.EndsWith(".proto", StringComparison.Ordinal) && f.RelativePath != MigrationEngine.RuntimeProtoFile).Select(FullPath);
        var files = generated
            .Append(new PlannedFile(CompileListName, Lines(compile)))
            .Append(new PlannedFile(ProtobufListName, Lines(protos)))
            .Append(new PlannedFile(InputListName, Lines(generation.InputFiles)))
            .Append(new PlannedFile(WarningsListName, string.Concat(warnings.Select(w => w + "\n"))))
            .ToList();
        files.Add(new PlannedFile(GenerationPlanner.ManifestFileName, GenerationPlanner.ManifestText(files)));
        return files;
    }

    /// <summary>
    /// Where the scaffold <c>generate</c> wrote no longer fits the contracts (its settings were taken from them then): a
    /// package or <c>IncludeGoogleApiCommonProtos</c> the project file would now have and the project lacks, and a
    /// host or App.config file that generate would now write differently and nobody edited since (the manifest tells).
    /// Warnings, in MSBuild's format: the project may get a package another way, and an edited file is the user's.
    /// </summary>
    private static IEnumerable<string> ScaffoldWarnings(GenerateCommand.Generation generation, ProjectState? project)
    {
        var plan = generation.Plan!;
        var projectFile = Path.Join(generation.OutputFolder, plan.ProjectFileName);
        var again = $"run {MigrateWcfCommandLine.ToolName} generate again for this project (docs/build-time-generation.md)";
        var planned = XDocument.Parse(plan.Files.Single(f => f.RelativePath == plan.ProjectFileName).Content).Root!;
        if (project?.PackageReferences is { } references)
        {
            // MigrateWcf's own packages may come as project references (--runtime-project) or imports.
            foreach (var id in planned.Descendants("PackageReference").Select(p => (string?)p.Attribute("Include")).OfType<string>()
                .Where(id => !id.StartsWith("MigrateWcf.", StringComparison.OrdinalIgnoreCase) && !references.Contains(id)))
            {
                yield return $"{projectFile}: warning {MigrateWcfCommandLine.ToolName}: the migrated code now needs the package {id}, which this project does not reference: {again}, or add <PackageReference Include=\"{id}\" />.";
            }
        }

        if (project?.IncludeGoogleApiCommonProtos is { } included && !string.Equals(included, "true", StringComparison.OrdinalIgnoreCase)
            && planned.Descendants("IncludeGoogleApiCommonProtos").Any(p => string.Equals(p.Value, "true", StringComparison.OrdinalIgnoreCase)))
        {
            yield return $"{projectFile}: warning {MigrateWcfCommandLine.ToolName}: the .proto files now import google/api/annotations.proto (a WCF REST operation), and IncludeGoogleApiCommonProtos is not true: {again}, or set <IncludeGoogleApiCommonProtos>true</IncludeGoogleApiCommonProtos>.";
        }

        foreach (var change in generation.Changes.Where(c => c.RelativePath.StartsWith(MigratedHostProject.FolderName + "/", StringComparison.Ordinal) || c.RelativePath == OriginalConfiguration.FileName))
        {
            var path = Path.Join(generation.OutputFolder, change.RelativePath.Replace('/', Path.DirectorySeparatorChar));
            if (change is { State: PlannedFileState.Replaced, Conflict: false })
            {
                yield return $"{path}: warning {MigrateWcfCommandLine.ToolName}: generate would now write this file differently (the contracts or the original configuration changed since it ran): {again}.";
            }
            else if (change is { State: PlannedFileState.Created, RelativePath: OriginalConfiguration.FileName })
            {
                yield return $"{path}: warning {MigrateWcfCommandLine.ToolName}: the original code now reads ConfigurationManager, and generate writes this file with the original settings: {again}.";
            }
        }
    }

    private static bool IsList(string relativePath)
        => relativePath is CompileListName or ProtobufListName or InputListName or WarningsListName or GenerationPlanner.ManifestFileName;

    private static string Lines(IEnumerable<string> lines) => string.Concat(lines.Order(StringComparer.Ordinal).Select(l => l + "\n"));

    /// <summary>The lock file's records (its comment lines aside), for naming what a change adds and removes.</summary>
    private static List<string> LockLines(string? text)
        => (text ?? string.Empty).Split('\n').Select(l => l.TrimEnd('\r')).Where(l => l.Length > 0 && !l.StartsWith('#')).ToList();
}
