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
internal sealed record ProtoOptions(string InputPath, string OutputFolder, bool Force);

/// <summary><c>migrate-wcf proto &lt;path&gt; --out &lt;dir&gt; [--force]</c>: writes one .proto per contract namespace and the lock file.</summary>
internal static class ProtoCommand
{
    /// <summary>Keeps field numbers stable across runs; read back from the output folder and handed to the engine.</summary>
    public const string LockFileName = "migrate-wcf.lock";

    public static Command Create(CliDependencies deps)
    {
        var path = new Argument<string>("path") { Description = "A .cs file, a folder of C# sources (bin and obj skipped) or a .csproj." };
        var output = new Option<string>("--out", "-o") { Description = "The folder to write the .proto files and " + LockFileName + " to.", Required = true };
        var force = new Option<bool>("--force") { Description = "Replace existing files that differ from what is generated." };
        var command = new Command("proto", "Generate .proto files for the WCF contracts in <path>.") { path, output, force };
        command.SetAction((parseResult, cancellationToken) =>
        {
            var options = new ProtoOptions(parseResult.GetRequiredValue(path), parseResult.GetRequiredValue(output), parseResult.GetValue(force));
            return MigrateWcfCommandLine.RunAsync(deps, ct => Task.Run(() => Run(options, deps, ct), ct), cancellationToken);
        });
        return command;
    }

    internal static ExitCode Run(ProtoOptions options, CliDependencies deps, CancellationToken cancellationToken)
    {
        var sources = InputResolver.Resolve(options.InputPath);
        var outputFolder = Path.TrimEndingDirectorySeparator(Path.GetFullPath(options.OutputFolder));
        if (sources.Kind != InputKind.SourceFile && IsSameOrInside(outputFolder, sources.RootDirectory))
        {
            throw CommandLineException.Usage($"the output folder '{options.OutputFolder}' is inside the input '{options.InputPath}'; choose a folder outside it.");
        }

        var lockFileText = ReadLockFile(outputFolder, options.OutputFolder);
        var outcome = MigrationRun.Execute(sources, lockFileText, deps, cancellationToken);
        if (outcome.HasErrors)
        {
            WriteFindings(outcome, deps);
            deps.Error.WriteLine($"{MigrateWcfCommandLine.ToolName}: {outcome.Count(FindingSeverity.Error)} error(s); nothing was written to '{options.OutputFolder}'.");
            return ExitCode.FindingsWithErrors;
        }

        // Whether there is anything to migrate at all is the tool's call; how each contract maps is the engine's.
        var summary = outcome.Result.Summary;
        if (summary.ServiceContracts == 0 || outcome.Result.ProtoFiles.IsEmpty)
        {
            throw CommandLineException.Input($"no WCF service contract ([ServiceContract]) was found in '{options.InputPath}'; nothing to generate.");
        }

        if (summary.Operations == 0)
        {
            throw CommandLineException.Input($"the {summary.ServiceContracts} service contract(s) in '{options.InputPath}' have no operations ([OperationContract]); nothing to generate.");
        }

        var files = outcome.Result.ProtoFiles
            .Select(f => new PlannedFile(f.RelativePath.Replace('\\', '/'), f.Content))
            .Append(new PlannedFile(LockFileName, outcome.Result.LockFileText, OverwriteWithoutForce: true))
            .ToList();
        var written = AtomicOutputWriter.Write(outputFolder, options.OutputFolder, files, options.Force, cancellationToken);

        // Findings after the write, so a run that fails on its output says exactly one thing.
        WriteFindings(outcome, deps);

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

        deps.Output.WriteLine(
            $"{summary.ServiceContracts} service contract(s), {summary.Operations} operation(s), {summary.DataTypes} data type(s); " +
            $"{outcome.Count(FindingSeverity.Warning)} warning(s).");
        return ExitCode.Success;
    }

    private static void WriteFindings(MigrationOutcome outcome, CliDependencies deps)
    {
        foreach (var finding in outcome.Findings)
        {
            deps.Error.WriteLine(outcome.Format(finding));
        }
    }

    internal static string? ReadLockFile(string outputFolder, string displayFolder)
    {
        var path = Path.Combine(outputFolder, LockFileName);
        if (!File.Exists(path))
        {
            return null;
        }

        try
        {
            return File.ReadAllText(path);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            throw CommandLineException.Input($"cannot read the lock file '{Path.Join(displayFolder, LockFileName)}': {e.Message}", e);
        }
    }

    internal static bool IsSameOrInside(string path, string folder)
    {
        var relative = Path.GetRelativePath(folder, path);
        var outside = relative == ".." || relative.StartsWith(".." + Path.DirectorySeparatorChar, StringComparison.Ordinal) || Path.IsPathRooted(relative);
        return !outside;
    }
}
