using System.Text.Json;

namespace MigrateWcf.Tool.Tests.Infrastructure;

/// <summary>
/// Checks a report against tool/analyze-report.schema.json (shipped beside the tool): every required property present,
/// no property the schema does not list, and the JSON types it names. Enough of JSON Schema to keep the documented
/// shape and the code from drifting apart.
/// </summary>
public static class ReportSchema
{
    private static readonly Lazy<JsonDocument> Schema = new(() =>
        JsonDocument.Parse(File.ReadAllText(Path.Combine(AppContext.BaseDirectory, "analyze-report.schema.json"))));

    public static void AssertConforms(JsonElement report) => Check(report, Schema.Value.RootElement, "$");

    private static void Check(JsonElement value, JsonElement schema, string path)
    {
        if (schema.TryGetProperty("$ref", out var reference))
        {
            // Only local references ("#/$defs/name") are used by our schema.
            var name = reference.GetString()!["#/$defs/".Length..];
            schema = Schema.Value.RootElement.GetProperty("$defs").GetProperty(name);
        }

        if (schema.TryGetProperty("type", out var type))
        {
            var allowed = type.ValueKind == JsonValueKind.Array ? type.EnumerateArray().Select(t => t.GetString()!).ToList() : [type.GetString()!];
            Assert.True(allowed.Contains(TypeName(value)), $"{path}: {TypeName(value)} is not one of {string.Join(", ", allowed)}");
        }

        if (schema.TryGetProperty("enum", out var values))
        {
            Assert.Contains(values.EnumerateArray(), v => v.ToString() == value.ToString());
        }

        if (value.ValueKind == JsonValueKind.Object && schema.TryGetProperty("properties", out var properties))
        {
            if (schema.TryGetProperty("required", out var requiredNames))
            {
                foreach (var required in requiredNames.EnumerateArray())
                {
                    Assert.True(value.TryGetProperty(required.GetString()!, out _), $"{path}: missing required '{required}'");
                }
            }

            foreach (var property in value.EnumerateObject())
            {
                Assert.True(properties.TryGetProperty(property.Name, out var propertySchema), $"{path}: '{property.Name}' is not in the schema");
                Check(property.Value, propertySchema, $"{path}.{property.Name}");
            }
        }

        if (value.ValueKind == JsonValueKind.Array && schema.TryGetProperty("items", out var items))
        {
            var index = 0;
            foreach (var item in value.EnumerateArray())
            {
                Check(item, items, $"{path}[{index++}]");
            }
        }
    }

    private static string TypeName(JsonElement value) => value.ValueKind switch
    {
        JsonValueKind.Object => "object",
        JsonValueKind.Array => "array",
        JsonValueKind.String => "string",
        JsonValueKind.Number => value.TryGetInt64(out _) ? "integer" : "number",
        JsonValueKind.True or JsonValueKind.False => "boolean",
        _ => "null",
    };
}
