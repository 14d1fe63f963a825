using Microsoft.CodeAnalysis;
using MigrateWcf.Generator.Corpus.Tests.Infrastructure;

namespace MigrateWcf.Generator.Corpus.Tests;

/// <summary>
/// The engine answers per type and per document (CompilationAnalysis, for the Roslyn analyzers) exactly what the whole
/// run answers for the same compilation: every finding once, none added, none lost. One engine, one answer.
/// </summary>
public sealed class CompilationAnalysisTests
{
    public static TheoryData<string> Scenarios => CorpusScenario.Names();

    [Theory]
    [MemberData(nameof(Scenarios))]
    public void FindingsPerTypeAndPerDocument_AreTheWholeRunsFindings(string name)
    {
        var scenario = CorpusScenario.Get(name);
        var compilation = scenario.Compile();
        var expected = MigrationEngine.Run(compilation, scenario.Options()).Findings;

        var found = new List<Finding>();
        if (CompilationAnalysis.Create(compilation) is { } analysis)
        {
            found.AddRange(SourceTypes(compilation).SelectMany(t => analysis.FindingsIn(t)));
            found.AddRange(compilation.SyntaxTrees.SelectMany(t => analysis.CodeFindingsIn(t)));
            found.AddRange(analysis.FindingsOutsideTypes());
        }

        found.AddRange(scenario.ConfigurationFiles.SelectMany(f => CompilationAnalysis.ConfigurationFindings(f.Path, f.Text)));

        Assert.Equal(expected.Length, found.Count);
        Assert.Equal(expected, FindingOrder.Sort(found));
    }

    [Theory]
    [MemberData(nameof(Scenarios))]
    public void Interfaces_AnsweredContractByContract_GetTheWholeCompilationsAnswer(string name)
    {
        var compilation = CorpusScenario.Get(name).Compile();
        var interfaces = SourceTypes(compilation).Where(t => t.TypeKind == TypeKind.Interface).ToList();
        if (CompilationAnalysis.Create(compilation) is not { } byContract || CompilationAnalysis.Create(compilation) is not { } whole)
        {
            return;
        }

        // The first analysis answers interfaces before anything needs the whole compilation; the second reads it whole first.
        var sliced = interfaces.Select(i => byContract.FindingsIn(i)).ToList();
        _ = whole.FindingsOutsideTypes();
        for (var i = 0; i < interfaces.Count; i++)
        {
            Assert.Equal(whole.FindingsIn(interfaces[i]).ToList(), sliced[i].ToList());
        }
    }

    [Fact]
    public void ACompilationWithoutWcf_IsNotAnalysed()
        => Assert.Null(CompilationAnalysis.Create(MigrateWcf.Tests.Shared.WcfTestCompilation.Create("""
            using System.Runtime.Serialization;
            [DataContract] public class OnlyData { [DataMember] public int Value { get; set; } }
            """).RemoveReferences(MigrateWcf.Tests.Shared.WcfTestCompilation.Net472References.Where(r => r.Display?.Contains("ServiceModel", StringComparison.Ordinal) == true))));

    /// <summary>Every type declared in source, nested ones included.</summary>
    private static IEnumerable<INamedTypeSymbol> SourceTypes(Compilation compilation)
        => compilation.GetSymbolsWithName(_ => true, SymbolFilter.Type).OfType<INamedTypeSymbol>();
}
