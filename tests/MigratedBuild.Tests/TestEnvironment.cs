using System.Reflection;

namespace MigrateWcf.MigratedBuild.Tests;

/// <summary>Paths and settings baked into this assembly at build time (see the project file).</summary>
internal static class TestEnvironment
{
    public static string RepositoryRoot { get; } = Metadata("RepositoryRoot");

    /// <summary>tests/ServiceProjects: one folder per case.</summary>
    public static string ServiceProjects { get; } = Path.Combine(RepositoryRoot, "tests", "ServiceProjects");

    public static string RuntimeProject { get; } = Path.Combine(RepositoryRoot, "runtime", "MigrateWcf.Runtime.csproj");

    /// <summary>google/api/*.proto, imported by the .proto files of REST operations.</summary>
    public static string GoogleApiProtos { get; } = Metadata("GoogleApiProtos");

    /// <summary>The configuration this assembly was built in; the migrated projects build in it too, so runtime/ is already built.</summary>
    public static string BuildConfiguration { get; } = Metadata("BuildConfiguration");

    /// <summary>
    /// The engine the migrated projects' build-time targets run (<c>MigrateWcfEngine</c>): tool/ as the solution built
    /// it in this configuration, rather than a build of tool/ inside each case's build.
    /// </summary>
    public static string Engine { get; } = Metadata("BuiltEngine");

    private static string Metadata(string key)
        => typeof(TestEnvironment).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>().SingleOrDefault(a => a.Key == key)?.Value
           ?? throw new InvalidOperationException($"{key} not baked in.");
}
