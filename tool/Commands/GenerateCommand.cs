using System.Collections.Immutable;
using System.CommandLine;
using MigrateWcf.Generation;
using MigrateWcf.Generator;
using MigrateWcf.Generator.Rules;
using MigrateWcf.Tool.Cli;
using MigrateWcf.Tool.Input;
using MigrateWcf.Tool.Output;
using MigrateWcf.Tool.Verification;

namespace MigrateWcf.Tool.Commands;

/// <summary>Options of <c>migrate-wcf generate</c> and <c>migrate-wcf check</c>.</summary>
/// <param name="InputPaths">.cs files, folders of sources or .csproj files, as typed; read as one compilation.</param>
/// <param name="OutputFolder">Where the migrated project goes, as typed.</param>
/// <param name="ProjectName">The project file's name without extension; null for the first input's name + ".Migrated".</param>
/// <param name="RuntimeProject">A MigrateWcf.Runtime .csproj to reference (with Compatibility/MigrateWcf.Compatibility.csproj beside it) instead of the NuGet packages.</param>
/// <param name="Force">Replace or delete generated files the user edited.</param>
/// <param name="DryRun">List what would change; write nothing.</param>
/// <param name="Restore">Restore packages.config packages into their packages/ folder first (<see cref="PackagesConfigRestore"/>).</param>
/// <param name="Verify">Build what was written and report its errors (<see cref="ProjectVerifier"/>); off with --no-verify.</param>
/// <param name="Host">Also write the host project (<c>Host/</c>, <see cref="MigrateWcf.Generation.MigratedHostProject"/>); off with --no-host.</param>
/// <param name="BuildTime">Build-time generation (the default): the project file names the original inputs and each build generates into obj/; false (<c>--committed</c>) writes the .proto files and C# into the output folder.</param>
/// <param name="MSBuildFindings">Print findings as MSBuild reads them, <c>path(line,column): warning ID: message</c>, full paths (<see cref="EmitCommand"/>).</param>
internal sealed record GenerateOptions(
    ImmutableArray<string> InputPaths,
    string OutputFolder,
    string? ProjectName,
    string? RuntimeProject,
    bool Force,
    bool DryRun,
    bool Restore = false,
    bool Verify = false,
    bool Host = true,
    bool MSBuildFindings = false,
    bool BuildTime = false)
{
    /// <summary>Where <c>emit</c> writes the engine's files (its <c>--into</c>, full path); null: the output folder.</summary>
    public string? EmitInto { get; init; }
}

/// <summary>
/// <c>migrate-wcf generate &lt;path&gt;... --out &lt;dir&gt;</c>: the one generation entry point. Writes a project file
/// that builds against the original sources, the lock file, the host and the manifest that tells generated files from
/// edited ones; all or nothing. The .proto files and C# the engine emits come from each build
/// (<see cref="EmitCommand"/>, docs/build-time-generation.md), or, with <c>--committed</c>, are written here too.
/// </summary>
internal static class GenerateCommand
{
    public static Command Create(CliDependencies deps)
    {
        var (command, read) = Define(
            "generate",
            "Generate the migrated gRPC service for the WCF contracts in <path>: a project file that compiles the original sources and, on each build, generates the .proto files and C# (mappers, service adapters, client proxies, hosting) from them into obj/; the lock file; and a host project (Host/) that serves them. With --committed, the .proto files and C# are written into --out instead. "
            + "Then, where the .NET SDK 10 or later is installed, build it (dotnet build) and report each compiler error as a WCFM4030 finding at the original source line; once it builds, start its host on a private socket and report each service of the .proto files it does not serve as a WCFM4031 finding at its contract; exit code 7 when it does not build or serve yet.",
            [
                "migrate-wcf generate src/Contracts/Contracts.csproj src/Services/Services.csproj --out migrated/Service",
                "migrate-wcf generate src/Services --out migrated --project-name Orders.Migrated --dry-run",
                "migrate-wcf generate src/Services.csproj --out migrated --runtime-project ../migrate-wcf/runtime/MigrateWcf.Runtime.csproj",
                "migrate-wcf generate src/Services.csproj --out migrated --no-verify",
                "migrate-wcf generate src/Services.csproj --out migrated --committed",
            ],
            withWriteOptions: true);
        command.SetAction((parseResult, cancellationToken) =>
        {
            var options = read(parseResult);
            return MigrateWcfCommandLine.RunAsync(deps, ct => Task.Run(() => RunAsync(options, deps, ct), ct), cancellationToken);
        });
        return command;
    }

