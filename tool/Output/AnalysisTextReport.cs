using MigrateWcf.Generator;
using MigrateWcf.Tool.Cli;
using MigrateWcf.Tool.Input;

namespace MigrateWcf.Tool.Output;

/// <summary>Prints what <c>analyze</c> found as text for people: counts, projects, contracts, data types, findings.</summary>
internal static class AnalysisTextReport
{
    public static void Write(MigrationOutcome outcome, string inputPath, TextWriter output)
    {
        var summary = outcome.Summary;
        var input = outcome.Input;
        var projects = input.HasSeveralProjects ? $" in {input.Projects.Length} projects" : string.Empty;
        output.WriteLine($"{MigrateWcfCommandLine.ToolName} analyze: {inputPath} ({Plural(input.FileCount, "C# file")}{projects})");
        output.WriteLine();
        output.WriteLine($"  Projects           {input.Projects.Length,6}");
        output.WriteLine($"  Service contracts  {summary.ServiceContracts,6}");
        output.WriteLine($"  Operations         {summary.Operations,6}   {summary.OperationsMappedCleanly} map cleanly");
        output.WriteLine($"  Data types         {summary.DataTypes,6}   {summary.DataTypesMappedCleanly} map cleanly");
        if (summary.RestOperations > 0)
        {
            output.WriteLine($"  REST operations    {summary.RestOperations,6}   {summary.RestOperationsKept} keep their HTTP shape exactly (WCFM1018; docs/webhttp.md)");
        }

        output.WriteLine();

        output.WriteLine(input.HasSeveralProjects ? "Projects:" : "Project:");
        foreach (var project in outcome.Projects)
        {
            var counts = project.Result.Summary;
            var clash = project.Qualifier is { } qualifier
                ? $"; packages that clash with {string.Join(", ", project.ClashesWith)} start with '{qualifier.Segment}.'"
                : string.Empty;
            output.WriteLine(
                $"  {project.Project.Name}: {input.Origin(project.Project)} ({LoadText(project.Project.Load)}{Frameworks(project.Project)}, {Plural(project.Project.Files.Length, "C# file")}): " +
                $"{Plural(counts.ServiceContracts, "service contract")}, {Plural(counts.DataTypes, "data type")}{clash}");
            if (project.Project.LoadNote is { } note)
            {
                output.WriteLine($"    read without MSBuild: {note}");
            }
        }

        if (!input.OtherSolutionEntries.IsEmpty)
        {
            output.WriteLine($"  not analysed (not C# projects): {string.Join(", ", input.OtherSolutionEntries)}");
        }

        output.WriteLine();
        var contracts = outcome.Projects.SelectMany(p => p.Result.Model.Services.Select(s => (Project: p, Service: s))).ToList();
        if (contracts.Count > 0)
        {
            output.WriteLine("Service contracts:");
            foreach (var (project, service) in contracts)
            {
                output.WriteLine($"  {service.Key} ({Plural(service.Operations.Count, "operation")}) {At(outcome, service.Position)}{Of(outcome, project)}");
                foreach (var operation in service.Operations)
                {
                    output.WriteLine($"    {operation.Name}{(operation.IsOneWay ? " (one-way)" : string.Empty)} {At(outcome, operation.Position)}");
                }

                foreach (var callback in service.CallbackOperations)
                {
                    output.WriteLine($"    callback {callback.Name}{(callback.IsOneWay ? " (one-way)" : string.Empty)} {At(outcome, callback.Position)}");
                }
            }

            output.WriteLine();
        }

        var dataTypes = outcome.Projects.SelectMany(p => p.Result.Model.DataTypes.Select(t => (Project: p, Type: t))).ToList();
        if (dataTypes.Count > 0)
        {
            output.WriteLine("Data types:");
            foreach (var (project, type) in dataTypes)
            {
                output.WriteLine($"  {type.Key} ({ReportFacts.KindName(type.Kind)}, {Plural(ReportFacts.MemberCount(type), "member")}) {At(outcome, type.Position)}{Of(outcome, project)}");
            }

            output.WriteLine();
        }

        var errors = outcome.Count(FindingSeverity.Error);
        var warnings = outcome.Count(FindingSeverity.Warning);
        var infos = outcome.Count(FindingSeverity.Info);
        output.WriteLine($"Findings: {Plural(errors, "error")}, {Plural(warnings, "warning")}, {infos} info");
        if (outcome.Findings.Length > 0)
        {
            output.WriteLine("  by rule: " + string.Join(", ", ReportFacts.FindingsByRule(outcome.Findings.Select(f => f.Finding)).Select(r => $"{r.Rule} {r.Count}")));
        }

        foreach (var (project, finding) in outcome.Findings)
        {
            output.WriteLine($"  {outcome.Format(project, finding)}");
        }
    }

    /// <summary>" net472" or " net472; also targets net8.0" for a project MSBuild loaded; empty otherwise.</summary>
    private static string Frameworks(SourceSet project)
        => (project.TargetFramework is { } framework ? " " + framework : string.Empty)
           + (project.OtherTargetFrameworks.IsEmpty ? string.Empty : $"; also targets {string.Join(", ", project.OtherTargetFrameworks)}, not analysed");

    private static string At(MigrationOutcome outcome, SourcePosition? position)
        => position is null ? string.Empty : $"at {outcome.Input.Relative(position.FilePath)}:{position.Line}";

    /// <summary>The project a listed item belongs to, as MSBuild marks lines ("[project]"), when the input holds several.</summary>
    private static string Of(MigrationOutcome outcome, ProjectOutcome project)
        => outcome.Input.HasSeveralProjects ? $" [{project.Project.Name}]" : string.Empty;

    private static string LoadText(LoadMode load) => load switch
    {
        LoadMode.SdkProjectFile => "SDK-style project file",
        LoadMode.OldStyleProjectFile => "old-style project file",
        LoadMode.MSBuild => "MSBuild",
        _ => "loose files",
    };

    private static string Plural(int count, string noun) => count == 1 ? $"1 {noun}" : $"{count} {noun}s";
}
