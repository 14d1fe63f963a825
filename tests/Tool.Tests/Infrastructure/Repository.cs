using System.Reflection;

namespace MigrateWcf.Tool.Tests.Infrastructure;

/// <summary>The repository this test assembly was built from (baked in at build time).</summary>
public static class Repository
{
    public static string Root { get; } = typeof(Repository).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>()
        .SingleOrDefault(a => a.Key == "RepositoryRoot")?.Value ?? throw new InvalidOperationException("RepositoryRoot not baked in.");

    public static string Combine(params string[] parts) => Path.Combine([Root, .. parts]);
}
