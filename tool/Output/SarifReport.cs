using System.Security.Cryptography;
using System.Text;
using System.Text.Encodings.Web;
using System.Text.Json;
using MigrateWcf.Generator;
using MigrateWcf.Generator.Rules;
using MigrateWcf.Tool.Cli;
using MigrateWcf.Tool.Input;

namespace MigrateWcf.Tool.Output;

/// <summary>
/// <c>analyze --format sarif</c>: a SARIF 2.1.0 log (OASIS), the format code-scanning services and IDEs read. One run;
/// the tool's rules come from the one rule catalog, each with its help page under <c>docs/rules/</c>; file locations are
/// relative to the repository root (the nearest folder above the input holding <c>.git</c>, else the input's folder)
/// through the <c>SRCROOT</c> base id; each result has a fingerprint that does not depend on line numbers or run order, so
/// a code-scanning service recognises the same finding across runs and edits elsewhere in the file.
/// </summary>
internal static class SarifReport
{
    public const string SchemaUri = "https://json.schemastore.org/sarif-2.1.0.json";
    public const string RootBaseId = "SRCROOT";
    public const string FingerprintName = "migrateWcf/v1";

    public static void Write(MigrationOutcome outcome, TextWriter output)
    {
        var input = outcome.Input;
        var root = RepositoryRoot(input.RootDirectory);
        var usedCompilerIds = outcome.Findings.Select(f => f.Finding.RuleId).Where(id => !RuleCatalog.TryGet(id, out _)).Distinct(StringComparer.Ordinal).Order(StringComparer.Ordinal).ToList();
        var ruleIndex = RuleCatalog.All.Select(r => r.Id).Concat(usedCompilerIds).Select((id, i) => (id, i)).ToDictionary(x => x.id, x => x.i, StringComparer.Ordinal);

        var buffer = new MemoryStream();
        using (var json = new Utf8JsonWriter(buffer, new JsonWriterOptions { Indented = true, Encoder = JavaScriptEncoder.UnsafeRelaxedJsonEscaping }))
        {
            json.WriteStartObject();
            json.WriteString("$schema", SchemaUri);
            json.WriteString("version", "2.1.0");
            json.WriteStartArray("runs");
            json.WriteStartObject();

            json.WriteStartObject("tool");
            json.WriteStartObject("driver");
            json.WriteString("name", MigrateWcfCommandLine.ToolName);
            json.WriteString("version", ReportFacts.ToolVersion);
            json.WriteString("semanticVersion", ReportFacts.ToolVersion);
            json.WriteString("informationUri", RuleCatalog.HelpBaseUri + "README.md");
            json.WriteStartArray("rules");
            foreach (var rule in RuleCatalog.All)
            {
                WriteRule(json, rule.Id, rule.Title, rule.GrpcInstead, rule.HelpLink, rule.Severity, rule.Category);
            }

            foreach (var id in usedCompilerIds)
            {
                WriteRule(json, id, "C# compiler error", "The source does not parse; the engine cannot read what it cannot parse.", $"https://learn.microsoft.com/dotnet/csharp/misc/{id.ToLowerInvariant()}", FindingSeverity.Error, "Compiler");
            }

            json.WriteEndArray();
            json.WriteEndObject();
            json.WriteEndObject();

            json.WriteStartObject("originalUriBaseIds");
            json.WriteStartObject(RootBaseId);
            json.WriteString("uri", new Uri(root.EndsWith(Path.DirectorySeparatorChar) ? root : root + Path.DirectorySeparatorChar).AbsoluteUri);
            json.WriteEndObject();
            json.WriteEndObject();

            json.WriteStartArray("invocations");
            json.WriteStartObject();
            json.WriteBoolean("executionSuccessful", true);
            json.WriteEndObject();
            json.WriteEndArray();

            json.WriteStartArray("results");
            var occurrences = new Dictionary<string, int>(StringComparer.Ordinal);
            foreach (var (project, finding) in outcome.Findings)
            {
                json.WriteStartObject();
                json.WriteString("ruleId", finding.RuleId);
                json.WriteNumber("ruleIndex", ruleIndex[finding.RuleId]);
                json.WriteString("level", Level(finding.Severity));
                json.WriteStartObject("message");
                json.WriteString("text", finding.Message);
                json.WriteEndObject();

                // A finding without a source place points at its project (file or folder), since code scanning wants a location.
                var primary = finding.Position is { } p ? (p.FilePath, (int?)p.Line, (int?)p.Column) : (project.Project.ProjectFile ?? project.Project.Folder, null, null);
                json.WriteStartArray("locations");
                WriteLocation(json, root, primary.Item1, primary.Item2, primary.Item3);
                json.WriteEndArray();
                if (!finding.AdditionalPositions.IsEmpty)
                {
                    json.WriteStartArray("relatedLocations");
                    foreach (var position in finding.AdditionalPositions)
                    {
                        WriteLocation(json, root, position.FilePath, position.Line, position.Column);
                    }

                    json.WriteEndArray();
                }

                // Line numbers stay out of the fingerprint: an edit above a finding must not make it a new one.
                var identity = string.Join('\0', finding.RuleId, project.Project.Name, RelativeUri(root, primary.Item1), finding.Message);
                var occurrence = occurrences[identity] = occurrences.GetValueOrDefault(identity) + 1;
                json.WriteStartObject("partialFingerprints");
                json.WriteString(FingerprintName, Convert.ToHexStringLower(SHA256.HashData(Encoding.UTF8.GetBytes(identity + '\0' + occurrence)))[..32]);
                json.WriteEndObject();

                json.WriteStartObject("properties");
                json.WriteString("project", project.Project.Name);
                json.WriteEndObject();
                json.WriteEndObject();
            }

            json.WriteEndArray();

            json.WriteStartObject("properties");
            json.WriteStartObject("summary");
            AnalysisJsonReport.WriteSummaryProperties(json, outcome.Summary, outcome.Findings.Select(f => f.Finding));
            json.WriteNumber("projects", outcome.Projects.Length);
            json.WriteEndObject();
            json.WriteEndObject();

            json.WriteEndObject();
            json.WriteEndArray();
            json.WriteEndObject();
        }

        output.WriteLine(Encoding.UTF8.GetString(buffer.GetBuffer(), 0, (int)buffer.Length));
    }

