using System.Reflection;
using System.Text;
using System.Text.Encodings.Web;
using System.Text.Json;
using MigrateWcf.Generator;
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

            json.WriteStartArray("findings");
            foreach (var finding in outcome.Findings)
            {
                json.WriteStartObject();
                json.WriteString("ruleId", finding.RuleId);
                json.WriteString("severity", SeverityName(finding.Severity));
                json.WriteString("message", finding.Message);
                if (finding.Position is { } position)
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

                json.WriteEndObject();
            }

            json.WriteEndArray();
            json.WriteEndObject();
        }

        output.WriteLine(Encoding.UTF8.GetString(buffer.GetBuffer(), 0, (int)buffer.Length));
    }

    public static string SeverityName(FindingSeverity severity) => severity switch
    {
        FindingSeverity.Error => "error",
        FindingSeverity.Warning => "warning",
        _ => "info",
    };

    private static string Plural(int count, string noun) => count == 1 ? $"1 {noun}" : $"{count} {noun}s";
}
