using System.Reflection;
using System.Runtime.Loader;
using Microsoft.CodeAnalysis;

namespace MigrateWcf.Generator.Corpus.Tests.Infrastructure;

/// <summary>
/// A corpus scenario compiled as a migrated project together with a driver (an embedded <c>Drivers/*.cs</c> file that
/// calls the generated mappers, hosting, client factory and proxies directly), loaded, and its driver's static methods
/// invoked: the emitted C# at work, not only compiled.
/// </summary>
public sealed class DrivenScenario
{
    private readonly Type _driver;

    /// <param name="scenario">The corpus scenario, e.g. <c>NetFramework/EveryConversion</c>.</param>
    /// <param name="driverFile">The embedded driver's file name, e.g. <c>EveryConversionDriver.cs</c>.</param>
    /// <param name="driverType">The driver class's full name.</param>
    /// <param name="references">Assemblies the driver needs beyond the migrated project's (a test library).</param>
    public DrivenScenario(string scenario, string driverFile, string driverType, params Assembly[] references)
    {
        var corpus = CorpusScenario.Get(scenario);
        var result = EngineRun.CSharpRun(corpus);
        var protoc = Protoc.CompileToCSharp(result.ProtoFiles, fatalWarnings: true, grpc: true);
        Assert.True(protoc.ExitCode == 0, protoc.Output);
        using var driver = typeof(DrivenScenario).Assembly.GetManifestResourceStream(driverFile)
            ?? throw new ArgumentException($"No embedded driver '{driverFile}'.", nameof(driverFile));
        var generated = protoc.CSharpFiles.Concat(result.CSharpFiles.Select(f => (f.RelativePath, f.Content))).ToList();
        var legacy = corpus.Sources.Append((driverFile, new StreamReader(driver).ReadToEnd()));
        var moreReferences = references.Append(typeof(Assert).Assembly).Distinct().Select(a => (MetadataReference)MetadataReference.CreateFromFile(a.Location));

        var (problems, image) = MigratedCompilation.Compile(generated, legacy, corpus.AssemblyName + ".Migrated", moreReferences);

        Assert.True(problems.Count == 0, string.Join("\n", problems));
        _driver = AssemblyLoadContext.Default.LoadFromStream(new MemoryStream(image!)).GetType(driverType, throwOnError: true)!;
    }

    /// <summary>Calls the driver's public static <paramref name="method"/>; an exception it throws is rethrown as it is.</summary>
    public object? Invoke(string method, params object[] arguments)
    {
        try
        {
            return _driver.GetMethod(method, BindingFlags.Public | BindingFlags.Static)!.Invoke(null, arguments);
        }
        catch (TargetInvocationException e) when (e.InnerException is not null)
        {
            System.Runtime.ExceptionServices.ExceptionDispatchInfo.Throw(e.InnerException);
            throw;
        }
    }

    /// <summary>Runs <paramref name="use"/> with a Unix socket path in a fresh temporary folder, removed afterwards.</summary>
    public static async Task WithSocketAsync(string prefix, Func<string, Task> use)
    {
        var directory = Path.Combine(Path.GetTempPath(), prefix + Guid.NewGuid().ToString("N")[..12]);
        try
        {
            await use(Path.Combine(directory, "grpc.sock"));
        }
        finally
        {
            if (Directory.Exists(directory))
            {
                Directory.Delete(directory, recursive: true);
            }
        }
    }
}
