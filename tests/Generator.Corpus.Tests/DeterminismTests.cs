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

    [Theory]
    [MemberData(nameof(MultiFileScenarios))]
    public void SourcesInAnotherOrder_GiveEqualModelsAndFindings(string name)
    {
        // The C# emitters read the proto model's origins and conversions, and analyzers the findings' arguments and
        // other places: those must not depend on file order either, not just the text.
        var scenario = CorpusScenario.Get(name);

        var inOrder = EngineRun.Run(scenario.Compile());
        var reversed = EngineRun.Run(scenario.Compile(scenario.Sources.Reverse()));

        AssertEqualItems(inOrder.Model.Services.Select(s => (object)s).Concat(inOrder.Model.DataTypes).Concat(inOrder.Model.Implementations).Concat(inOrder.Model.CallbackImplementations).Concat(inOrder.Model.HostingUsages),
            reversed.Model.Services.Select(s => (object)s).Concat(reversed.Model.DataTypes).Concat(reversed.Model.Implementations).Concat(reversed.Model.CallbackImplementations).Concat(reversed.Model.HostingUsages), name);
        AssertEqualItems(inOrder.Proto.SelectMany(f => f.Definitions.Select(d => (object)d).Concat(f.Services)), reversed.Proto.SelectMany(f => f.Definitions.Select(d => (object)d).Concat(f.Services)), name);
        AssertEqualItems(inOrder.Findings, reversed.Findings, name);
    }

    /// <summary>Equal sequences, or the first pair that differs, readably.</summary>
    private static void AssertEqualItems<T>(IEnumerable<T> expected, IEnumerable<T> actual, string label)
    {
        var left = expected.ToList();
        var right = actual.ToList();
        for (var i = 0; i < Math.Min(left.Count, right.Count); i++)
        {
            Assert.True(Equals(left[i], right[i]), $"{label}: item {i} depends on file order\n{left[i]}\n{right[i]}");
        }

        Assert.Equal(left.Count, right.Count);
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
