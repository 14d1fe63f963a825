using System.Reflection;
using System.Text;
using System.Text.Encodings.Web;
using System.Text.Json;
using MigrateWcf.Generator;
using MigrateWcf.Generator.Model;
using MigrateWcf.Tool.Cli;
using MigrateWcf.Tool.Input;

namespace MigrateWcf.Tool.Output;

/// <summary>
/// Prints what <c>analyze</c> found, as text for people or as JSON whose shape is documented in tool/README.md and
/// tool/analyze-report.schema.json. Changing the JSON shape means bumping <see cref="SchemaVersion"/>.
/// </summary>
internal static class AnalysisReport
{
    public const int SchemaVersion = 2;

    public static string ToolVersion { get; } =
        typeof(AnalysisReport).Assembly.GetCustomAttribute<AssemblyInformationalVersionAttribute>()?.InformationalVersion.Split('+')[0] ?? "0.0.0";

    public static void WriteText(MigrationOutcome outcome, string inputPath, TextWriter output)
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
                output.WriteLine($"  {type.Key} ({KindName(type.Kind)}, {Plural(MemberCount(type), "member")}) {At(outcome, type.Position)}{Of(outcome, project)}");
            }

            output.WriteLine();
        }

        var errors = outcome.Count(FindingSeverity.Error);
        var warnings = outcome.Count(FindingSeverity.Warning);
        var infos = outcome.Count(FindingSeverity.Info);
        output.WriteLine($"Findings: {Plural(errors, "error")}, {Plural(warnings, "warning")}, {infos} info");
        if (outcome.Findings.Length > 0)
        {
            output.WriteLine("  by rule: " + string.Join(", ", FindingsByRule(outcome.Findings.Select(f => f.Finding)).Select(r => $"{r.Rule} {r.Count}")));
        }

        foreach (var (project, finding) in outcome.Findings)
        {
            output.WriteLine($"  {outcome.Format(project, finding)}");
        }
    }

    public static void WriteJson(MigrationOutcome outcome, string inputPath, TextWriter output)
    {
        var buffer = new MemoryStream();
        using (var json = new Utf8JsonWriter(buffer, new JsonWriterOptions
        {
            Indented = true,
            // Messages quote code ('<', '>', '&', quotes); keep them readable rather than \u-escaped.
            Encoder = JavaScriptEncoder.UnsafeRelaxedJsonEscaping,
        }))
        {
            var input = outcome.Input;
            json.WriteStartObject();
            json.WriteNumber("schemaVersion", SchemaVersion);
            json.WriteString("tool", MigrateWcfCommandLine.ToolName);
            json.WriteString("toolVersion", ToolVersion);
            json.WriteString("input", inputPath);
            json.WriteNumber("sourceFiles", input.FileCount);
            WriteSummary(json, outcome.Summary, outcome.Findings.Select(f => f.Finding));

            json.WriteStartArray("projects");
            foreach (var project in outcome.Projects)
            {
                json.WriteStartObject();
                json.WriteString("name", project.Project.Name);
                json.WriteString("path", input.Origin(project.Project));
                json.WriteString("load", LoadName(project.Project.Load));
                json.WriteNumber("sourceFiles", project.Project.Files.Length);
                WriteNullable(json, "targetFramework", project.Project.TargetFramework);
                json.WriteStartArray("otherTargetFrameworks");
                foreach (var framework in project.Project.OtherTargetFrameworks)
                {
                    json.WriteStringValue(framework);
                }

                json.WriteEndArray();
                WriteNullable(json, "loadNote", project.Project.LoadNote);
                json.WriteStartArray("projectReferences");
                foreach (var reference in project.Project.ProjectReferences)
                {
                    json.WriteStringValue(input.Relative(reference));
                }

                json.WriteEndArray();
                if (project.Qualifier is { } qualifier)
                {
                    json.WriteString("packagePrefix", qualifier.Segment);
                }
                else
                {
                    json.WriteNull("packagePrefix");
                }

                json.WriteStartArray("clashesWith");
                foreach (var other in project.ClashesWith)
                {
                    json.WriteStringValue(other);
                }

                json.WriteEndArray();
                WriteSummary(json, project.Result.Summary, project.Findings);
                json.WriteEndObject();
            }

            json.WriteEndArray();

            json.WriteStartArray("services");
            foreach (var project in outcome.Projects)
            {
                foreach (var service in project.Result.Model.Services)
                {
                    json.WriteStartObject();
                    json.WriteString("project", project.Project.Name);
                    json.WriteString("key", service.Key);
                    json.WriteString("name", service.Name);
                    json.WriteString("contractNamespace", service.ContractNamespace);
                    WritePosition(json, outcome, service.Position);
                    WriteOperations(json, outcome, "operations", service.Operations);
                    WriteOperations(json, outcome, "callbackOperations", service.CallbackOperations);
                    json.WriteEndObject();
                }
            }

            json.WriteEndArray();

            json.WriteStartArray("dataTypes");
            foreach (var project in outcome.Projects)
            {
                foreach (var type in project.Result.Model.DataTypes)
                {
                    json.WriteStartObject();
                    json.WriteString("project", project.Project.Name);
                    json.WriteString("key", type.Key);
                    json.WriteString("kind", KindName(type.Kind));
                    json.WriteNumber("members", MemberCount(type));
                    WritePosition(json, outcome, type.Position);
                    json.WriteEndObject();
                }
            }

            json.WriteEndArray();

            json.WriteStartArray("findings");
            foreach (var (project, finding) in outcome.Findings)
            {
                json.WriteStartObject();
                json.WriteString("project", project.Project.Name);
                json.WriteString("ruleId", finding.RuleId);
                json.WriteString("severity", SeverityName(finding.Severity));
                json.WriteString("message", finding.Message);
                WritePosition(json, outcome, finding.Position);
                json.WriteStartArray("arguments");
                foreach (var argument in finding.Arguments)
                {
                    json.WriteStringValue(argument);
                }

                json.WriteEndArray();
                json.WriteStartArray("additionalLocations");
                foreach (var position in finding.AdditionalPositions)
                {
                    json.WriteStartObject();
                    WritePosition(json, outcome, position);
                    json.WriteEndObject();
                }

                json.WriteEndArray();
                json.WriteEndObject();
            }

            json.WriteEndArray();
            json.WriteEndObject();
        }

        output.WriteLine(Encoding.UTF8.GetString(buffer.GetBuffer(), 0, (int)buffer.Length));
    }

    /// <summary>" net472" or " net472; also targets net8.0" for a project MSBuild loaded; empty otherwise.</summary>
    private static string Frameworks(SourceSet project)
        => (project.TargetFramework is { } framework ? " " + framework : string.Empty)
           + (project.OtherTargetFrameworks.IsEmpty ? string.Empty : $"; also targets {string.Join(", ", project.OtherTargetFrameworks)}, not analysed");

    private static void WriteNullable(Utf8JsonWriter json, string name, string? value)
    {
        if (value is null)
        {
            json.WriteNull(name);
        }
        else
        {
            json.WriteString(name, value);
        }
    }

    private static void WriteSummary(Utf8JsonWriter json, EngineSummary summary, IEnumerable<ReportedFinding> findings)
    {
        json.WriteStartObject("summary");
        WriteSummaryProperties(json, summary, findings);
        json.WriteEndObject();
    }

    /// <summary>The summary's properties (JSON report and SARIF run properties): counts, clean mappings, findings by severity and by rule.</summary>
    internal static void WriteSummaryProperties(Utf8JsonWriter json, EngineSummary summary, IEnumerable<ReportedFinding> findings)
    {
        var list = findings.ToList();
        var severities = list.Select(f => f.Severity).ToList();
        json.WriteNumber("serviceContracts", summary.ServiceContracts);
        json.WriteNumber("operations", summary.Operations);
        json.WriteNumber("operationsMappedCleanly", summary.OperationsMappedCleanly);
        json.WriteNumber("dataTypes", summary.DataTypes);
        json.WriteNumber("dataTypesMappedCleanly", summary.DataTypesMappedCleanly);
        json.WriteNumber("restOperations", summary.RestOperations);
        json.WriteNumber("restOperationsKeptExactly", summary.RestOperationsKept);
        json.WriteNumber("errors", severities.Count(s => s == FindingSeverity.Error));
        json.WriteNumber("warnings", severities.Count(s => s == FindingSeverity.Warning));
        json.WriteNumber("infos", severities.Count(s => s == FindingSeverity.Info));
        json.WriteStartObject("findingsByRule");
        foreach (var (rule, count) in FindingsByRule(list))
        {
            json.WriteNumber(rule, count);
        }

        json.WriteEndObject();
    }

    /// <summary>How many findings each rule has, by rule id.</summary>
    internal static IEnumerable<(string Rule, int Count)> FindingsByRule(IEnumerable<ReportedFinding> findings)
        => findings.GroupBy(f => f.RuleId, StringComparer.Ordinal).OrderBy(g => g.Key, StringComparer.Ordinal).Select(g => (g.Key, g.Count()));

    private static void WriteOperations(Utf8JsonWriter json, MigrationOutcome outcome, string name, EquatableArray<OperationModel> operations)
    {
        json.WriteStartArray(name);
        foreach (var operation in operations)
        {
            json.WriteStartObject();
            json.WriteString("name", operation.Name);
            json.WriteBoolean("isOneWay", operation.IsOneWay);
            WritePosition(json, outcome, operation.Position);
            json.WriteEndObject();
        }

        json.WriteEndArray();
    }

    /// <summary>"file", "line" and "column", relative to the input; nulls when the engine knows no place.</summary>
    private static void WritePosition(Utf8JsonWriter json, MigrationOutcome outcome, SourcePosition? position)
    {
        if (position is not null)
        {
            json.WriteString("file", outcome.Input.Relative(position.FilePath));
            json.WriteNumber("line", position.Line);
            json.WriteNumber("column", position.Column);
        }
        else
        {
            json.WriteNull("file");
            json.WriteNull("line");
            json.WriteNull("column");
        }
    }

    private static string At(MigrationOutcome outcome, SourcePosition? position)
        => position is null ? string.Empty : $"at {outcome.Input.Relative(position.FilePath)}:{position.Line}";

    /// <summary>The project a listed item belongs to, as MSBuild marks lines ("[project]"), when the input holds several.</summary>
    private static string Of(MigrationOutcome outcome, ProjectOutcome project)
        => outcome.Input.HasSeveralProjects ? $" [{project.Project.Name}]" : string.Empty;

    /// <summary>How a project was loaded, as the JSON report names it.</summary>
    public static string LoadName(LoadMode load) => load switch
    {
        LoadMode.SdkProjectFile => "sdkProjectFile",
        LoadMode.OldStyleProjectFile => "oldStyleProjectFile",
        LoadMode.MSBuild => "msbuild",
        _ => "looseFiles",
    };

    private static string LoadText(LoadMode load) => load switch
    {
        LoadMode.SdkProjectFile => "SDK-style project file",
        LoadMode.OldStyleProjectFile => "old-style project file",
        LoadMode.MSBuild => "MSBuild",
        _ => "loose files",
    };

    private static int MemberCount(DataTypeModel type) => type.Kind == DataTypeKind.Enum ? type.EnumMembers.Count : type.Members.Count;

    public static string KindName(DataTypeKind kind) => kind switch
    {
        DataTypeKind.DataContract => "dataContract",
        DataTypeKind.Serializable => "serializable",
        DataTypeKind.Inferred => "inferred",
        DataTypeKind.MessageContract => "messageContract",
        _ => "enum",
    };

    public static string SeverityName(FindingSeverity severity) => severity switch
    {
        FindingSeverity.Error => "error",
        FindingSeverity.Warning => "warning",
        _ => "info",
    };

    private static string Plural(int count, string noun) => count == 1 ? $"1 {noun}" : $"{count} {noun}s";
}
