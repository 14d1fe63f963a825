using MigrateWcf.Generator.Corpus.Tests.Infrastructure;

namespace MigrateWcf.Generator.Corpus.Tests;

/// <summary>
/// Every scenario's .proto files, findings listing and lock file against the checked-in files in its <c>expected/</c>
/// folder. Regenerate with <c>UPDATE_BASELINES=1 dotnet test tests/Generator.Corpus.Tests</c>.
/// </summary>
public sealed class BaselineTests
{
    public static TheoryData<string> Scenarios => CorpusScenario.Names();

    [Theory]
    [MemberData(nameof(Scenarios))]
    public void Scenario_MatchesBaseline(string name)
    {
        var scenario = CorpusScenario.Get(name);

        var result = EngineRun.FirstRun(scenario);

        Baseline.Verify(scenario.ExpectedDirectory, EngineRun.Files(result));
    }
}