    /// <summary>The arguments and options <c>generate</c> and <c>check</c> share, and how to read them.</summary>
    internal static (Command Command, Func<ParseResult, GenerateOptions> Read) Define(string name, string description, string[] examples, bool withWriteOptions)
    {
        var paths = new Argument<string[]>("path")
        {
            Description = "One or more .cs files, folders of C# sources (bin and obj skipped) or .csproj files, read together (e.g. the contracts project and the services project).",
            Arity = ArgumentArity.OneOrMore,
        }.RejectsUnknownOptions();
        var output = new Option<string>("--out", "-o") { Description = "The folder of the migrated project.", Required = true }.NamesAFolder();
        var projectName = new Option<string?>("--project-name") { Description = "The project file's name, without .csproj (default: the first input's name + '.Migrated')." };
        var runtimeProject = new Option<string?>("--runtime-project") { Description = "Reference this MigrateWcf.Runtime .csproj and the MigrateWcf.Compatibility .csproj beside it (Compatibility/) as ProjectReferences instead of the MigrateWcf.Runtime and MigrateWcf.Compatibility packages." };
        var force = new Option<bool>("--force") { Description = "Replace or delete generated files that were edited since the last run." };
        var dryRun = new Option<bool>("--dry-run") { Description = "List what would be created, replaced or deleted; write nothing (and build nothing)." };
        var noVerify = new Option<bool>("--no-verify") { Description = "Do not build the migrated project nor start its host after writing it (by default it is built with dotnet build where the .NET SDK 10 or later is installed and its compiler errors are reported, then its host is started on a private socket and every service it does not serve is reported)." };
        var noHost = new Option<bool>("--no-host") { Description = "Do not write the host project (Host/: Program.cs, appsettings.json from the WCF configuration, a project file), which 'dotnet run --project <out>/Host' runs." };
        var committed = new Option<bool>("--committed") { Description = "Write the .proto files and C# into --out, to commit and review, instead of a project that generates them into obj/ on each build (the default; docs/build-time-generation.md)." };
        var restore = RestoreOption.Create();
        var command = new Command(name, description) { paths, output, projectName, runtimeProject, noHost, committed, restore };
        Examples.Add(command, examples);
        if (withWriteOptions)
        {
            command.Options.Add(force);
            command.Options.Add(dryRun);
            command.Options.Add(noVerify);
        }

        return (command, parseResult => new GenerateOptions(
            [.. parseResult.GetRequiredValue(paths)],
            parseResult.GetRequiredValue(output),
            parseResult.GetValue(projectName),
            parseResult.GetValue(runtimeProject),
            withWriteOptions && parseResult.GetValue(force),
            withWriteOptions && parseResult.GetValue(dryRun),
            parseResult.GetValue(restore),
            withWriteOptions && !parseResult.GetValue(noVerify),
            !parseResult.GetValue(noHost),
            BuildTime: !parseResult.GetValue(committed)));
    }

    internal static async Task<ExitCode> RunAsync(GenerateOptions options, CliDependencies deps, CancellationToken cancellationToken)
    {
        if (!options.DryRun && options.OutputFolder.Trim().Length > 0)
        {
            ProtoCommand.Recover(Path.TrimEndingDirectorySeparator(Path.GetFullPath(options.OutputFolder)), options.OutputFolder, deps);
        }

        var generation = Prepare(options, deps, cancellationToken);
        if (generation.Failure is { } failure)
        {
            return failure;
        }

        var changes = generation.Changes;
        if (options.DryRun)
        {
            foreach (var change in changes.Where(c => c.State != PlannedFileState.Unchanged))
            {
                var note = change.Conflict ? (options.Force ? " (edited; --force replaces it)" : " (edited; needs --force)") : string.Empty;
                deps.Output.WriteLine($"would {Verb(change.State, done: false)} {Path.Join(options.OutputFolder, change.RelativePath)}{note}");
            }

            var count = changes.Count(c => c.State != PlannedFileState.Unchanged);
            deps.Output.WriteLine(count == 0 ? "nothing would change." : $"{count} file(s) would change; nothing was written (--dry-run).");
            return ExitCode.Success;
        }

        var written = AtomicOutputWriter.Apply(generation.OutputFolder, options.OutputFolder, changes, options.Force, cancellationToken, deps.BeforeOutputMove);
        WriteFindings(generation.Outcome!, deps, generation.PlanFindings);
        foreach (var file in written)
        {
            deps.Output.WriteLine($"{Verb(file.State, done: true),-9} {Path.Join(options.OutputFolder, file.RelativePath)}");
        }

        var outcome = generation.Outcome!;
        var hostProject = changes.FirstOrDefault(c => c.State != PlannedFileState.Deleted
            && c.RelativePath.StartsWith(MigratedHostProject.FolderName + "/", StringComparison.Ordinal) && c.RelativePath.EndsWith(".csproj", StringComparison.Ordinal));
        var projectFile = Path.Join(generation.OutputFolder, generation.ProjectFileName);
        var verification = options.Verify
            ? await Verify(generation, projectFile, options, deps, cancellationToken)
            : BuildOutcome.NotVerified("--no-verify");
        // WCFM4007 and the like stand for the compiler's errors at their positions (those are not repeated): then the
        // project did not build, and neither its host is built nor its serving checked.
        var plannedErrors = generation.PlanFindings.Any(f => f.Severity == FindingSeverity.Error);
        if (verification.Builds && !plannedErrors && hostProject is not null)
        {
            // Then the host, which is what "dotnet run --project <out>/Host" builds (the project again, up to date by then).
            var host = await Verify(generation, Path.Join(generation.OutputFolder, hostProject.RelativePath), options, deps, cancellationToken);
            verification = host with { BuildWarnings = verification.BuildWarnings + host.BuildWarnings };
        }
        ServingOutcome? serving = null;
        if (verification.Builds && !plannedErrors && hostProject is not null)
        {
            serving = await Serve(generation, Path.Join(generation.OutputFolder, hostProject.RelativePath), options, deps, cancellationToken);
        }

        foreach (var error in verification.Errors.Concat(serving?.Errors ?? []))
        {
            deps.Error.WriteLine(outcome.Format(outcome.Projects.Single(), error));
        }

        var errors = generation.PlanFindings.Count(f => f.Severity == FindingSeverity.Error) + verification.Errors.Length + (serving?.Errors.Length ?? 0);
        var run = hostProject is null ? null : $"dotnet run --project {ShellArgument.Quote(Path.Join(options.OutputFolder, MigratedHostProject.FolderName))}";
        deps.Output.WriteLine(SummaryLine(generation, verification, errors, Path.Join(options.OutputFolder, generation.ProjectFileName), run, serving));
        return errors == 0 ? ExitCode.Success : ExitCode.NeedsEdits;
    }

