using MigrateWcf.Generator.Corpus.Tests.Infrastructure;
using MigrateWcf.Generator.Rules;

namespace MigrateWcf.Generator.Corpus.Tests;

/// <summary>
/// Specific promises about single scenarios that a baseline alone would not guard (a baseline records whatever the
/// engine did, right or wrong).
/// </summary>
public sealed class ScenarioExpectationTests
{
    [Fact]
    public void KnownTypeMethodUsingReflection_IsReported()
    {
        // Annotation's known types come from Assembly.GetTypes(): Callout can only travel if the user lists it.
        var result = EngineRun.FirstRun(CorpusScenario.Get("NetFramework/KnownTypeMethod"));

        Assert.Contains(result.Findings, f => f.RuleId == "WCFM2013" && RuleCatalog.Format(f).Contains("Annotation", StringComparison.Ordinal));
    }

    [Fact]
    public void KnownTypeMethodReturningAFixedArray_BecomesAOneof()
    {
        var result = EngineRun.FirstRun(CorpusScenario.Get("NetFramework/KnownTypeMethod"));

        var shape = ProtoSchema.Parse(result.ProtoFiles.Select(f => f.Content))["Shape"];
        Assert.Contains("circle", shape.Fields.Keys);
        Assert.Contains("polygon", shape.Fields.Keys);
    }

    [Fact]
    public void DuplicateSimpleNamesInOnePackage_AreReportedAndRenamed()
    {
        var result = EngineRun.FirstRun(CorpusScenario.Get("NetFramework/ProtoNameCollisions"));

        Assert.Equal(2, result.Findings.Count(f => f.RuleId == "WCFM2008"));
    }
}