    private static void WriteRule(Utf8JsonWriter json, string id, string title, string fullDescription, string helpUri, FindingSeverity severity, string category)
    {
        json.WriteStartObject();
        json.WriteString("id", id);
        json.WriteString("name", string.Concat(title.Split(' ', '-', '[', ']', '(', ')', '/', ',').Where(w => w.Length > 0).Select(w => char.ToUpperInvariant(w[0]) + w[1..])));
        json.WriteStartObject("shortDescription");
        json.WriteString("text", title);
        json.WriteEndObject();
        json.WriteStartObject("fullDescription");
        json.WriteString("text", fullDescription);
        json.WriteEndObject();
        json.WriteString("helpUri", helpUri);
        json.WriteStartObject("defaultConfiguration");
        json.WriteString("level", Level(severity));
        json.WriteEndObject();
        json.WriteStartObject("properties");
        json.WriteString("category", category);
        json.WriteEndObject();
        json.WriteEndObject();
    }

    private static void WriteLocation(Utf8JsonWriter json, string root, string path, int? line, int? column)
    {
        json.WriteStartObject();
        json.WriteStartObject("physicalLocation");
        json.WriteStartObject("artifactLocation");
        json.WriteString("uri", RelativeUri(root, path));
        json.WriteString("uriBaseId", RootBaseId);
        json.WriteEndObject();
        if (line is { } startLine)
        {
            json.WriteStartObject("region");
            json.WriteNumber("startLine", startLine);
            if (column is { } startColumn)
            {
                json.WriteNumber("startColumn", startColumn);
            }

            json.WriteEndObject();
        }

        json.WriteEndObject();
        json.WriteEndObject();
    }

    /// <summary>A path relative to the repository root as a relative URI reference: '/' separators, each segment escaped.</summary>
    internal static string RelativeUri(string root, string path)
        => string.Join('/', Path.GetRelativePath(root, path).Split(Path.DirectorySeparatorChar).Select(Uri.EscapeDataString));

    /// <summary>The nearest folder at or above <paramref name="folder"/> holding <c>.git</c> (a folder, or a file in a worktree); else the folder itself.</summary>
    internal static string RepositoryRoot(string folder)
    {
        for (var current = folder; current is not null; current = Path.GetDirectoryName(current))
        {
            var git = Path.Combine(current, ".git");
            if (Directory.Exists(git) || File.Exists(git))
            {
                return current;
            }
        }

        return folder;
    }

    private static string Level(FindingSeverity severity) => severity switch
    {
        FindingSeverity.Error => "error",
        FindingSeverity.Warning => "warning",
        _ => "note",
    };
}