    /// <summary>Starts the host that was just built and checks it serves every service of the .proto files (<see cref="ServingCheck"/>).</summary>
    private static async Task<ServingOutcome> Serve(Generation generation, string hostProject, GenerateOptions options, CliDependencies deps, CancellationToken cancellationToken)
    {
        try
        {
            return await ServingCheck.CheckAsync(hostProject, generation.Plan!.Result, deps, cancellationToken);
        }
        catch (OperationCanceledException) when (cancellationToken.IsCancellationRequested)
        {
            throw new CommandLineException(ExitCode.Cancelled, $"cancelled while checking what the host serves (the host was stopped); the migrated project was written to '{options.OutputFolder}' and builds.");
        }
    }

    /// <summary>
    /// Builds what was just written. A build error at a line where the plan already reported an error (WCFM4007, the
    /// same compiler error found before the build, with what replaces the API) is not repeated. Ctrl+C stops the build;
    /// the files stay, as they are complete.
    /// </summary>
    private static async Task<BuildOutcome> Verify(Generation generation, string projectFile, GenerateOptions options, CliDependencies deps, CancellationToken cancellationToken)
    {
        var generated = generation.Changes.Where(c => c.File is not null).Select(c => Path.GetFullPath(Path.Combine(generation.OutputFolder, c.RelativePath)));
        var project = new MigratedProject(
            projectFile,
            generated.ToHashSet(OperatingSystem.IsWindows() ? StringComparer.OrdinalIgnoreCase : StringComparer.Ordinal),
            RuntimePackage: options.RuntimeProject is null)
        {
            PackagePositions = generation.PackagePositions,
        };
        BuildOutcome built;
        try
        {
            built = await ProjectVerifier.VerifyAsync(project, deps, cancellationToken);
        }
        catch (OperationCanceledException) when (cancellationToken.IsCancellationRequested)
        {
            throw new CommandLineException(ExitCode.Cancelled, $"cancelled while building; the migrated project was written to '{options.OutputFolder}' but not verified.");
        }

        var reported = generation.PlanFindings.Where(f => f.Severity == FindingSeverity.Error && f.Position is not null)
            .Select(f => (f.Position!.FilePath, f.Position.Line)).ToHashSet();
        // An error in generated code that names an API a WCFM4007 says .NET 10 lacks (a client proxy implementing a
        // contract whose operation takes System.Messaging's Message) follows from that contract: it goes with the user's edit there
        // and the next generate, and is no migrate-wcf bug to report; it is said so.
        var missingApis = generation.PlanFindings
            .Where(f => f.Severity == FindingSeverity.Error && f.MessageId == FindingMessages.ApiMissingOnDotNet.Id && f.Arguments.Count > 0)
            .Select(f => f.Arguments[0])
            .ToList();
        return built with
        {
            Errors = built.Errors
                .Where(e => e.Position is not { } p || !reported.Contains((p.FilePath, p.Line)))
                .Select(e => e.RuleId == FindingMessages.GeneratedFileDoesNotCompile.RuleId && e.Arguments.Length == 3
                             && missingApis.FirstOrDefault(api => NamesApi(e.Arguments[2], api)) is { } api
                    ? ReportedFinding.From(Finding.Create(FindingMessages.GeneratedFileFollowsFromMissingApi, e.Position, e.Arguments[0], e.Arguments[1], e.Arguments[2], api))
                    : e)
                .ToImmutableArray(),
        };
    }

    /// <summary>Whether a compiler message names the type of <paramref name="api"/> (its last segment) or one of its namespaces as missing.</summary>
    private static bool NamesApi(string message, string api)
    {
        var segments = api.Split('.');
        return message.Contains($"{segments[^1]}<", StringComparison.Ordinal) || message.Contains($"'{segments[^1]}'", StringComparison.Ordinal)
            || message.Contains($".{segments[^1]}", StringComparison.Ordinal)
            || segments.Skip(1).Any(s => message.Contains($"'{s}' does not exist in the namespace", StringComparison.Ordinal));
    }

    /// <summary>
    /// The last line of a run: what was generated, the findings' count, and what to do next. A project that does not
    /// build is never summed up as "0 warning(s)": its errors come first.
    /// </summary>
    private static string SummaryLine(Generation generation, BuildOutcome verification, int errors, string projectFile, string? run, ServingOutcome? serving)
    {
        var outcome = generation.Outcome!;
        var summary = outcome.Summary;
        var build = $"dotnet build {ShellArgument.Quote(projectFile)}";
        var warnings = outcome.Count(FindingSeverity.Warning) + generation.PlanFindings.Count(f => f.Severity == FindingSeverity.Warning);
        var buildWarnings = verification.BuildWarnings > 0 ? $", {verification.BuildWarnings} build warning(s)" : string.Empty;
        var what = $"{summary.ServiceContracts} service contract(s), {summary.Operations} operation(s), {summary.DataTypes} data type(s); "
                   + (generation.FindingsNotShown > 0 ? $"{generation.FindingsNotShown} finding(s) about WCF code of referenced projects that the migrated project leaves out not shown (analyze lists them); " : string.Empty);
        var notVerified = verification.NotVerifiedBecause is { } because ? $"not verified: {because}" : null;
        if (errors > 0)
        {
            var otherWarnings = warnings > 0 ? $", {warnings} warning(s)" : string.Empty;
            return what + $"{errors} error(s) left to edit{otherWarnings}{buildWarnings}; "
                   + (notVerified is null ? $"see the findings above, then build it again: {build}" : $"see the findings above ({notVerified}), then build it: {build}");
        }

        return notVerified is null
            ? what + $"{warnings} warning(s){buildWarnings}; " + (run is null ? $"the migrated project builds: {build}"
                : serving is null ? $"the migrated project and its host build; run it: {run}"
                : $"the migrated project and its host build, and the host serves {Count(serving.Served.Length, "gRPC service")}; run it: {run}")
            : what + $"{warnings} warning(s); {notVerified}. Build it with: {build}" + (run is null ? string.Empty : $"; run it: {run}");
    }

