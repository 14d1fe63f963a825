using System.Globalization;
using System.Text.Json.Nodes;
using System.Text.RegularExpressions;

namespace MigrateWcf.Equivalence.Tests.WebHttp;

/// <summary>
/// WCF's JSON as the migrated catalog writes and reads it through gRPC JSON transcoding: the shape changes the engine
/// cannot avoid (docs/webhttp-sample.md, "WCF's JSON against gRPC JSON transcoding"), applied to what the contract
/// promises so that everything else (routes, values, names, status codes) is still compared exactly. Each change is
/// one method here, named for the difference it stands for; anything not listed must be equal.
/// </summary>
public static partial class TranscodedJson
{
    /// <summary>The sample's <c>decimal</c> members (Product.Price, PriceChange.OldPrice / NewPrice, the wrapped newPrice parameter).</summary>
    private static readonly HashSet<string> DecimalMembers = new(StringComparer.Ordinal) { "Price", "OldPrice", "NewPrice", "newPrice" };

    /// <summary>A request as a REST caller of the migrated service has to write it.</summary>
    public static HttpCase Request(HttpCase wcf) =>
        wcf.JsonBody is null ? wcf : wcf with { JsonBody = Values(JsonNode.Parse(wcf.JsonBody))!.ToJsonString() };

    /// <summary>The answer the migrated service gives where WCF gave <paramref name="wcf"/>.</summary>
    public static HttpAnswer Answer(HttpAnswer wcf)
    {
        if (wcf.Body is null)
        {
            // A void result: google.protobuf.Empty, written as {}.
            return HttpAnswer.Json(wcf.Status, "{}");
        }

        JsonNode body = Values(wcf.Body.DeepClone())!;
        // A list result: the response_body is the engine's list message (null and empty differ in WCF), {"items": [...]}.
        if (body is JsonArray list)
        {
            body = new JsonObject { ["items"] = list };
        }

        return HttpAnswer.Json(wcf.Status, body.ToJsonString());
    }

    // Member values whose JSON form differs: decimals and dates, at any depth.
    private static JsonNode? Values(JsonNode? node)
    {
        switch (node)
        {
            case JsonObject obj:
                foreach (var (name, value) in obj.ToList())
                {
                    obj[name] = DecimalMembers.Contains(name) && value is JsonValue number ? DecimalMessage(number) : Values(value);
                }

                return obj;
            case JsonArray array:
                for (int i = 0; i < array.Count; i++)
                {
                    array[i] = Values(array[i]?.DeepClone());
                }

                return array;
            case JsonValue value when value.TryGetValue(out string? text) && WcfDate().Match(text) is { Success: true } date:
                return DateTimeMessage(date);
            default:
                return node;
        }
    }

    /// <summary>WCF's decimal, a JSON number with its scale, is the exact migrate_wcf.Decimal message.</summary>
    private static JsonObject DecimalMessage(JsonValue number)
    {
        decimal value = decimal.Parse(number.ToJsonString(), NumberStyles.Float, CultureInfo.InvariantCulture);
        int[] bits = decimal.GetBits(value);
        ulong low = (uint)bits[0] | ((ulong)(uint)bits[1] << 32);
        return new JsonObject
        {
            ["coefficientLow"] = low,
            ["coefficientHigh"] = (uint)bits[2],
            ["scale"] = (bits[3] >> 16) & 0xFF,
            ["negative"] = bits[3] < 0,
        };
    }

    /// <summary>WCF's "\/Date(ms)\/" (a UTC DateTime) is the migrate_wcf.DateTime message: a Timestamp and the Kind (UTC = 1).</summary>
    private static JsonObject DateTimeMessage(Match date)
    {
        var instant = DateTimeOffset.FromUnixTimeMilliseconds(long.Parse(date.Groups["ms"].Value, CultureInfo.InvariantCulture));
        return new JsonObject
        {
            ["value"] = instant.UtcDateTime.ToString("yyyy-MM-dd'T'HH:mm:ss'Z'", CultureInfo.InvariantCulture),
            ["kind"] = 1,
        };
    }

    // Only the UTC form: the sample's dates are UTC, and a local one ("\/Date(ms+0545)\/") would need the offset handled.
    [GeneratedRegex(@"^/Date\((?<ms>-?\d+)\)/$")]
    private static partial Regex WcfDate();
}
