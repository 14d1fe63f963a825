using System.Reflection;
using System.Runtime.CompilerServices;

namespace MigrateWcf.Tool.Tests.Infrastructure;

/// <summary>
/// Every <c>dotnet build</c> these tests start of a build-time migrated project (generate's verification, the tests' own)
/// runs the engine the solution's build made (<c>MigrateWcfEngine</c>, an environment variable MSBuild reads as a
/// property), rather than building tool/ in the test's configuration: several such builds of one project at once, from
/// test classes running side by side, would race on its obj/. <see cref="BuildTimeGenerationTests"/> removes it, to test
/// the targets' own way of finding the engine.
/// </summary>
internal static class BuildEngine
{
    public const string Variable = "MigrateWcfEngine";

    public static string Path { get; } = Metadata("BuiltEngine");

    /// <summary>The folder of the MigrateWcf analyzers as the solution built them (the analyzer and the engine it runs).</summary>
    public static string AnalyzerFolder { get; } = System.IO.Path.GetDirectoryName(Metadata("BuiltAnalyzers"))!;

    private static string Metadata(string key)
        => typeof(BuildEngine).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>().Single(a => a.Key == key).Value!;

#pragma warning disable CA2255 // A test assembly's set-up: every test, in any order, starts builds that must see it.
    [ModuleInitializer]
    internal static void UseTheBuiltEngine() => Environment.SetEnvironmentVariable(Variable, Path);
#pragma warning restore CA2255
}