    private static string Count(int count, string what) => $"{count} {what}{(count == 1 ? string.Empty : "s")}";

    /// <summary>What generate would write and how that compares with the output folder; nothing is written.</summary>
    /// <param name="PlanFindings">The plan's findings: code left out of the migrated project, code that cannot compile on .NET 10.</param>
    internal sealed record Generation(string OutputFolder, string ProjectFileName, MigrationOutcome? Outcome, IReadOnlyList<PlannedChange> Changes, ExitCode? Failure)
    {
        public ImmutableArray<Finding> PlanFindings { get; init; } = [];

        /// <summary>Findings about WCF code in referenced libraries' files the migrated project leaves out, not shown (<see cref="WithoutFindingsInLeftOutLibraryCode"/>).</summary>
        public int FindingsNotShown { get; init; }

        /// <summary>Where the original projects list each package, for restore errors of the migrated project.</summary>
        public ImmutableDictionary<string, SourcePosition> PackagePositions { get; init; } = ImmutableDictionary<string, SourcePosition>.Empty;

        /// <summary>The plan the changes were made from; null when the run failed.</summary>
        public GenerationPlan? Plan { get; init; }

        /// <summary>Every file the run read (project files, sources, configuration files), full paths, sorted: what a build's up-to-date check watches.</summary>
        public ImmutableArray<string> InputFiles { get; init; } = [];
    }

    internal static Generation Prepare(GenerateOptions options, CliDependencies deps, CancellationToken cancellationToken)
    {
        var inputs = options.InputPaths.Select(InputResolver.Resolve).ToList();
        var outputFolder = Path.TrimEndingDirectorySeparator(Path.GetFullPath(options.OutputFolder));
        for (var i = 0; i < inputs.Count; i++)
        {
            if (inputs[i].Kind != InputKind.SourceFile && ProtoCommand.IsSameOrInside(outputFolder, inputs[i].RootDirectory))
            {
                throw CommandLineException.Usage($"the output folder '{options.OutputFolder}' is inside the input '{options.InputPaths[i]}'; choose a folder outside it.");
            }

            if (AllFiles(inputs[i]).Any(f => ProtoCommand.IsSameOrInside(f, outputFolder)))
            {
                throw CommandLineException.Usage($"the output folder '{options.OutputFolder}' holds sources of the input '{options.InputPaths[i]}', which its project would compile twice; choose a folder outside the input.");
            }
        }

        inputs = inputs.Select((input, i) => RestoreOption.Apply(options.InputPaths[i], input, options.Restore, deps, cancellationToken)).ToList();
        var projectName = ProjectName(options, inputs[0]);
        var testProjects = inputs.SelectMany(TestProjects).ToList();
        inputs = inputs.Select(WithoutTestProjects).ToList();
        var references = CarriedReferences.Of(
            inputs.SelectMany(i => i.Projects.Concat(i.ReferencedProjects)).DistinctBy(p => p.ProjectFile ?? p.Folder, StringComparer.Ordinal).ToList(),
            inputs.SelectMany(i => i.RestoredPackages).ToImmutableArray());
        var links = Links(inputs);
        var sources = Combine(inputs, projectName);
        var projectFileName = projectName + ".csproj";
        var runtime = new RuntimeReference(RuntimeProject(options.RuntimeProject));

        var lockFileText = ProtoCommand.ReadLockFile(outputFolder, options.OutputFolder);
        var recorded = GenerationManifest.Read(outputFolder, options.OutputFolder);
        var outcome = WithFindings(
            MigrationRun.Execute(sources, _ => lockFileText, deps, cancellationToken, GenerationPlanner.CSharp, MissingReferences(inputs)),
            testProjects.Select(t => t.Finding).Concat(references.Findings));
        if (outcome.HasErrors)
        {
            WriteFindings(outcome, deps, msbuild: options.MSBuildFindings);
            deps.Error.WriteLine($"{MigrateWcfCommandLine.ToolName}: {outcome.Count(FindingSeverity.Error)} error(s); nothing was written to '{options.OutputFolder}'.");
            return new Generation(outputFolder, projectFileName, outcome, [], ExitCode.FindingsWithErrors);
        }

        // Combine made one project of every input: the migrated project compiles what the service needs of its files.
        var combined = sources.Projects.Single();
        var engineRun = outcome.Projects.Single();
        new Progress(deps, sources.FileCount).Report("choosing what the migrated project compiles…");
        var plan = GenerationPlanner.Plan(
            engineRun.Compilation!,
            engineRun.Result,
            new GenerationRequest(
                outputFolder,
                projectName,
                combined.Files.Select(f => new OriginalSource(f, links[f]) { PreprocessorSymbols = combined.FileSymbols.TryGetValue(f, out var symbols) ? symbols : null }).ToList(),
                combined.NullableEnabled,
                runtime,
                HasCentralPackageVersions(Path.GetDirectoryName(outputFolder) ?? outputFolder),
                ReportFacts.ToolVersion)
            {
                TargetReferences = TargetReferenceSet.With(combined.AssemblyReferences),
                Packages = references.Packages,
                Assemblies = references.Assemblies,
                DefineConstants = DefineConstants(inputs),
                ConfigurationFiles = ConfigurationFileFinder.Read(combined.ConfigurationFiles, sources),
                Host = options.Host,
                BuildTime = options.BuildTime ? new BuildTimeInputs([.. options.InputPaths.Select(Path.GetFullPath)], BuildTargets(options.RuntimeProject, runtime)) : null,
                CopiesFolder = options.EmitInto,
            },
            cancellationToken);
        var summary = plan.Result.Summary;
        switch (plan.Problem)
        {
            case GenerationProblem.NoServiceContract:
                var leftOut = testProjects.Count == 0 ? string.Empty : $" (test projects left out: {string.Join(", ", testProjects.Select(t => t.Name))})";
                throw CommandLineException.Input(NoServiceContract(plan.Result.Findings, Quote(options.InputPaths)) + $"{leftOut}; nothing to generate.");
            case GenerationProblem.NoOperations:
                throw CommandLineException.Input($"the {summary.ServiceContracts} service contract(s) in {Quote(options.InputPaths)} have no operations ([OperationContract], [WebGet], [WebInvoke]); nothing to generate.");
            case GenerationProblem.ProjectNameTaken:
                throw CommandLineException.Usage($"the project name '{projectName}' is taken by a generated file; choose another with --project-name.");
        }

        // Code the migrated project compiles names types that did not bind while references were missing (a packages/
        // folder never restored): its packages are carried and the migrated build restores them, but what of that code
        // compiles on .NET 10 could not be told. One WCFM2003, a warning, says which references and how to restore them.
        if (plan.Sources is { HasUnresolvedNames: true } && !outcome.Findings.Any(f => f.Finding.RuleId == RuleIds.UnresolvedType)
            && MissingReferences(inputs) is { Count: > 0 } missing)
        {
            outcome = WithFindings(outcome, [MigrationRun.MissingReferencesFinding(
                missing,
                "The code the migrated project compiles names types that do not resolve here",
                missing.All(m => m.Reference.Restorable)
                    ? "The migrated project references their packages, which its build restores; generate could not tell what of this code compiles on .NET 10: restore them (nuget restore, or run again with --restore) and run again for findings at those places."
                    : $"Generate could not tell what of this code compiles on .NET 10: {MigrationRun.WhatBringsThem(missing)} and run again for findings at those places.",
                FindingSeverity.Warning)]);
        }

        (outcome, var notShown) = WithoutFindingsInLeftOutLibraryCode(outcome, combined.ReferencedLibraries, plan.Sources);
        var changes = AtomicOutputWriter.Plan(outputFolder, options.OutputFolder, plan.Files, recorded);
        var inputFiles = inputs.SelectMany(i => i.Projects.Concat(i.ReferencedProjects))
            .SelectMany(p => p.Files.Concat(p.ConfigurationFiles).Concat(p.ProjectFile is { } file ? [file] : []))
            .Distinct(StringComparer.Ordinal).Order(StringComparer.Ordinal).ToImmutableArray();
        return new Generation(outputFolder, projectFileName, outcome, changes, null)
        {
            PlanFindings = plan.Findings, PackagePositions = references.PackagePositions, Plan = plan, InputFiles = inputFiles,
            FindingsNotShown = notShown,
        };
    }

