using Microsoft.CodeAnalysis.CSharp;

namespace MigrateWcf.Generator.Corpus.Tests.Infrastructure;

/// <summary>
/// One folder of the contract corpus: every <c>.cs</c> file below it (except its <c>expected/</c> baselines) forms one
/// compilation, and its <c>.config</c> files (app.config, web.config) are passed to the engine as configuration. The
/// group folder decides how it is compiled: <c>CoreWcf/</c> adds CoreWCF's declarations, <c>Broken/</c> holds scenarios
/// that are meant not to compile.
/// </summary>
public sealed class CorpusScenario
{
    public const string CoreWcfGroup = "CoreWcf";
    public const string BrokenGroup = "Broken";
    public const string ExpectedFolder = "expected";

    /// <summary>The checked-in C# baselines of the few scenarios <c>CSharpBaselineTests</c> covers.</summary>
    public const string ExpectedCSharpFolder = "expected-csharp";

    private CorpusScenario(string name, string directory, IReadOnlyList<(string Path, string Text)> sources, IReadOnlyList<(string Path, string Text)> configurationFiles)
    {
        Name = name;
        Directory = directory;
        Sources = sources;
        ConfigurationFiles = configurationFiles;
    }

    /// <summary>Group and scenario, e.g. <c>NetFramework/DuplexStockTicker</c>.</summary>
    public string Name { get; }

    public string Directory { get; }

    /// <summary>Sources with paths relative to the corpus root (forward slashes), as findings report them.</summary>
    public IReadOnlyList<(string Path, string Text)> Sources { get; }

    /// <summary>The scenario's .config files, with paths relative to the corpus root, as findings report them.</summary>
    public IReadOnlyList<(string Path, string Text)> ConfigurationFiles { get; }

    /// <summary>The engine's options for this scenario: its configuration files, and the given lock file.</summary>
    public EngineOptions Options(string? lockFileText = null)
        => new(lockFileText) { ConfigurationFiles = ConfigurationFiles.Select(f => new ConfigurationFile(f.Path, f.Text)).ToList() };

    public string Group => Name.Split('/')[0];

    public bool WithCoreWcf => Group == CoreWcfGroup;

    public bool IsBroken => Group == BrokenGroup;

    public string ExpectedDirectory => Path.Combine(Directory, ExpectedFolder);

    public string ExpectedCSharpDirectory => Path.Combine(Directory, ExpectedCSharpFolder);

    public override string ToString() => Name;

    /// <summary>Compiles the scenario's sources in the given order against the net472 reference set.</summary>
    public CSharpCompilation Compile(IEnumerable<(string Path, string Text)>? sources = null)
        => MigrateWcf.Tests.Shared.WcfTestCompilation.Create(sources ?? Sources, WithCoreWcf, assemblyName: AssemblyName);

    /// <summary>A per-scenario assembly name, so generated output never depends on the test harness's choice.</summary>
    public string AssemblyName => "Corpus." + Name.Replace('/', '.');

    private static readonly Lazy<IReadOnlyList<CorpusScenario>> AllScenarios = new(Discover);

    public static IReadOnlyList<CorpusScenario> All => AllScenarios.Value;

    public static CorpusScenario Get(string name)
        => All.SingleOrDefault(s => s.Name == name) ?? throw new ArgumentException($"No corpus scenario '{name}'.", nameof(name));

    /// <summary>Scenario names for xunit theories (strings, so each case is listed and rerunnable on its own).</summary>
    public static TheoryData<string> Names(Func<CorpusScenario, bool>? filter = null)
    {
        var data = new TheoryData<string>();
        foreach (var scenario in All.Where(filter ?? (_ => true)))
        {
            data.Add(scenario.Name);
        }

        return data;
    }

    private static IReadOnlyList<CorpusScenario> Discover()
    {
        var root = TestEnvironment.CorpusRoot;
        var scenarios = new List<CorpusScenario>();
        foreach (var group in System.IO.Directory.EnumerateDirectories(root).OrderBy(d => d, StringComparer.Ordinal))
        {
            foreach (var folder in System.IO.Directory.EnumerateDirectories(group).OrderBy(d => d, StringComparer.Ordinal))
            {
                List<(string, string)> Files(string pattern) => System.IO.Directory.EnumerateFiles(folder, pattern, SearchOption.AllDirectories)
                    .Where(f => !Path.GetRelativePath(folder, f).Split(Path.DirectorySeparatorChar).Any(part => part is ExpectedFolder or ExpectedCSharpFolder))
                    .OrderBy(f => f, StringComparer.Ordinal)
                    .Select(f => (Relative(root, f), Normalize(File.ReadAllText(f))))
                    .ToList();
                var sources = Files("*.cs");
                if (sources.Count > 0)
                {
                    scenarios.Add(new CorpusScenario(Relative(root, folder), folder, sources, Files("*.config")));
                }
            }
        }

        return scenarios;
    }

    private static string Relative(string root, string path) => Path.GetRelativePath(root, path).Replace('\\', '/');

    // A checkout with CRLF line endings must produce the same output as one with LF.
    private static string Normalize(string text) => text.Replace("\r\n", "\n");
}
