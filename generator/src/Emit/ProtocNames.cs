using System.Collections.Generic;
using System.Text;
using MigrateWcf.Generator.Mapping;

namespace MigrateWcf.Generator.Emit;

/// <summary>
/// The C# names Grpc.Tools' protoc and its grpc_csharp plugin give to proto definitions: message classes keep the
/// message name, fields become PascalCase properties (with '_' appended when they would meet the class name or a member
/// every message has), oneofs get <c>{Name}Case</c> and an enum <c>{Name}OneofCase</c>, enum values lose the enum's
/// name as prefix, services become a static class with nested <c>{Service}Base</c> and <c>{Service}Client</c>. The
/// generated C# compiles against protoc's output, so these follow protoc exactly; the tests compile every output.
/// </summary>
internal static class ProtocNames
{
    // Members every generated message declares or overrides: a field of that name gets '_' appended.
    private static readonly HashSet<string> ReservedMemberNames = new()
    {
        "Types", "Descriptor", "Equals", "ToString", "GetHashCode", "WriteTo", "Clone", "CalculateSize", "MergeFrom", "OnConstruction", "Parser",
    };

    /// <summary>The property of <paramref name="field"/> in the class of <paramref name="message"/>.</summary>
    public static string Property(ProtoField field, ProtoMessage message) => Property(field.Name, message.Name);

    public static string Property(string fieldName, string messageName)
    {
        var property = UnderscoresToPascalCase(fieldName);
        return property == messageName || ReservedMemberNames.Contains(property) ? property + "_" : property;
    }

    /// <summary>The <c>Has…</c> property of a proto3 <c>optional</c> field.</summary>
    public static string HasProperty(ProtoField field, ProtoMessage message) => "Has" + Property(field, message);

    /// <summary>The property telling which case of a oneof is set: <c>SubtypeCase</c>.</summary>
    public static string OneofCaseProperty(ProtoOneof oneof) => UnderscoresToPascalCase(oneof.Name) + "Case";

    /// <summary>The nested enum of a oneof's cases: <c>SubtypeOneofCase</c>.</summary>
    public static string OneofCaseEnum(ProtoOneof oneof) => UnderscoresToPascalCase(oneof.Name) + "OneofCase";

    public static string ServiceBase(ProtoService service) => service.Name + "Base";

    public static string ServiceClient(ProtoService service) => service.Name + "Client";

    /// <summary>protoc's UnderscoresToPascalCase: letters after '_' or a digit are capitalised, other characters kept.</summary>
    public static string UnderscoresToPascalCase(string input)
    {
        var result = new StringBuilder(input.Length);
        var capitaliseNext = true;
        foreach (var c in input)
        {
            if (c is >= 'a' and <= 'z')
            {
                result.Append(capitaliseNext ? (char)(c - 'a' + 'A') : c);
                capitaliseNext = false;
            }
            else if (c is >= 'A' and <= 'Z')
            {
                result.Append(c);
                capitaliseNext = false;
            }
            else if (c is >= '0' and <= '9')
            {
                result.Append(c);
                capitaliseNext = true;
            }
            else
            {
                capitaliseNext = true;
            }
        }

        return result.ToString();
    }

    private static string EnumValue(string enumName, string valueName)
    {
        var result = ShoutyToPascalCase(TryRemovePrefix(enumName, valueName));
        return result.Length > 0 && char.IsDigit(result[0]) ? "_" + result : result;
    }

    private static string TryRemovePrefix(string prefix, string value)
    {
        var toMatch = new StringBuilder();
        foreach (var c in prefix)
        {
            if (c != '_')
            {
                toMatch.Append(char.ToLowerInvariant(c));
            }
        }

        int prefixIndex = 0, valueIndex = 0;
        for (; prefixIndex < toMatch.Length && valueIndex < value.Length; valueIndex++)
        {
            if (value[valueIndex] == '_')
            {
                continue;
            }

            if (char.ToLowerInvariant(value[valueIndex]) != toMatch[prefixIndex++])
            {
                return value;
            }
        }

        if (prefixIndex < toMatch.Length)
        {
            return value;
        }

        while (valueIndex < value.Length && value[valueIndex] == '_')
        {
            valueIndex++;
        }

        return valueIndex == value.Length ? value : value.Substring(valueIndex);
    }

    private static string ShoutyToPascalCase(string input)
    {
        var result = new StringBuilder(input.Length);
        var previous = '_';
        foreach (var current in input)
        {
            if (!IsAsciiLetterOrDigit(current))
            {
                previous = current;
                continue;
            }

            if (!IsAsciiLetterOrDigit(previous) || (previous is >= '0' and <= '9'))
            {
                result.Append(char.ToUpperInvariant(current));
            }
            else if (previous is >= 'a' and <= 'z')
            {
                result.Append(current);
            }
            else
            {
                result.Append(char.ToLowerInvariant(current));
            }

            previous = current;
        }

        return result.ToString();
    }

    private static bool IsAsciiLetterOrDigit(char c) => c is >= 'a' and <= 'z' or >= 'A' and <= 'Z' or >= '0' and <= '9';
}