    /// <summary>
    /// How the code uses WCF (a host, a binding, a channel or proxy, OperationContext, a named pipe) in a file of a
    /// referenced library that the migrated project leaves out whole says nothing about this migration: such findings
    /// are not shown (analyze of that library lists them), and how many were held back is returned. Errors, and what
    /// is found about contracts and services, stay.
    /// </summary>
    private static (MigrationOutcome Outcome, int NotShown) WithoutFindingsInLeftOutLibraryCode(MigrationOutcome outcome, ImmutableArray<ReferencedProject> libraries, SourceSelection? sources)
    {
        var libraryFiles = libraries.SelectMany(l => l.Files).ToHashSet(StringComparer.Ordinal);
        var leftOut = (sources?.LeftOut ?? []).Select(l => l.Source.Path).Where(libraryFiles.Contains).ToHashSet(StringComparer.Ordinal);
        if (leftOut.Count == 0)
        {
            return (outcome, 0);
        }

        bool NotShown(ReportedFinding f)
            => f.Severity != FindingSeverity.Error && CodeUseRules.Contains(f.RuleId) && f.Position is { } p && leftOut.Contains(p.FilePath);
        var project = outcome.Projects.Single();
        var notShown = project.Findings.Count(NotShown);
        return notShown == 0
            ? (outcome, 0)
            : (new MigrationOutcome(outcome.Input, [project with { Findings = [.. project.Findings.Where(f => !NotShown(f))] }]), notShown);
    }

    private static readonly HashSet<string> CodeUseRules = new(StringComparer.Ordinal)
    {
        RuleIds.ServiceHostInCode, RuleIds.BindingInCode, RuleIds.WcfClientChannel, RuleIds.NamedPipeTransport,
        RuleIds.OperationContextUse, RuleIds.OperationContextUnsupported,
    };

