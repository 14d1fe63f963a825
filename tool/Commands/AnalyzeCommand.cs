using System.Collections.Immutable;
using System.CommandLine;
using MigrateWcf.Generator;
using MigrateWcf.Tool.Cli;
using MigrateWcf.Tool.Input;
using MigrateWcf.Tool.Output;

namespace MigrateWcf.Tool.Commands;

public enum ReportFormat
{
    Text,
    Json,
    Sarif,
}

/// <summary>Options of <c>migrate-wcf analyze</c>.</summary>
/// <param name="Severity">Findings below it are left out of the report; the run fails (exit 1) when one at or above it remains. Null: every finding is listed and errors fail the run.</param>
/// <param name="Restore">Restore packages.config packages into their packages/ folder first (<see cref="PackagesConfigRestore"/>).</param>
internal sealed record AnalyzeOptions(string InputPath, ReportFormat Format, FindingSeverity? Severity = null, bool Restore = false);

/// <summary><c>migrate-wcf analyze &lt;path&gt; [--format text|json|sarif] [--severity info|warning|error]</c>: what was found, what maps cleanly, every finding.</summary>
internal static class AnalyzeCommand
{
    public static Command Create(CliDependencies deps)
    {
        var path = new Argument<string>("path") { Description = "A .cs file, a .csproj, a solution (.sln, .slnx) or a folder of C# sources and projects (bin and obj skipped)." };
        var format = new Option<string>("--format", "-f")
        {
            Description = "Report format: text (for people), json (stable shape, see tool/README.md) or sarif (SARIF 2.1.0, for code scanning).",
            DefaultValueFactory = _ => "text",
        };
        format.AcceptOnlyFromAmong("text", "json", "sarif");
        var severity = new Option<string?>("--severity", "-s")
        {
            Description = "List only findings at or above this severity, and exit 1 when any is listed (default: list all, exit 1 on errors).",
        };
        severity.AcceptOnlyFromAmong("info", "warning", "error");
        var restore = RestoreOption.Create();
        var command = new Command("analyze", "Report the WCF contracts in <path>, how many map cleanly to gRPC, and every finding.") { path, format, severity, restore };
        Examples.Add(command,
            "migrate-wcf analyze MyServices.sln",
            "migrate-wcf analyze src/Orders/Orders.csproj --format json",
            "migrate-wcf analyze . --format sarif --severity warning > migrate-wcf.sarif",
            "migrate-wcf analyze Erp.sln --restore");
        command.SetAction((parseResult, cancellationToken) =>
        {
            var options = new AnalyzeOptions(
                parseResult.GetRequiredValue(path),
                parseResult.GetValue(format) switch { "json" => ReportFormat.Json, "sarif" => ReportFormat.Sarif, _ => ReportFormat.Text },
                parseResult.GetValue(severity) switch { "info" => FindingSeverity.Info, "warning" => FindingSeverity.Warning, "error" => FindingSeverity.Error, _ => null },
                parseResult.GetValue(restore));
            return MigrateWcfCommandLine.RunAsync(deps, ct => Task.Run(() => Run(options, deps, ct), ct), cancellationToken);
        });
        return command;
    }

    internal static ExitCode Run(AnalyzeOptions options, CliDependencies deps, CancellationToken cancellationToken)
    {
        var input = RestoreOption.Apply(options.InputPath, InputResolver.Resolve(options.InputPath), options.Restore, deps, cancellationToken);
        var outcome = MigrationRun.Execute(input, lockFileText: _ => null, deps, cancellationToken);
        var threshold = options.Severity ?? FindingSeverity.Error;
        if (options.Severity is { } minimum)
        {
            outcome = new MigrationOutcome(outcome.Input, outcome.Projects.Select(p => p with { Findings = p.Findings.Where(f => f.Severity >= minimum).ToImmutableArray() }).ToImmutableArray());
        }

        switch (options.Format)
        {
            case ReportFormat.Json:
                AnalysisJsonReport.Write(outcome, options.InputPath, deps.Output);
                break;
            case ReportFormat.Sarif:
                SarifReport.Write(outcome, deps.Output);
                break;
            default:
                AnalysisTextReport.Write(outcome, options.InputPath, deps.Output);
                break;
        }

        return outcome.Findings.Any(f => f.Finding.Severity >= threshold) ? ExitCode.FindingsWithErrors : ExitCode.Success;
    }
}
