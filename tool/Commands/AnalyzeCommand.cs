using System.CommandLine;
using MigrateWcf.Tool.Cli;
using MigrateWcf.Tool.Input;
using MigrateWcf.Tool.Output;

namespace MigrateWcf.Tool.Commands;

public enum ReportFormat
{
    Text,
    Json,
}

/// <summary>Options of <c>migrate-wcf analyze</c>.</summary>
internal sealed record AnalyzeOptions(string InputPath, ReportFormat Format);

/// <summary><c>migrate-wcf analyze &lt;path&gt; [--format text|json]</c>: what was found, what maps cleanly, every finding.</summary>
internal static class AnalyzeCommand
{
    public static Command Create(CliDependencies deps)
    {
        var path = new Argument<string>("path") { Description = "A .cs file, a folder of C# sources (bin and obj skipped) or a .csproj." };
        var format = new Option<string>("--format", "-f")
        {
            Description = "Report format: text (for people) or json (stable shape, see tool/README.md).",
            DefaultValueFactory = _ => "text",
        };
        format.AcceptOnlyFromAmong("text", "json");
        var command = new Command("analyze", "Report the WCF contracts in <path>, how many map cleanly to gRPC, and every finding.") { path, format };
        command.SetAction((parseResult, cancellationToken) =>
        {
            var options = new AnalyzeOptions(
                parseResult.GetRequiredValue(path),
                parseResult.GetValue(format) == "json" ? ReportFormat.Json : ReportFormat.Text);
            return MigrateWcfCommandLine.RunAsync(deps, ct => Task.Run(() => Run(options, deps, ct), ct), cancellationToken);
        });
        return command;
    }

    internal static ExitCode Run(AnalyzeOptions options, CliDependencies deps, CancellationToken cancellationToken)
    {
        var input = InputResolver.Resolve(options.InputPath);
        var outcome = MigrationRun.Execute(input, lockFileText: _ => null, deps, cancellationToken);
        if (options.Format == ReportFormat.Json)
        {
            AnalysisReport.WriteJson(outcome, options.InputPath, deps.Output);
        }
        else
        {
            AnalysisReport.WriteText(outcome, options.InputPath, deps.Output);
        }

        return outcome.HasErrors ? ExitCode.FindingsWithErrors : ExitCode.Success;
    }
}