    /// <summary>
    /// Why no contract of the input becomes a service: none was found, or each one found was set aside for a reason its
    /// finding states (a type generated code cannot name, a client-side copy, an open generic nothing closes, a callback
    /// contract), counted by reason.
    /// </summary>
    internal static string NoServiceContract(ImmutableArray<Finding> findings, string inputs)
    {
        var reasons = new (FindingMessage Message, string Reason)[]
        {
            (FindingMessages.UnreachableContract, $"nested private or protected in a class, which generated code cannot name ({RuleIds.UnreachableType}: make such a contract internal or public)"),
            (FindingMessages.ClientSideContractCopy, $"a client-side copy of another contract ({RuleIds.ClientSideContract})"),
            (FindingMessages.ClientSideContractGenerated, $"generated for a client of a service outside the input ({RuleIds.ClientSideContract})"),
            (FindingMessages.OpenGenericContract, $"an open generic contract no contract derives from ({RuleIds.OpenGenericContract})"),
            (FindingMessages.CallbackContractNotAService, $"the callback contract of another contract ({RuleIds.DuplexCallback})"),
            (FindingMessages.ReferencedProjectContractsLeftOut, $"of a referenced project no input implements, extends or names ({RuleIds.ReferencedProjectContract}: give its project as an input too)"),
        };
        // One WCFM1028 stands for all the contracts it lists; its first argument counts them.
        int Contracts(Finding finding) => finding.MessageId == FindingMessages.ReferencedProjectContractsLeftOut.Id
            && int.TryParse(finding.Arguments[0], System.Globalization.NumberStyles.None, System.Globalization.CultureInfo.InvariantCulture, out var count) ? count : 1;
        var counted = reasons.Select(r => (Count: findings.Where(f => f.MessageId == r.Message.Id).Sum(Contracts), r.Reason)).Where(r => r.Count > 0).ToList();
        var seen = counted.Sum(r => r.Count);
        return seen == 0
            ? $"no WCF service contract ([ServiceContract]) was found in {inputs}"
            : $"no WCF service contract in {inputs} can be migrated: {seen} [ServiceContract] interface(s) were found, and "
              + string.Join(", ", counted.Select(r => $"{r.Count} {(r.Count == 1 ? "is" : "are")} {r.Reason}"));
    }

    /// <summary>
    /// The test projects of a folder or solution (a project named on the command line is compiled as asked): the
    /// migrated project does not compile them, and a finding says so.
    /// </summary>
    private static IEnumerable<(string Name, ReportedFinding Finding)> TestProjects(InputSet input)
        => input.Kind is InputKind.Folder or InputKind.Solution
            ? input.Projects.Where(p => p.TestProject is not null).Select(p => (p.Name, ReportedFinding.From(Finding.Create(FindingMessages.TestProjectLeftOut, p.TestProject!.Position, p.Name, p.TestProject.Reason))))
            : [];

    /// <summary><paramref name="input"/> without its <see cref="TestProjects"/>, and without the projects only they reference.</summary>
    private static InputSet WithoutTestProjects(InputSet input)
    {
        var tests = TestProjects(input).Select(t => t.Name).ToHashSet(StringComparer.Ordinal);
        if (tests.Count == 0)
        {
            return input;
        }

        var kept = input.Projects.Where(p => !tests.Contains(p.Name)).ToImmutableArray();
        var referenced = input.ReferencedProjects.Where(p => p.ProjectFile is not null).ToDictionary(p => p.ProjectFile!, StringComparer.Ordinal);
        var reached = new HashSet<string>(StringComparer.Ordinal);
        var pending = new Stack<string>(kept.SelectMany(p => p.ProjectReferences));
        while (pending.TryPop(out var file))
        {
            if (reached.Add(file) && referenced.TryGetValue(file, out var project))
            {
                foreach (var next in project.ProjectReferences)
                {
                    pending.Push(next);
                }
            }
        }

        return input with { Projects = kept, ReferencedProjects = input.ReferencedProjects.Where(p => p.ProjectFile is not null && reached.Contains(p.ProjectFile)).ToImmutableArray() };
    }

    /// <summary><paramref name="outcome"/> with findings about the projects read (not about the code) added to its one project's.</summary>
    private static MigrationOutcome WithFindings(MigrationOutcome outcome, IEnumerable<ReportedFinding> findings)
    {
        var extra = findings.ToList();
        if (extra.Count == 0)
        {
            return outcome;
        }

        var project = outcome.Projects.Single();
        var all = project.Findings.Concat(extra).Order(Comparer<ReportedFinding>.Create(ReportedFinding.Compare)).ToImmutableArray();
        return new MigrationOutcome(outcome.Input, [project with { Findings = all }]);
    }

    /// <summary>
    /// The engine's findings and the plan's (<paramref name="planFindings"/>), in the one finding order; with
    /// <paramref name="msbuild"/>, errors and warnings only, as MSBuild reads them (<see cref="MSBuildFormat"/>).
    /// </summary>
    internal static void WriteFindings(MigrationOutcome outcome, CliDependencies deps, ImmutableArray<Finding> planFindings = default, bool msbuild = false)
    {
        foreach (var (project, finding) in AllFindings(outcome, planFindings))
        {
            if (!msbuild)
            {
                deps.Error.WriteLine(outcome.Format(project, finding));
            }
            else if (finding.Severity != FindingSeverity.Info)
            {
                deps.Error.WriteLine(MSBuildFormat(finding));
            }
        }
    }

    /// <summary>The findings <see cref="WriteFindings"/> prints in MSBuild's format: errors and warnings, in order.</summary>
    internal static IEnumerable<ReportedFinding> MSBuildFindings(MigrationOutcome outcome, ImmutableArray<Finding> planFindings)
        => AllFindings(outcome, planFindings).Select(f => f.Finding).Where(f => f.Severity != FindingSeverity.Info);

    private static IEnumerable<(ProjectOutcome Project, ReportedFinding Finding)> AllFindings(MigrationOutcome outcome, ImmutableArray<Finding> planFindings)
    {
        var all = outcome.Findings.AsEnumerable();
        if (!planFindings.IsDefaultOrEmpty)
        {
            var project = outcome.Projects.Single();
            all = all.Concat(planFindings.Select(f => (Project: project, Finding: ReportedFinding.From(f))))
                .OrderBy(f => f.Finding, Comparer<ReportedFinding>.Create(ReportedFinding.Compare));
        }

        return all;
    }

