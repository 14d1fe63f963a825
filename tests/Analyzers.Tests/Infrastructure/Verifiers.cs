using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Testing;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Testing;
using MigrateWcf.Tests.Shared;

namespace MigrateWcf.Analyzers.Tests.Infrastructure;

/// <summary>
/// Microsoft.CodeAnalysis.Testing for one analyzer, over real compilations against the tool's .NET Framework 4.7.2
/// reference set (the assemblies legacy WCF code builds against; loaded from the build output, never downloaded).
/// Sources use markup: <c>{|#0:code|}</c> marks where diagnostic 0 is, matched with
/// <c>Diagnostic(WcfDiagnostics.X).WithLocation(0).WithArguments(...)</c>, which checks the whole message.
/// </summary>
public static class AnalyzerVerifier<TAnalyzer>
    where TAnalyzer : DiagnosticAnalyzer, new()
{
    public static DiagnosticResult Diagnostic(DiagnosticDescriptor descriptor) => new(descriptor);

    /// <summary>Runs the analyzer on <paramref name="source"/> and checks it reports exactly <paramref name="expected"/>.</summary>
    public static Task VerifyAsync(string source, params DiagnosticResult[] expected)
    {
        var test = new Test { TestCode = source };
        test.ExpectedDiagnostics.AddRange(expected);
        return test.RunAsync();
    }

    /// <summary>
    /// Runs the analyzer with only the rules <paramref name="ruleIds"/> enabled and checks it reports exactly
    /// <paramref name="expected"/>: a test about one rule is not about the others a snippet also triggers (every contract
    /// says what it becomes, every synchronous operation that it is one).
    /// </summary>
    public static Task VerifyOnlyAsync(string[] ruleIds, string source, params DiagnosticResult[] expected)
    {
        var test = new Test { TestCode = source };
        test.DisabledDiagnostics.AddRange(new TAnalyzer().SupportedDiagnostics.Select(d => d.Id).Distinct().Except(ruleIds));
        test.ExpectedDiagnostics.AddRange(expected);
        return test.RunAsync();
    }

    /// <summary>Like <see cref="VerifyAsync"/>, with <c>.config</c> files passed as additional files.</summary>
    public static Task VerifyWithConfigurationAsync(string source, (string Path, string Text) configuration, params DiagnosticResult[] expected)
    {
        var test = new Test { TestCode = source };
        test.TestState.AdditionalFiles.Add((configuration.Path, configuration.Text));
        test.ExpectedDiagnostics.AddRange(expected);
        return test.RunAsync();
    }

    public sealed class Test : CSharpAnalyzerTest<TAnalyzer, DefaultVerifier>
    {
        public Test() => WcfTestState.Configure(TestState);
    }
}

/// <summary>The one test set-up every verifier shares: references, no download.</summary>
public static class WcfTestState
{
    /// <summary>No reference package to resolve: the references are the tool's reference set, added below.</summary>
    public static readonly ReferenceAssemblies None = new("net472");

    public static void Configure(SolutionState state)
    {
        state.ReferenceAssemblies = None;
        state.AdditionalReferences.AddRange(WcfTestCompilation.Net472References);
    }
}
