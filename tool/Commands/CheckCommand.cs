using System.CommandLine;
using MigrateWcf.Tool.Cli;
using MigrateWcf.Tool.Output;

namespace MigrateWcf.Tool.Commands;

/// <summary>
/// <c>migrate-wcf check &lt;path&gt;... --out &lt;dir&gt;</c>, for CI: runs <c>generate</c>'s whole plan without writing and
/// fails, naming the files, when generate would create, replace or delete anything (the lock file and manifest included).
/// </summary>
internal static class CheckCommand
{
    public static Command Create(CliDependencies deps)
    {
        var (command, read) = GenerateCommand.Define(
            "check",
            "Exit non-zero, naming the files, when 'generate' with the same arguments would change anything in --out (for CI).",
            [
                "migrate-wcf check src/Contracts/Contracts.csproj src/Services/Services.csproj --out migrated/Service",
                "migrate-wcf check src/Services --out migrated --project-name Orders.Migrated",
            ],
            withWriteOptions: false);
        command.SetAction((parseResult, cancellationToken) =>
        {
            var options = read(parseResult);
            return MigrateWcfCommandLine.RunAsync(deps, ct => Task.Run(() => Run(options, deps, ct), ct), cancellationToken);
        });
        return command;
    }

    internal static ExitCode Run(GenerateOptions options, CliDependencies deps, CancellationToken cancellationToken)
    {
        var generation = GenerateCommand.Prepare(options, deps, cancellationToken);
        if (generation.Failure is { } failure)
        {
            return failure;
        }

        var stale = generation.Changes.Where(c => c.State != PlannedFileState.Unchanged).ToList();
        if (stale.Count == 0)
        {
            deps.Output.WriteLine($"up to date: {generation.Changes.Count} file(s) in '{options.OutputFolder}' are what generate writes.");
            return ExitCode.Success;
        }

        foreach (var change in stale)
        {
            var edited = change.Conflict ? " (edited by hand)" : string.Empty;
            deps.Error.WriteLine($"{MigrateWcfCommandLine.ToolName}: would {GenerateCommand.Verb(change.State, done: false)} {Path.Join(options.OutputFolder, change.RelativePath)}{edited}");
        }

        deps.Error.WriteLine($"{MigrateWcfCommandLine.ToolName}: error: {stale.Count} file(s) in '{options.OutputFolder}' are not what generate writes; run 'migrate-wcf generate' with the same arguments and commit the result.");
        return ExitCode.CheckFailed;
    }
}
