using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Text;
using MigrateWcf.Tests.Shared;

namespace MigrateWcf.Generator.Tests;

/// <summary>
/// generator/BannedSymbols.txt, run through the real BannedApiAnalyzers the engine's build uses: console, file,
/// environment and thread APIs are reported (RS0030, an error under warnings-as-errors), the engine's own code is not.
/// </summary>
public class BannedApiTests
{
    private static readonly string BannedSymbols = Path.Combine(Engine.Metadata("RepositoryRoot"), "generator", "BannedSymbols.txt");

    [Theory]
    [InlineData("System.Console.WriteLine(\"x\");")]
    [InlineData("_ = System.IO.File.ReadAllText(\"x\");")]
    [InlineData("_ = System.IO.Directory.Exists(\"x\");")]
    [InlineData("_ = System.IO.Path.GetTempPath();")]
    [InlineData("_ = System.Environment.GetEnvironmentVariable(\"X\");")]
    [InlineData("System.Threading.Tasks.Parallel.For(0, 2, _ => { });")]
    [InlineData("_ = System.Linq.ParallelEnumerable.AsParallel(new[] { 1 });")]
    [InlineData("_ = System.Threading.Tasks.Task.Run(() => 1);")]
    [InlineData("_ = System.Threading.Tasks.Task.Run(() => { });")]
    [InlineData("_ = System.Threading.Tasks.Task.Factory.StartNew(() => { });")]
    [InlineData("_ = new System.Threading.Thread(() => { });")]
    public async Task EngineCode_CannotTouchConsoleFilesEnvironmentOrThreads(string statement)
    {
        var diagnostics = await Analyze($"static class Probe {{ static void Run() {{ {statement} }} }}");
        Assert.Contains(diagnostics, d => d.Id == "RS0030");
    }

    [Fact]
    public async Task PlainCode_IsNotReported()
    {
        var diagnostics = await Analyze("static class Probe { static string Run(string a) => string.Join(\"/\", a.Split('.')); }");
        Assert.DoesNotContain(diagnostics, d => d.Id == "RS0030");
    }

    private static async Task<ImmutableArray<Diagnostic>> Analyze(string source)
    {
        var folder = Engine.Metadata("BannedApiAnalyzers");
        var analyzers = Directory.EnumerateFiles(folder, "*.dll")
            .SelectMany(path => new AnalyzerFileReference(path, AssemblyLoader.Instance).GetAnalyzers(LanguageNames.CSharp))
            .ToImmutableArray();
        Assert.NotEmpty(analyzers);
        var compilation = WcfTestCompilation.Create(source);
        var options = new AnalyzerOptions(ImmutableArray.Create<AdditionalText>(new FileText(BannedSymbols)));
        return await compilation.WithAnalyzers(analyzers, options).GetAnalyzerDiagnosticsAsync();
    }

    private sealed class FileText(string path) : AdditionalText
    {
        public override string Path => path;

        public override SourceText GetText(CancellationToken cancellationToken = default) => SourceText.From(File.ReadAllText(path));
    }

    private sealed class AssemblyLoader : IAnalyzerAssemblyLoader
    {
        public static readonly AssemblyLoader Instance = new();

        public void AddDependencyLocation(string fullPath)
        {
        }

        public System.Reflection.Assembly LoadFromPath(string fullPath) => System.Reflection.Assembly.LoadFrom(fullPath);
    }
}
