using System.Reflection;
using System.Text;
using System.Text.Encodings.Web;
using System.Text.Json;
using MigrateWcf.Generator;
using MigrateWcf.Generator.Model;
using MigrateWcf.Tool.Cli;

namespace MigrateWcf.Tool.Output;

/// <summary>
/// Prints what <c>analyze</c> found, as text for people or as JSON whose shape is documented in tool/README.md and
/// tool/analyze-report.schema.json. Changing the JSON shape means bumping <see cref="SchemaVersion"/>.
/// </summary>
internal static class AnalysisReport
{
    public const int SchemaVersion = 1;

    public static string ToolVersion { get; } =
        typeof(AnalysisReport).Assembly.GetCustomAttribute<AssemblyInformationalVersionAttribute>()?.InformationalVersion.Split('+')[0] ?? "0.0.0";

    public static void WriteText(MigrationOutcome outcome, string inputPath, TextWriter output)
    {
        var summary = outcome.Result.Summary;
        output.WriteLine($"{MigrateWcfCommandLine.ToolName} analyze: {inputPath} ({Plural(outcome.Sources.Files.Length, "C# file")})");
        output.WriteLine();
        output.WriteLine($"  Service contracts  {summary.ServiceContracts,6}");
        output.WriteLine($"  Operations         {summary.Operations,6}   {summary.OperationsMappedCleanly} map cleanly");
        output.WriteLine($"  Data types         {summary.DataTypes,6}   {summary.DataTypesMappedCleanly} map cleanly");
        output.WriteLine();

        var model = outcome.Result.Model;
        if (model.Services.Count > 0)
        {
            output.WriteLine("Service contracts:");
            foreach (var service in model.Services)
            {
                output.WriteLine($"  {service.Key} ({Plural(service.Operations.Count, "operation")}) {At(outcome, service.Position)}");
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

        if (model.DataTypes.Count > 0)
        {
            output.WriteLine("Data types:");
            foreach (var type in model.DataTypes)
            {
                output.WriteLine($"  {type.Key} ({KindName(type.Kind)}, {Plural(MemberCount(type), "member")}) {At(outcome, type.Position)}");
            }

            output.WriteLine();
        }

        var errors = outcome.Count(FindingSeverity.Error);
        var warnings = outcome.Count(FindingSeverity.Warning);
        var infos = outcome.Count(FindingSeverity.Info);
        output.WriteLine($"Findings: {Plural(errors, "error")}, {Plural(warnings, "warning")}, {infos} info");
        foreach (var finding in outcome.Findings)
        {
            output.WriteLine($"  {outcome.Format(finding)}");
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
            var summary = outcome.Result.Summary;
            json.WriteStartObject();
            json.WriteNumber("schemaVersion", SchemaVersion);
            json.WriteString("tool", MigrateWcfCommandLine.ToolName);
            json.WriteString("toolVersion", ToolVersion);
            json.WriteString("input", inputPath);
            json.WriteNumber("sourceFiles", outcome.Sources.Files.Length);

            json.WriteStartObject("summary");
            json.WriteNumber("serviceContracts", summary.ServiceContracts);
            json.WriteNumber("operations", summary.Operations);
            json.WriteNumber("operationsMappedCleanly", summary.OperationsMappedCleanly);
            json.WriteNumber("dataTypes", summary.DataTypes);
            json.WriteNumber("dataTypesMappedCleanly", summary.DataTypesMappedCleanly);
            json.WriteNumber("errors", outcome.Count(FindingSeverity.Error));
            json.WriteNumber("warnings", outcome.Count(FindingSeverity.Warning));
            json.WriteNumber("infos", outcome.Count(FindingSeverity.Info));
            json.WriteEndObject();

            var model = outcome.Result.Model;
            json.WriteStartArray("services");
            foreach (var service in model.Services)
            {
                json.WriteStartObject();
                json.WriteString("key", service.Key);
                json.WriteString("name", service.Name);
                json.WriteString("contractNamespace", service.ContractNamespace);
                WritePosition(json, outcome, service.Position);
                WriteOperations(json, outcome, "operations", service.Operations);
                WriteOperations(json, outcome, "callbackOperations", service.CallbackOperations);
                json.WriteEndObject();
            }

            json.WriteEndArray();

            json.WriteStartArray("dataTypes");
            foreach (var type in model.DataTypes)
            {
                json.WriteStartObject();
                json.WriteString("key", type.Key);
                json.WriteString("kind", KindName(type.Kind));
                json.WriteNumber("members", MemberCount(type));
                WritePosition(json, outcome, type.Position);
                json.WriteEndObject();
            }

            json.WriteEndArray();

            json.WriteStartArray("findings");
            foreach (var finding in outcome.Findings)
            {
                json.WriteStartObject();
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
            json.WriteString("file", outcome.Sources.Relative(position.FilePath));
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
        => position is null ? string.Empty : $"at {outcome.Sources.Relative(position.FilePath)}:{position.Line}";

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
