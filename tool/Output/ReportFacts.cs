using System.Reflection;
using MigrateWcf.Generator;
using MigrateWcf.Generator.Model;
using MigrateWcf.Tool.Cli;
using MigrateWcf.Tool.Input;

namespace MigrateWcf.Tool.Output;

/// <summary>What the text, JSON and SARIF reports say the same way: the tool's version, the names of kinds, severities and load modes, counts.</summary>
internal static class ReportFacts
{
    public static string ToolVersion { get; } =
        typeof(ReportFacts).Assembly.GetCustomAttribute<AssemblyInformationalVersionAttribute>()?.InformationalVersion.Split('+')[0] ?? "0.0.0";

    /// <summary>How many findings each rule has, by rule id.</summary>
    internal static IEnumerable<(string Rule, int Count)> FindingsByRule(IEnumerable<ReportedFinding> findings)
        => findings.GroupBy(f => f.RuleId, StringComparer.Ordinal).OrderBy(g => g.Key, StringComparer.Ordinal).Select(g => (g.Key, g.Count()));

    /// <summary>How a project was loaded, as the JSON report names it.</summary>
    public static string LoadName(LoadMode load) => load switch
    {
        LoadMode.SdkProjectFile => "sdkProjectFile",
        LoadMode.OldStyleProjectFile => "oldStyleProjectFile",
        LoadMode.MSBuild => "msbuild",
        _ => "looseFiles",
    };

    public static int MemberCount(DataTypeModel type) => type.Kind == DataTypeKind.Enum ? type.EnumMembers.Count : type.Members.Count;

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
}