    /// <summary>
    /// A finding as MSBuild's Exec task recognises a diagnostic, <c>/full/path.cs(line,column): warning WCFM1002: message</c>,
    /// so a build shows it in its error list at the original source, as the compiler's own.
    /// </summary>
    internal static string MSBuildFormat(ReportedFinding finding)
    {
        var where = finding.Position is { } p ? $"{p.FilePath}({p.Line},{p.Column})" : MigrateWcfCommandLine.ToolName;
        return $"{where}: {(finding.Severity == FindingSeverity.Error ? "error" : "warning")} {finding.RuleId}: {finding.Message}";
    }

    /// <summary>
    /// Where the IDE shows each original source under the migrated project's Original/ folder: its project's name, then
    /// its path in the project's folder (a file outside it: its name), so no link climbs out of its folder. A file of
    /// several projects is shown under the first; projects of one name get a number.
    /// </summary>
    private static Dictionary<string, string> Links(List<InputSet> inputs)
    {
        var links = new Dictionary<string, string>(StringComparer.Ordinal);
        var taken = new HashSet<string>(StringComparer.OrdinalIgnoreCase);
        var projects = inputs.SelectMany(i => i.Projects.Concat(i.ReferencedProjects))
            .DistinctBy(p => p.ProjectFile ?? p.Folder, StringComparer.Ordinal);
        foreach (var project in projects)
        {
            var name = LinkSegment(project.Name);
            for (var n = 2; !taken.Add(name); n++)
            {
                name = $"{LinkSegment(project.Name)}_{n}";
            }

            var usedInProject = new HashSet<string>(StringComparer.OrdinalIgnoreCase);
            foreach (var file in project.Files.Where(f => !links.ContainsKey(f)))
            {
                var relative = ProtoCommand.IsSameOrInside(file, project.Folder)
                    ? Path.GetRelativePath(project.Folder, file).Replace(Path.DirectorySeparatorChar, '/')
                    : Path.GetFileName(file);
                var link = name + "/" + relative;
                for (var n = 2; !usedInProject.Add(link); n++)
                {
                    link = $"{name}/{Path.GetFileNameWithoutExtension(relative)}_{n}{Path.GetExtension(relative)}";
                }

                links[file] = link;
            }
        }

        return links;
    }

    private static string LinkSegment(string name)
    {
        var segment = new string(name.Select(c => Path.GetInvalidFileNameChars().Contains(c) || c is '/' or '\\' ? '_' : c).ToArray());
        return segment is "" or "." or ".." ? "_" : segment;
    }

    internal static string Verb(PlannedFileState state, bool done) => (state, done) switch
    {
        (PlannedFileState.Created, false) => "create",
        (PlannedFileState.Replaced, false) => "replace",
        (PlannedFileState.Deleted, false) => "delete",
        (PlannedFileState.Created, true) => "created",
        (PlannedFileState.Replaced, true) => "replaced",
        (PlannedFileState.Deleted, true) => "deleted",
        _ => "unchanged",
    };

    /// <summary>
    /// Several inputs read as one compilation (a contracts project and the services project implementing it): every
    /// project's files, and those of the projects they reference, together; paths reported relative to the folder they
    /// share. The migrated project compiles exactly these files.
    /// </summary>
    private static InputSet Combine(List<InputSet> inputs, string name)
    {
        var root = inputs[0].RootDirectory;
        foreach (var input in inputs.Skip(1))
        {
            while (!ProtoCommand.IsSameOrInside(input.RootDirectory, root))
            {
                root = Path.GetDirectoryName(root) ?? root;
            }
        }

        var files = inputs.SelectMany(AllFiles).Distinct(StringComparer.Ordinal).Order(StringComparer.Ordinal).ToImmutableArray();
        // Nullable annotations count only when every project enables them; a mix is read as the compiler's default.
        var nullable = inputs.SelectMany(i => i.Projects.Concat(i.ReferencedProjects)).All(p => p.NullableEnabled);
        var kind = inputs.Count == 1 ? inputs[0].Kind : InputKind.Folder;
        // The inputs' own configuration files (a services project's app.config), not those of the projects they reference.
        var configurations = inputs.SelectMany(i => i.Projects).SelectMany(p => p.ConfigurationFiles).Distinct(StringComparer.Ordinal).Order(StringComparer.Ordinal).ToImmutableArray();
        // The assemblies every project's HintPaths found (a restored packages/ folder), so their types resolve here too.
        var assemblies = inputs.SelectMany(i => i.Projects.Concat(i.ReferencedProjects)).SelectMany(p => p.AssemblyReferences).Distinct(StringComparer.Ordinal).Order(StringComparer.Ordinal).ToImmutableArray();
        var referenceNames = inputs.SelectMany(i => i.Projects.Concat(i.ReferencedProjects)).SelectMany(p => p.ReferenceNames).Distinct(StringComparer.OrdinalIgnoreCase).Order(StringComparer.OrdinalIgnoreCase).ToImmutableArray();
        // Each file keeps its own project's symbols (the first project's, for a file several compile); loose files have none.
        var symbols = ImmutableDictionary.CreateBuilder<string, ImmutableArray<string>>(StringComparer.Ordinal);
        foreach (var project in inputs.SelectMany(i => i.Projects.Concat(i.ReferencedProjects)).Where(p => p.ProjectFile is not null))
        {
            foreach (var file in project.Files)
            {
                symbols.TryAdd(file, project.SymbolsOf(file));
            }
        }

        var symbolsNotRead = inputs.SelectMany(i => i.Projects.Concat(i.ReferencedProjects)).SelectMany(p => p.SymbolsNotRead).Distinct().ToImmutableArray();
        return new InputSet(kind, root, [new SourceSet(name, LoadMode.LooseFiles, root, null, files, nullable)
        {
            ConfigurationFiles = configurations, AssemblyReferences = assemblies, ReferenceNames = referenceNames, FileSymbols = symbols.ToImmutable(), SymbolsNotRead = symbolsNotRead,
            ReferencedLibraries = ReferencedLibraries(inputs),
        }], [])
        {
            FolderLinksNotFollowed = [.. inputs.SelectMany(i => i.FolderLinksNotFollowed)],
        };
    }

