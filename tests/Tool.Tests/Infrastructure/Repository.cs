using System.Reflection;

namespace MigrateWcf.Tool.Tests.Infrastructure;

/// <summary>The repository these tests were built from (recorded at build time), for files the tests read from it.</summary>
public static class Repository
{
    public static string Folder { get; } =
        typeof(Repository).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>().Single(a => a.Key == "RepositoryFolder").Value!;
}
