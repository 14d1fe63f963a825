using System.Reflection;
using MigrateWcf.Generator.Mapping;
using MigrateWcf.Generator.Rules;
using MigrateWcf.Tests.Shared;

namespace MigrateWcf.Generator.Tests;

/// <summary>Runs the real engine over a real net472 compilation and reads the result.</summary>
internal static class Engine
{
    public static EngineResult Run(string source, string? lockText = null, bool withCoreWcf = false)
        => MigrationEngine.Run(WcfTestCompilation.Create(source, withCoreWcf), new EngineOptions(lockText));

    public static string AllProto(this EngineResult result) => string.Join("\n", result.ProtoFiles.Select(f => f.Content));

    public static string File(this EngineResult result, string relativePath)
        => result.ProtoFiles.Single(f => f.RelativePath == relativePath).Content;

    public static ProtoMessage Message(this EngineResult result, string name)
        => result.Proto.SelectMany(f => f.Definitions).Select(d => d.Message).Single(m => m?.Name == name)!;

    public static ProtoEnum Enum(this EngineResult result, string name)
        => result.Proto.SelectMany(f => f.Definitions).Select(d => d.Enum).Single(e => e?.Name == name)!;

    public static ProtoField Field(this EngineResult result, string message, string field)
        => result.Message(message).Fields.Concat(result.Message(message).Oneofs.SelectMany(o => o.Fields)).Single(f => f.Name == field);

    public static ProtoService Service(this EngineResult result, string name)
        => result.Proto.SelectMany(f => f.Services).Single(s => s.Name == name);

    public static ProtoRpc Rpc(this EngineResult result, string service, string rpc)
        => result.Service(service).Rpcs.Single(r => r.Name == rpc);

    /// <summary>A finding's text as front ends print it (formatted from the rule catalog).</summary>
    public static string Text(this Finding finding) => RuleCatalog.Format(finding);

    public static IReadOnlyList<Finding> FindingsOf(this EngineResult result, string ruleId)
        => result.Findings.Where(f => f.RuleId == ruleId).ToList();

    public static string Metadata(string key)
        => typeof(Engine).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>().Single(a => a.Key == key).Value!;
}