    /// <summary>
    /// The projects the inputs reference that no input names (one input's project referenced by another is an input),
    /// each with its files no input project compiles, in project file order: a library whose contracts the engine
    /// migrates only where the inputs reach them.
    /// </summary>
    private static ImmutableArray<ReferencedProject> ReferencedLibraries(List<InputSet> inputs)
    {
        var inputProjects = inputs.SelectMany(i => i.Projects).ToList();
        var inputProjectFiles = inputProjects.Select(p => p.ProjectFile).OfType<string>().ToHashSet(StringComparer.Ordinal);
        var inputFiles = inputProjects.SelectMany(p => p.Files).ToHashSet(StringComparer.Ordinal);
        return
        [
            .. inputs.SelectMany(i => i.ReferencedProjects)
                .Where(p => p.ProjectFile is not null && !inputProjectFiles.Contains(p.ProjectFile))
                .DistinctBy(p => p.ProjectFile, StringComparer.Ordinal)
                .OrderBy(p => p.ProjectFile, StringComparer.Ordinal)
                .Select(p => new ReferencedProject(p.Name, p.Files.Where(f => !inputFiles.Contains(f)).ToArray()))
                .Where(p => p.Files.Count > 0),
        ];
    }

    /// <summary>
    /// The symbols the migrated project defines besides the SDK's DEBUG and TRACE: those the Debug builds of the input's
    /// projects all define, in the first project's order. None when a project has no project file (loose files).
    /// </summary>
    private static ImmutableArray<string> DefineConstants(List<InputSet> inputs)
    {
        var projects = inputs.SelectMany(i => i.Projects).ToList();
        if (projects.Count == 0 || projects.Any(p => p.ProjectFile is null))
        {
            return [];
        }

        return [.. projects[0].PreprocessorSymbols.Where(s => s is not ("DEBUG" or "TRACE") && projects.All(p => p.PreprocessorSymbols.Contains(s, StringComparer.Ordinal)))];
    }

    /// <summary>The missing references of every input project and of the projects they reference, once each.</summary>
    private static List<(SourceSet Owner, MissingReference Reference)> MissingReferences(List<InputSet> inputs)
        => inputs.SelectMany(i => i.Projects.SelectMany(p => MigrationRun.MissingReferencesReached(p, i)))
            .DistinctBy(m => (m.Owner.ProjectFile, m.Reference.Name))
            .ToList();

    private static IEnumerable<string> AllFiles(InputSet input) => input.Projects.Concat(input.ReferencedProjects).SelectMany(p => p.Files);

    private static string ProjectName(GenerateOptions options, InputSet first)
    {
        if (options.ProjectName is { } name)
        {
            if (name.Length == 0 || name.IndexOfAny(Path.GetInvalidFileNameChars()) >= 0 || name.Contains('\\') || name is "." or "..")
            {
                throw CommandLineException.Usage($"'{name}' is not a project name (a file name without .csproj).");
            }

            return name;
        }

        var basis = first.Kind == InputKind.Folder
            ? Path.GetFileName(first.RootDirectory)
            : Path.GetFileNameWithoutExtension(Path.GetFullPath(options.InputPaths[0]));
        return basis + ".Migrated";
    }

    private static string? RuntimeProject(string? path)
    {
        if (path is null)
        {
            return null;
        }

        var fullPath = Path.GetFullPath(path);
        if (!File.Exists(fullPath) || !fullPath.EndsWith(".csproj", StringComparison.OrdinalIgnoreCase))
        {
            throw CommandLineException.Input($"the runtime project '{path}' is not an existing .csproj file.");
        }

        return fullPath;
    }

    /// <summary>
    /// The build targets a build-time project imports when it references the runtime by project: this repository's
    /// <c>tool/build/MigrateWcf.Build.targets</c>, beside the runtime's folder. Null for the MigrateWcf.Build package.
    /// </summary>
    private static string? BuildTargets(string? runtimeOption, RuntimeReference runtime)
    {
        if (runtime.ProjectPath is not { } runtimeProject)
        {
            return null;
        }

        var targets = Path.GetFullPath(Path.Combine(Path.GetDirectoryName(runtimeProject)!, "..", "tool", "build", "MigrateWcf.Build.targets"));
        return File.Exists(targets)
            ? targets
            : throw CommandLineException.Input($"build-time generation imports tool/build/MigrateWcf.Build.targets beside the runtime project '{runtimeOption}' (this repository's layout), and there is none at '{targets}'; use --committed to write the generated files instead.");
    }

    /// <summary>Whether MSBuild will import a Directory.Packages.props for a project in <paramref name="folder"/>.</summary>
    internal static bool HasCentralPackageVersions(string folder)
    {
        for (var current = folder; current is not null; current = Path.GetDirectoryName(current))
        {
            if (File.Exists(Path.Combine(current, "Directory.Packages.props")))
            {
                return true;
            }
        }

        return false;
    }

    private static string Quote(ImmutableArray<string> paths) => string.Join(", ", paths.Select(p => $"'{p}'"));
}
