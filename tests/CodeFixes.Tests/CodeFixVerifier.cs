using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp.Testing;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Testing;
using MigrateWcf.Tests.Shared;

namespace MigrateWcf.CodeFixes.Tests;

/// <summary>
/// Microsoft.CodeAnalysis.Testing for one analyzer and one fix, with only the rule under test enabled. A test gives the
/// source with markup (<c>{|#0:...|}</c>), the expected diagnostics and the fixed source; the library applies the fix
/// one diagnostic at a time and through FixAll in the document, project and solution, and compares each result.
/// </summary>
public static class CodeFixVerifier<TAnalyzer, TCodeFix>
    where TAnalyzer : DiagnosticAnalyzer, new()
    where TCodeFix : CodeFixProvider, new()
{
    public static DiagnosticResult Diagnostic(DiagnosticDescriptor descriptor) => new(descriptor);

    public static Test Create(string ruleId, string source, string fixedSource, string equivalenceKey, params DiagnosticResult[] expected)
    {
        var test = new Test
        {
            TestCode = source,
            FixedCode = fixedSource,
            CodeActionEquivalenceKey = equivalenceKey,
        };
        test.DisabledDiagnostics.AddRange(new TAnalyzer().SupportedDiagnostics.Select(d => d.Id).Distinct().Where(id => id != ruleId));
        test.ExpectedDiagnostics.AddRange(expected);
        return test;
    }

    public static Task VerifyFixAsync(string ruleId, string source, string fixedSource, string equivalenceKey, params DiagnosticResult[] expected)
        => Create(ruleId, source, fixedSource, equivalenceKey, expected).RunAsync();

    public sealed class Test : CSharpCodeFixTest<TAnalyzer, TCodeFix, DefaultVerifier>
    {
        public Test()
        {
            TestState.ReferenceAssemblies = new ReferenceAssemblies("net472");
            TestState.AdditionalReferences.AddRange(WcfTestCompilation.Net472References);
        }
    }
}
