using System.Text;
using System.Text.Encodings.Web;
using System.Text.Json;
using MigrateWcf.Generator;
using MigrateWcf.Generator.Model;
using MigrateWcf.Tool.Cli;

namespace MigrateWcf.Tool.Output;

/// <summary>
/// Prints what <c>analyze</c> found as JSON whose shape is documented in tool/README.md and
/// tool/analyze-report.schema.json. Changing the JSON shape means bumping <see cref="SchemaVersion"/>.
/// </summary>
internal static class AnalysisJsonReport
{
    public const int SchemaVersion = 2;

    public static void Write(MigrationOutcome outcome, string inputPath, TextWriter output)
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
            json.WriteString("toolVersion", ReportFacts.ToolVersion);
            json.WriteString("input", inputPath);
            json.WriteNumber("sourceFiles", input.FileCount);
            WriteSummary(json, outcome.Summary, outcome.Findings.Select(f => f.Finding));

            json.WriteStartArray("projects");
            foreach (var project in outcome.Projects)
            {
                json.WriteStartObject();
                json.WriteString("name", project.Project.Name);
                json.WriteString("path", input.Origin(project.Project));
                json.WriteString("load", ReportFacts.LoadName(project.Project.Load));
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
                    json.WriteString("kind", ReportFacts.KindName(type.Kind));
                    json.WriteNumber("members", ReportFacts.MemberCount(type));
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
                json.WriteString("severity", ReportFacts.SeverityName(finding.Severity));
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
        foreach (var (rule, count) in ReportFacts.FindingsByRule(list))
        {
            json.WriteNumber(rule, count);
        }

        json.WriteEndObject();
    }

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
}
