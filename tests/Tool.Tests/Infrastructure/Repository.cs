using System.Reflection;

namespace MigrateWcf.Tool.Tests.Infrastructure;

/// <summary>The repository these tests were built from (recorded at build time), for files the tests read from it.</summary>
public static class Repository
{
    public static string Root { get; } = typeof(Repository).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>()
        .SingleOrDefault(a => a.Key == "RepositoryRoot")?.Value ?? throw new InvalidOperationException("RepositoryRoot not baked in.");

    /// <summary>The same folder (the name some tests use).</summary>
    public static string Folder => Root;

    public static string Combine(params string[] parts) => Path.Combine([Root, .. parts]);
}
