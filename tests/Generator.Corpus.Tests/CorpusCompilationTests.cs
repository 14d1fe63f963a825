using MigrateWcf.Generator.Corpus.Tests.Infrastructure;
using MigrateWcf.Tests.Shared;

namespace MigrateWcf.Generator.Corpus.Tests;

/// <summary>The corpus itself: real WCF code that compiles against .NET Framework 4.7.2, except the Broken group.</summary>
public sealed class CorpusCompilationTests
{
    public static TheoryData<string> CompilingScenarios => CorpusScenario.Names(s => !s.IsBroken);

    public static TheoryData<string> BrokenScenarios => CorpusScenario.Names(s => s.IsBroken);

    [Theory]
    [MemberData(nameof(CompilingScenarios))]
    public void Scenario_CompilesWithoutErrors(string name)
    {
        var compilation = CorpusScenario.Get(name).Compile();

        Assert.True(WcfTestCompilation.Errors(compilation).Length == 0, $"{name} does not compile:\n{WcfTestCompilation.Errors(compilation)}");
    }

    [Theory]
    [MemberData(nameof(BrokenScenarios))]
    public void BrokenScenario_HasCompileErrors(string name)
    {
        var compilation = CorpusScenario.Get(name).Compile();

        Assert.NotEmpty(WcfTestCompilation.Errors(compilation));
    }

    [Fact]
    public void Corpus_HoldsAtLeastFortyCompilingScenariosAndSomeBrokenOnes()
    {
        Assert.True(CorpusScenario.All.Count(s => !s.IsBroken) >= 40, $"only {CorpusScenario.All.Count(s => !s.IsBroken)} compiling scenarios");
        Assert.Contains(CorpusScenario.All, s => s.IsBroken);
        Assert.Contains(CorpusScenario.All, s => s.WithCoreWcf);
    }
}
