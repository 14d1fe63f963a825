using MigrateWcf.Generator.Corpus.Tests.Infrastructure;

namespace MigrateWcf.Generator.Corpus.Tests;

/// <summary>The same input gives the same bytes: across runs, fresh compilations and source orders.</summary>
public sealed class DeterminismTests
{
    public static TheoryData<string> Scenarios => CorpusScenario.Names();

    public static TheoryData<string> MultiFileScenarios => CorpusScenario.Names(s => s.Sources.Count > 1);

    [Theory]
    [MemberData(nameof(Scenarios))]
    public void TwoRuns_ProduceIdenticalOutput(string name)
    {
        var scenario = CorpusScenario.Get(name);

        var first = EngineRun.Files(EngineRun.Run(scenario.Compile()));
        var second = EngineRun.Files(EngineRun.Run(scenario.Compile()));

        AssertSame(first, second, name);
    }

    [Theory]
    [MemberData(nameof(Scenarios))]
    public void RunWithItsOwnLockFile_ChangesNothing(string name)
    {
        var scenario = CorpusScenario.Get(name);

        var first = EngineRun.Run(scenario.Compile());
        var second = EngineRun.Run(scenario.Compile(), first.LockFileText);

        AssertSame(EngineRun.Files(first), EngineRun.Files(second), name);
    }

    [Theory]
    [MemberData(nameof(MultiFileScenarios))]
    public void SourcesInAnotherOrder_ProduceIdenticalOutput(string name)
    {
        var scenario = CorpusScenario.Get(name);

        var inOrder = EngineRun.Files(EngineRun.Run(scenario.Compile()));
        var reversed = EngineRun.Files(EngineRun.Run(scenario.Compile(scenario.Sources.Reverse())));
        var rotated = EngineRun.Files(EngineRun.Run(scenario.Compile(scenario.Sources.Skip(1).Append(scenario.Sources[0]))));

        AssertSame(inOrder, reversed, name + " (sources reversed)");
        AssertSame(inOrder, rotated, name + " (sources rotated)");
    }

    private static void AssertSame(IReadOnlyDictionary<string, string> expected, IReadOnlyDictionary<string, string> actual, string label)
    {
        Assert.Equal(expected.Keys, actual.Keys);
        foreach (var (path, text) in expected)
        {
            Assert.True(text == actual[path], $"{label}: {path} differs between runs\n{TextDiff.Unified(text, actual[path], path)}");
        }
    }
}
