using System.Globalization;
using System.Text.Json.Nodes;

namespace LegacyWcf.Tests;

/// <summary>Reading the transcript's value forms (see the client's Dump): decimals as exact text, DateTimes as ticks + Kind.</summary>
internal static class Json
{
    public static JsonObject Obj(this JsonNode? node, string name) =>
        node?[name]?.AsObject() ?? throw new Xunit.Sdk.XunitException($"missing object '{name}' in {node?.ToJsonString()}");

    public static JsonArray Arr(this JsonNode? node, string name) =>
        node?[name]?.AsArray() ?? throw new Xunit.Sdk.XunitException($"missing array '{name}' in {node?.ToJsonString()}");

    public static string Str(this JsonNode? node, string name) =>
        node?[name]?.GetValue<string>() ?? throw new Xunit.Sdk.XunitException($"missing string '{name}' in {node?.ToJsonString()}");

    public static long Long(this JsonNode? node, string name) =>
        node?[name]?.GetValue<long>() ?? throw new Xunit.Sdk.XunitException($"missing number '{name}' in {node?.ToJsonString()}");

    /// <summary>A transcript decimal: parsing the invariant text keeps its scale, so ToString gives the same text back.</summary>
    public static decimal Dec(this JsonNode? node, string name) => decimal.Parse(node.Str(name), NumberStyles.Number, CultureInfo.InvariantCulture);

    /// <summary>Exact text of a decimal, with its scale (19.990 stays 19.990).</summary>
    public static string Text(this decimal value) => value.ToString(CultureInfo.InvariantCulture);

    public static bool IsNull(this JsonNode? node, string name) => node is JsonObject o && o.ContainsKey(name) && o[name] is null;

    /// <summary>A copy of <paramref name="node"/> without the named members.</summary>
    public static JsonObject Without(this JsonObject node, params string[] names)
    {
        var copy = node.DeepClone().AsObject();
        foreach (string name in names)
        {
            copy.Remove(name);
        }

        return copy;
    }

    /// <summary>Deep equality with both texts in the failure message.</summary>
    public static void AssertSame(JsonNode? expected, JsonNode? actual, string what)
    {
        Assert.True(
            JsonNode.DeepEquals(expected, actual),
            $"{what} differ.\nsent:     {expected?.ToJsonString()}\nreceived: {actual?.ToJsonString()}");
    }
}
