using System.Reflection;

namespace MigrateWcf.Generator.Corpus.Tests.Infrastructure;

/// <summary>Paths and switches MSBuild bakes into this assembly, so tests find them under any artifacts path.</summary>
internal static class TestEnvironment
{
    private static string? Metadata(string key)
        => typeof(TestEnvironment).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>().SingleOrDefault(a => a.Key == key)?.Value;

    /// <summary>The source folder tests/Corpus (read in place; baselines are written back into it).</summary>
    public static string CorpusRoot { get; } = Metadata("CorpusRoot") is { Length: > 0 } root && Directory.Exists(root)
        ? root
        : throw new InvalidOperationException($"Corpus folder '{Metadata("CorpusRoot")}' not found.");

    /// <summary>The source folder docs/rules (one page per rule id).</summary>
    public static string RulesDocs { get; } = Metadata("RulesDocs") ?? throw new InvalidOperationException("RulesDocs not baked in.");

    /// <summary>The restored Grpc.Tools package folder (holds protoc and the well-known .proto files).</summary>
    public static string GrpcToolsRoot { get; } = Metadata("GrpcToolsRoot") is { Length: > 0 } root && Directory.Exists(root)
        ? root
        : throw new InvalidOperationException($"Grpc.Tools package folder '{Metadata("GrpcToolsRoot")}' not found; run scripts/setup.sh (NuGet restore).");

    /// <summary>The folder holding google/api/annotations.proto and http.proto (restored Google.Api.CommonProtos), as its MSBuild targets add it to Grpc.Tools' import path.</summary>
    public static string GoogleApiProtos { get; } = Metadata("GoogleApiCommonProtosRoot") is { Length: > 0 } root && Directory.Exists(Path.Combine(root, "content", "protos"))
        ? Path.Combine(root, "content", "protos")
        : throw new InvalidOperationException($"Google.Api.CommonProtos package folder '{Metadata("GoogleApiCommonProtosRoot")}' not found; run scripts/setup.sh (NuGet restore).");

    /// <summary>The restored System.ServiceModel.Primitives package folder (its reference assemblies).</summary>
    public static string ServiceModelPrimitivesRoot { get; } = Metadata("ServiceModelPrimitivesRoot") is { Length: > 0 } root && Directory.Exists(root)
        ? root
        : throw new InvalidOperationException($"System.ServiceModel.Primitives package folder '{Metadata("ServiceModelPrimitivesRoot")}' not found.");

    /// <summary>The SDK's targeting packs (Microsoft.NETCore.App.Ref, Microsoft.AspNetCore.App.Ref).</summary>
    public static string TargetingPackRoot { get; } = Metadata("TargetingPackRoot") is { Length: > 0 } root && Directory.Exists(root)
        ? root
        : throw new InvalidOperationException($"Targeting pack folder '{Metadata("TargetingPackRoot")}' not found.");

    /// <summary>runtime/Protos/migrate_wcf/common.proto: the file MigrateWcf.Runtime compiles and ships.</summary>
    public static string RuntimeCommonProto { get; } = Metadata("RuntimeCommonProto") is { Length: > 0 } proto && File.Exists(proto)
        ? proto
        : throw new InvalidOperationException($"The runtime's common.proto '{Metadata("RuntimeCommonProto")}' not found.");

    /// <summary>The Python client of migrate_wcf.Decimal (tests/Generator.Corpus.Tests/Python/decimal_message.py).</summary>
    public static string DecimalPythonScript { get; } = Metadata("DecimalPythonScript") is { Length: > 0 } script && File.Exists(script)
        ? script
        : throw new InvalidOperationException($"Python script '{Metadata("DecimalPythonScript")}' not found.");

    /// <summary>True when baselines are to be rewritten instead of compared: UPDATE_BASELINES=1 or /p:UpdateBaselines=true.</summary>
    public static bool UpdateBaselines
    {
        get
        {
            var env = Environment.GetEnvironmentVariable("UPDATE_BASELINES");
            if (env is "1" || string.Equals(env, "true", StringComparison.OrdinalIgnoreCase))
            {
                return true;
            }

            return string.Equals(Metadata("UpdateBaselines"), "true", StringComparison.OrdinalIgnoreCase);
        }
    }
}
